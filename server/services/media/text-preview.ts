// The text viewer's view of a file (DESIGN.md §8 "Previews"): its first bytes, at most
// `maxBytes` read and at most `maxBytes` sent, decoded and re-encoded as UTF-8 ending on a whole
// character. What is read is bounded whatever the file's size: one ranged read through the vault
// (encrypted files decrypt only the chunks it covers), and the stream is cut should a store send more.
import type { Readable } from 'node:stream'
import type { FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { TextPreviewHeaders } from '../../schemas/files.ts'
import type { Vault } from '../../storage/vault.ts'
import { isTextType } from '../../util/mime.ts'
import { blobEtag } from '../drive/downloads.ts'

/** How the file's bytes were read: a BOM says UTF-8 or UTF-16; else UTF-8 when valid, else windows-1252. */
export type TextEncodingName = TextPreviewHeaders['x-text-encoding']

export interface TextPreview {
  /** UTF-8 without a BOM, at most maxBytes, never ending inside a character. */
  body: Buffer
  /** The file holds more than `body` shows. */
  truncated: boolean
  encoding: TextEncodingName
}

/** What the route needs before reading: the validator (for a 304) and the read itself. */
export interface TextPreviewSource {
  etag: string
  read(): Promise<TextPreview>
}

/** Reads at most `limit` bytes of `stream`, then lets go of it. */
export async function readAtMost(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer
      const room = limit - length
      chunks.push(buf.length > room ? buf.subarray(0, room) : buf)
      length += Math.min(buf.length, room)
      if (length >= limit) break
    }
  } finally {
    stream.destroy()
  }
  return Buffer.concat(chunks, length)
}

/**
 * Decodes `raw`, the start of a file (`partial`: the file goes on). A cut file's last character
 * may be incomplete: decoding in stream mode holds such a tail back instead of making it U+FFFD.
 */
export function decodeText(raw: Buffer, partial: boolean): { text: string; encoding: TextEncodingName } {
  const opts = { stream: partial }
  if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf)
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(raw.subarray(3), opts), encoding: 'utf-8' }
  if (raw[0] === 0xff && raw[1] === 0xfe)
    return {
      text: new TextDecoder('utf-16le', { ignoreBOM: true }).decode(raw.subarray(2), opts),
      encoding: 'utf-16le',
    }
  if (raw[0] === 0xfe && raw[1] === 0xff)
    return {
      text: new TextDecoder('utf-16be', { ignoreBOM: true }).decode(raw.subarray(2), opts),
      encoding: 'utf-16be',
    }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw, opts), encoding: 'utf-8' }
  } catch {
    return { text: windows1252(raw), encoding: 'windows-1252' }
  }
}

// windows-1252's 0x80–0x9F (WHATWG's table; the five holes stay C1 controls, as browsers do).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

/**
 * Not UTF-8: the single-byte encoding browsers read "latin1" as, every byte a character. By hand,
 * because Node 20's TextDecoder('windows-1252') decodes ISO-8859-1 (0x80 comes out as U+0080, not €).
 */
function windows1252(raw: Buffer): string {
  const latin1 = raw.toString('latin1')
  return /[\u0080-\u009f]/.test(latin1)
    ? latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!)
    : latin1
}

/** The longest prefix of UTF-8 `buf` of at most `max` bytes that ends on a character boundary. */
export function utf8Prefix(buf: Buffer, max: number): Buffer {
  if (buf.length <= max) return buf
  let end = max
  // A continuation byte (10xxxxxx) at the cut belongs to a character that started before it.
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--
  return buf.subarray(0, end)
}

export function createTextPreviews(deps: { repo: Pick<DriveRepository, 'files'>; vault: Vault; maxBytes: number }) {
  const { repo, vault, maxBytes } = deps

  async function read(file: FileRow): Promise<TextPreview> {
    const want = Math.min(file.size, maxBytes)
    const raw =
      want === 0 ? Buffer.alloc(0) : await readAtMost(await vault.open(file, { start: 0, end: want - 1 }), want)
    const partial = file.size > raw.length
    const { text, encoding } = decodeText(raw, partial)
    // Latin-1 and UTF-16 may grow as UTF-8: what is sent stays within the bound too.
    const utf8 = Buffer.from(text, 'utf8')
    const body = utf8Prefix(utf8, maxBytes)
    return { body, truncated: partial || body.length < utf8.length, encoding }
  }

  return {
    /** The owner's file as text; a file of another kind is refused (415), not shown as bytes. */
    async open(owner: string, id: string): Promise<TextPreviewSource> {
      const file = await repo.files.file(owner, id)
      if (!file) throw errors.notFound('File')
      if (!isTextType(file.mime)) throw errors.notText()
      // The limit is part of what is sent: another limit is another preview of the same bytes.
      return { etag: `t${maxBytes.toString(36)}-${blobEtag(file)}`, read: () => read(file) }
    },
  }
}

export type TextPreviews = ReturnType<typeof createTextPreviews>
