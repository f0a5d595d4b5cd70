import { errors } from '../errors.ts'

/**
 * Control characters: C0 (NUL, tab, CR, LF…), DEL and C1, and the line and paragraph
 * separators. A name carrying one can break a line wherever it is shown (a mail, a log, a
 * Content-Disposition header, a terminal), so it is refused, before trimming would hide it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
/**
 * Bidi embeddings, overrides and isolates: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
 * Refused rather than neutralised: right-to-left names never need them (the bidi algorithm
 * orders Arabic and Hebrew itself), and neutralising would be needed in every place a name is
 * shown (the app, mails, zips, WebDAV clients), while refusing is one rule here. The weak marks
 * (LRM, RLM, ALM) cannot reorder a name and stay allowed.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/

const UNSHOWABLE = new RegExp(`${CONTROL.source}|${BIDI_CONTROL.source}`, 'g')
/**
 * A name as it may be written into plain text (a mail's text part): control and bidi-override
 * characters removed. New names cannot hold them (checkName), but names stored before may.
 */
export const printableName = (name: string) => name.replace(UNSHOWABLE, '')

/** Names of files and folders: trimmed, 1–255 characters, no "/", no control or bidi-override characters. */
export function checkName(raw: string, what = 'Name'): string {
  if (raw.includes('\0')) throw errors.badRequest(`${what} must not contain NUL characters`)
  if (CONTROL.test(raw))
    throw errors.badRequest(`${what} must not contain control characters such as line breaks or tabs`)
  if (BIDI_CONTROL.test(raw))
    throw errors.badRequest(`${what} must not contain characters that reverse the text direction`)
  const name = raw.trim()
  if (name.length === 0) throw errors.badRequest(`${what} must not be empty`)
  if (name.length > 255) throw errors.badRequest(`${what} must be at most 255 characters`)
  if (name.includes('/')) throw errors.badRequest(`${what} must not contain "/"`)
  if (name === '.' || name === '..') throw errors.badRequest(`${what} must not be "." or ".."`)
  return name
}

/** The longest display name or group name, in characters (code points). */
export const PERSON_NAME_MAX = 64

/**
 * Names of people and groups (display names, group names; DESIGN.md §8 "Names"): trimmed, 1–64
 * characters, no control characters (line breaks, tabs) and no bidi overrides or isolates. They
 * are shown to other people (share dialogs, mails, the admin's lists), so the same refusals as
 * item names apply; "/" and dots are fine here.
 */
export function checkPersonName(raw: string, what = 'Display name'): string {
  if (CONTROL.test(raw))
    throw errors.badRequest(`${what} must not contain control characters such as line breaks or tabs`)
  if (BIDI_CONTROL.test(raw))
    throw errors.badRequest(`${what} must not contain characters that reverse the text direction`)
  const name = raw.trim()
  if (name.length === 0) throw errors.badRequest(`${what} must not be empty`)
  if ([...name].length > PERSON_NAME_MAX)
    throw errors.badRequest(`${what} must be at most ${PERSON_NAME_MAX} characters`)
  return name
}

/** Whether `raw` passes checkPersonName (a single sign-on's `name` claim is used only when it does). */
export function isPersonName(raw: unknown): raw is string {
  if (typeof raw !== 'string') return false
  try {
    checkPersonName(raw)
    return true
  } catch {
    return false
  }
}

/** Refuses a folder that would sit more than `max` levels below Home (Home's children are level 1). */
export function checkDepth(depth: number, max: number): void {
  if (depth > max) throw errors.badRequest(`Folders can be nested at most ${max} levels deep`)
}

/** Refuses a relative path (folder uploads, WebDAV) longer than `max` characters. */
export function checkPathLength(path: string, max: number): void {
  if (path.length > max) throw errors.badRequest(`Paths must be at most ${max} characters long`)
}

/** The key names sort and search on: case-insensitive, the same in SQLite and PostgreSQL. */
export const nameKey = (name: string) => name.toLowerCase()

/** The key the type sort orders by: the name key's text after its last dot, '' without one (migration 025 backfills it alike). */
export const typeKey = (name: string) => {
  const key = nameKey(name)
  const dot = key.lastIndexOf('.')
  return dot < 0 ? '' : key.slice(dot + 1)
}

/**
 * Splits a folder upload's relative path into safe segments. Empty and "." segments are
 * dropped; ".." is refused, so nothing can climb out of the uploaded tree.
 */
export function splitRelativePath(path: string): string[] {
  const segments = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
  if (segments.some((s) => s === '..')) throw errors.badRequest('Paths must not contain ".."')
  if (segments.length === 0) throw errors.badRequest('Empty path')
  return segments.map((s) => checkName(s, 'Path segment'))
}

/** `report.pdf` + ` (1)` → `report (1).pdf`; a name without an extension (or a dot file) gets it at the end. */
export function nameWithSuffix(name: string, suffix: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)}${suffix}${name.slice(dot)}` : `${name}${suffix}`
}
