// WebDAV's request headers, read into the plain values services/dav/ takes: Depth, Destination,
// Overwrite, If, If-Match / If-None-Match, Lock-Token, Timeout, and the length of a PUT.
import { errors } from '../../errors.ts'
import type { Conditions } from '../../services/dav/conditions.ts'
import { DEFAULT_LOCK_SECONDS, type IfCondition, type IfList, MAX_LOCK_SECONDS } from '../../services/dav/locks.ts'
import { splitDavPath } from '../../services/dav/paths.ts'

/** A request's headers by lower-case name. */
export type DavHeaders = Record<string, string | undefined>

/** Depth, lower-cased; none means infinity (RFC 4918 §10.2). */
export const depthOf = (h: DavHeaders) => (h.depth ?? 'infinity').toLowerCase()

/** Overwrite: anything but F lets a COPY or MOVE replace what is there. */
export const overwriteOf = (h: DavHeaders) => h.overwrite?.toUpperCase() !== 'F'

/** The Destination header as segments below /dav/ (400 without one; 502 when it names a place outside this share). */
export function destinationOf(h: DavHeaders): string[] {
  const raw = h.destination
  if (!raw) throw errors.badRequest('COPY and MOVE need a Destination header')
  let pathname: string
  try {
    pathname = new URL(raw, 'http://x').pathname
  } catch {
    throw errors.badRequest('The Destination header is not a URL')
  }
  if (pathname !== '/dav' && !pathname.startsWith('/dav/')) throw errors.davForeignDestination()
  return splitDavPath(pathname)
}

/** Lock-Token: `<token>` (400 otherwise). */
export function lockTokenOf(h: DavHeaders): string {
  const token = /^\s*<([^>]+)>\s*$/.exec(h['lock-token'] ?? '')?.[1]
  if (!token) throw errors.badRequest('UNLOCK needs a Lock-Token header: <token>')
  return token
}

/** A PUT's declared length (Content-Length, or X-Expected-Entity-Length of chunked clients), if any. */
export function putLengthOf(h: DavHeaders): number | undefined {
  const declared = h['content-length'] ?? h['x-expected-entity-length']
  return declared !== undefined && /^\d{1,16}$/.test(declared) ? Number(declared) : undefined
}

/** A URL of an If header's resource tag as a lock path (undefined: not under /dav/). */
function tagPath(url: string): string | undefined {
  let pathname: string
  try {
    pathname = new URL(url, 'http://x').pathname
  } catch {
    return undefined
  }
  try {
    return splitDavPath(pathname).join('/')
  } catch {
    return undefined
  }
}

const etagList = (h: string | undefined) =>
  h === undefined ? undefined : h.split(',').map((t) => t.trim().replace(/^W\//, ''))

/** The conditional headers: If (its parse error kept for where it is evaluated), If-Match, If-None-Match. */
export function conditionsOf(h: DavHeaders): Conditions {
  let ifLists: IfList[] | Error | undefined
  if (h.if !== undefined) {
    try {
      ifLists = parseIf(h.if, tagPath)
    } catch (err) {
      ifLists = err as Error
    }
  }
  return { if: ifLists, ifMatch: etagList(h['if-match']), ifNoneMatch: etagList(h['if-none-match']) }
}

/** Timeout: "Second-n" or "Infinite", the first we can take, within MAX_LOCK_SECONDS. */
export function lockTimeout(header: string | undefined): number {
  for (const part of (header ?? '').split(',')) {
    const t = part.trim()
    if (/^infinite$/i.test(t)) return MAX_LOCK_SECONDS
    const m = /^second-(\d{1,12})$/i.exec(t)
    if (m) return Math.max(1, Math.min(MAX_LOCK_SECONDS, Number(m[1])))
  }
  return DEFAULT_LOCK_SECONDS
}

/**
 * Parses an If header: `[<resource>] (cond cond…) (…) …`, a condition being `[Not] <token>` or
 * `[Not] [etag]`. `pathOf` turns a tagged URL into a lock path (undefined: not ours, a 412).
 */
export function parseIf(header: string, pathOf: (url: string) => string | undefined): IfList[] {
  const lists: IfList[] = []
  let tag: string | undefined
  let tagged = false
  let i = 0
  const fail = () => errors.badRequest('The If header is malformed')
  const until = (end: string) => {
    const close = header.indexOf(end, i + 1)
    if (close < 0) throw fail()
    const value = header.slice(i + 1, close)
    i = close + 1
    return value
  }
  while (i < header.length) {
    const c = header[i]!
    if (/\s/.test(c)) i++
    else if (c === '<') {
      const url = until('>')
      const path = pathOf(url)
      if (path === undefined) throw errors.davIfForeign()
      tag = path
      tagged = true
    } else if (c === '(') {
      i++
      const conditions: IfCondition[] = []
      for (;;) {
        while (i < header.length && /\s/.test(header[i]!)) i++
        if (i >= header.length) throw fail()
        let not = false
        if (header.slice(i, i + 3).toLowerCase() === 'not') {
          not = true
          i += 3
          while (i < header.length && /\s/.test(header[i]!)) i++
        }
        const d = header[i]
        if (d === ')' && !not) {
          i++
          break
        }
        if (d === '<') conditions.push({ not, token: until('>') })
        else if (d === '[') conditions.push({ not, etag: until(']') })
        else throw fail()
      }
      if (conditions.length === 0) throw fail()
      lists.push({ ...(tagged ? { path: tag } : {}), conditions })
    } else throw fail()
  }
  if (lists.length === 0) throw fail()
  return lists
}
