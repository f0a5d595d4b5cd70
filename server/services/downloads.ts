// Sending stored bytes: single ranges (206/416), and headers that keep uploaded content from
// ever running in our origin (attachment, nosniff, a sandboxing CSP).
import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errors } from '../errors.ts'
import type { HeaderList } from '../plugins/security-headers.ts'
import type { ByteRange } from '../storage/blob-store.ts'
import { sha256 } from '../util/crypto.ts'

/** CSP for anything a user uploaded: no scripts, no plugins, a unique origin if rendered. */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'; sandbox"

/**
 * Uploaded bytes may be rendered as a document (an image or a video opened in a tab): on top of
 * the API set every reply has (DENY, no referrer, same-origin resources), the sandboxing CSP,
 * nosniff, a window of its own, and no cross-domain policy files or open-in-place downloads.
 */
const UPLOADED_CONTENT_HEADERS: HeaderList = [
  ['content-security-policy', UPLOAD_CSP],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-download-options', 'noopen'],
]

/** Marks a reply as carrying uploaded content (downloads, streams, thumbnails, zips). */
export function uploadedContentHeaders(reply: FastifyReply): void {
  for (const [name, value] of UPLOADED_CONTENT_HEADERS) reply.header(name, value)
}

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
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export interface BlobReplyOptions {
  size: number
  rangeHeader?: string
  contentType: string
  disposition: 'attachment' | 'inline'
  filename: string
  etag?: string
  /** Default `private, no-cache`; public links send `no-store`. */
  cacheControl?: string
}

/**
 * The validator of a stored blob: a digest of its random storage key, which changes whenever the
 * bytes do. Not the content's sha256: anyone holding a link (even a HEAD on a one-time link)
 * could otherwise test the file against hashes of known files without downloading it.
 */
export const blobEtag = (file: { blob_key: string }) => sha256(`etag:${file.blob_key}`).slice(0, 32)

/**
 * Sends a stored blob (or one range of it). A HEAD gets the same headers and no bytes read:
 * Fastify answers HEAD with the GET handler and drains whatever body it returns, which for a
 * blob stream would read the whole file only to drop it.
 */
export async function sendBlob(req: FastifyRequest, reply: FastifyReply, opts: BlobReplyOptions, open: (range: ByteRange | undefined) => Promise<Readable>) {
  const range = prepareBlobReply(reply, opts)
  return reply.send(req.method === 'HEAD' ? Readable.from([]) : await open(range))
}

/** Headers for a stored blob; returns the range to read (undefined = everything). */
function prepareBlobReply(reply: FastifyReply, opts: BlobReplyOptions): ByteRange | undefined {
  const range = parseRange(opts.rangeHeader, opts.size)
  reply.header('accept-ranges', 'bytes')
  reply.header('content-type', opts.contentType)
  reply.header('content-disposition', contentDisposition(opts.disposition, opts.filename))
  uploadedContentHeaders(reply)
  reply.header('cache-control', opts.cacheControl ?? 'private, no-cache')
  if (opts.etag) reply.header('etag', `"${opts.etag}"`)
  if (range) {
    reply.code(206)
    reply.header('content-range', `bytes ${range.start}-${range.end}/${opts.size}`)
    reply.header('content-length', range.end - range.start + 1)
  } else {
    reply.header('content-length', opts.size)
  }
  return range
}
