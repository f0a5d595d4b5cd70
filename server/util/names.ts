import { errors } from '../errors.ts'

/** Names of files and folders: trimmed, 1–255 characters, no "/" and no control NUL. */
export function checkName(raw: string, what = 'Name'): string {
  const name = raw.trim()
  if (name.length === 0) throw errors.badRequest(`${what} must not be empty`)
  if (name.length > 255) throw errors.badRequest(`${what} must be at most 255 characters`)
  if (name.includes('/')) throw errors.badRequest(`${what} must not contain "/"`)
  if (name.includes('\0')) throw errors.badRequest(`${what} must not contain NUL characters`)
  if (name === '.' || name === '..') throw errors.badRequest(`${what} must not be "." or ".."`)
  return name
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

/** The key the type sort orders by: the name key's text after its last dot, '' without one (migration 029 backfills it alike). */
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
  const segments = path.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.')
  if (segments.some((s) => s === '..')) throw errors.badRequest('Paths must not contain ".."')
  if (segments.length === 0) throw errors.badRequest('Empty path')
  return segments.map((s) => checkName(s, 'Path segment'))
}
