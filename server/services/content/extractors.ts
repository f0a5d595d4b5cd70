// What the content index reads from a file, by type: text of every kind (a bounded ranged read,
// decoded as the text viewer does), PDF (pdf.js in its own thread), docx and odt (one zip entry,
// bounded). Each returns at most `maxBytes` of UTF-8; a file that cannot be read is not indexed
// with the reason, never an error that stops the queue.
import type { FileRow } from '../../db/schema.ts'
import type { IndexResult } from '../../repositories/content-index.ts'
import type { Vault } from '../../storage/vault.ts'
import { isIndexedDocument, isPdfType } from '../../util/mime.ts'
import { MAX_PDF_BYTES, readPdf } from '../media/renderers/pdf.ts'
import { decodeText, readAtMost, utf8Prefix } from '../media/text-preview.ts'
import { officeText } from './office-text.ts'
import { pdfText } from './pdf-text.ts'

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const ODT = 'application/vnd.oasis.opendocument.text'
/** Office documents are read whole (the zip directory is at the end): larger ones are not indexed. */
const MAX_OFFICE_BYTES = 50 * 1024 * 1024
/** The document XML unpacks to at most this much: markup around 1 MiB of text, and a bomb's cap. */
const MAX_XML_BYTES = 32 * 1024 * 1024

export interface ExtractOptions {
  maxBytes: number
  timeoutMs: number
}

/** Cut to at most maxBytes of UTF-8, on a character boundary. */
const bounded = (text: string, maxBytes: number) =>
  text.length * 3 <= maxBytes ? text : utf8Prefix(Buffer.from(text, 'utf8'), maxBytes).toString('utf8')

const found = (text: string): IndexResult =>
  /[\p{L}\p{N}]/u.test(text) ? { state: 'indexed', text } : { state: 'skipped', reason: 'no words' }

async function readWhole(vault: Vault, file: FileRow, max: number, what: string): Promise<Buffer> {
  if (file.size > max) throw new Error(`${what} larger than ${max / 1024 / 1024} MB`)
  return readAtMost(await vault.open(file), max)
}

export async function extract(vault: Vault, file: FileRow, opts: ExtractOptions): Promise<IndexResult> {
  const { maxBytes, timeoutMs } = opts
  if (!isIndexedDocument(file.mime)) return { state: 'skipped', reason: `not a document (${file.mime})` }
  if (file.size === 0) return { state: 'skipped', reason: 'empty' }
  try {
    if (isPdfType(file.mime)) {
      if (file.size > MAX_PDF_BYTES) return { state: 'not_indexed', reason: 'PDF larger than 200 MB' }
      const text = await pdfText(await readPdf(await vault.open(file)), maxBytes, timeoutMs)
      return found(bounded(text, maxBytes))
    }
    if (file.mime === DOCX || file.mime === ODT) {
      const zip = await readWhole(vault, file, MAX_OFFICE_BYTES, 'document')
      return found(bounded(officeText(zip, file.mime === DOCX ? 'docx' : 'odt', MAX_XML_BYTES), maxBytes))
    }
    // Text: only the first maxBytes are read, whatever the file's size (a 1 GB log reads 1 MiB).
    const want = Math.min(file.size, maxBytes)
    const raw = await readAtMost(await vault.open(file, { start: 0, end: want - 1 }), want)
    if (raw.includes(0) && !(raw[0] === 0xff || raw[0] === 0xfe)) return { state: 'skipped', reason: 'binary' }
    return found(bounded(decodeText(raw, file.size > raw.length).text, maxBytes))
  } catch (err) {
    return { state: 'not_indexed', reason: String((err as Error)?.message ?? err).slice(0, 200) }
  }
}
