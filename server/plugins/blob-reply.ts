// Sends stored bytes: single ranges (206/416), and headers that keep uploaded content from
// ever running in our origin (attachment, nosniff, a sandboxing CSP).
import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { BlobDownload, BlobReplyOptions } from '../services/drive/downloads.ts'
import type { ByteRange } from '../storage/blob-store.ts'
import { contentDisposition, parseRange } from './download-headers.ts'
import type { HeaderList } from './security-headers.ts'

/** CSP for anything a user uploaded: no scripts, no plugins, a unique origin if rendered. */
export const UPLOAD_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'; sandbox"

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
 * Sends a stored blob (or the one range its request's Range header asks for, unless it goes whole). A HEAD gets the same headers and no bytes read:
 * Fastify answers HEAD with the GET handler and drains whatever body it returns, which for a
 * blob stream would read the whole file only to drop it.
 */
export async function sendBlob(req: FastifyRequest, reply: FastifyReply, blob: BlobDownload) {
  const range = prepareBlobReply(reply, blob.options, blob.options.wholeOnly ? undefined : req.headers.range)
  return reply.send(req.method === 'HEAD' ? Readable.from([]) : await blob.open(range))
}

/** Headers for a stored blob; returns the range to read (undefined = everything). */
function prepareBlobReply(
  reply: FastifyReply,
  opts: BlobReplyOptions,
  rangeHeader: string | undefined,
): ByteRange | undefined {
  const range = parseRange(rangeHeader, opts.size)
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
