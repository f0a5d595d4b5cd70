// The HTTP side of a download: the one Range it serves (206/416) and its Content-Disposition.
// plugins/blob-reply.ts sends blobs with them; the zips of folder-service and share-service name
// their files with contentDisposition.
import { errors } from '../errors.ts'
import type { ByteRange } from '../storage/blob-store.ts'

/**
 * Parses one `bytes=` range. Returns undefined to send the whole body (no header, a syntax we
 * do not serve such as several ranges), or throws 416 when the range lies outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  let start: number
  let end: number
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) throw errors.rangeNotSatisfiable(size)
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
    if (m[2] !== '' && Number(m[2]) < start) return undefined
  }
  if (start >= size || size === 0) throw errors.rangeNotSatisfiable(size)
  return { start, end }
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
