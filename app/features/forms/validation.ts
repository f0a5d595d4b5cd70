// SPEC §5 validation rules. Each check returns the one message to show (the first rule that
// fails, in the spec's order) or '' when the input passes. Empty fields give no message: an empty
// required field already disables the submit button.
import { copy } from '../../copy.ts'

/** SPEC §9 length limits. */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 256
export const EMAIL_MIN = 3
export const EMAIL_MAX = 320

// Same pattern as the server's check, so a client-valid address is never a server 400.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const v = copy.validation

/** The new-password rules shared by create account, the reset page and change password. */
export function passwordMessage(password: string, verify: string): string {
  if (password.length > 0 && password.length < PASSWORD_MIN) return v.passwordShort
  if (password.length > PASSWORD_MAX) return v.passwordLong
  if (password.length > 0 && verify.length > 0 && password !== verify) return v.passwordsDiffer
  return ''
}

export function emailMessage(email: string): string {
  if (email.length === 0) return ''
  if (email.length < EMAIL_MIN) return v.emailShort
  if (email.length > EMAIL_MAX) return v.emailLong
  if (!EMAIL_RE.test(email)) return v.emailInvalid
  return ''
}

/** Create-account mode: password rules first, then email rules (SPEC §5 order). */
export const createAccountMessage = (email: string, password: string, verify: string) =>
  passwordMessage(password, verify) || emailMessage(email)

/** The server's longest file or folder name (server/util/names.ts `checkName`). */
export const NAME_MAX = 255

const p = copy.prompts

/**
 * A file or folder name as the server will judge it (server/util/names.ts `checkName`, same order
 * and words, with "Name" as the subject), so the prompt refuses what the server would: trimmed,
 * 1–255 characters, no "/", no NUL, not "." or "..". Returns the message, or undefined when valid.
 */
export function nameMessage(raw: string): string | undefined {
  const name = raw.trim()
  if (name.length === 0) return p.required
  if (name.length > NAME_MAX) return p.nameTooLong
  if (name.includes('/')) return p.nameSlash
  if (name.includes('\0')) return p.nameNul
  if (name === '.' || name === '..') return p.nameDots
  return undefined
}

/** The server's longest display name or group name, in characters (server/util/names.ts). */
export const PERSON_NAME_MAX = 64

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const NAME_BIDI = /[\u202a-\u202e\u2066-\u2069]/

/**
 * A display name or group name as the server judges it (server/util/names.ts `checkPersonName`,
 * same order and words): no control or bidi-override characters, trimmed 1–64 characters.
 * `what` names the field ("Display name", "Group name"). '' when valid.
 */
export function personNameMessage(raw: string, what: string): string {
  const v = copy.validation
  if (NAME_CONTROL.test(raw)) return v.nameControl(what)
  if (NAME_BIDI.test(raw)) return v.nameBidi(what)
  const name = raw.trim()
  if (name === '') return v.nameEmpty(what)
  if ([...name].length > PERSON_NAME_MAX) return v.nameLong(what)
  return ''
}
