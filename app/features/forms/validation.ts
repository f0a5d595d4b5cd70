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
