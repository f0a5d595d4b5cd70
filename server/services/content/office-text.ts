// The text of a docx (word/document.xml) or an odt (content.xml): a bounded read of one zip
// entry with node:zlib, no unzip library. Nothing in the archive is trusted: the entry's sizes
// are read from the central directory but the inflate stops at `maxXmlBytes` whatever they
// claim, so a zip bomb renamed .docx costs that much memory and then fails (not indexed).
import { inflateRawSync } from 'node:zlib'

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

export class OfficeError extends Error {}

/** The bytes of entry `name`, inflated to at most `maxBytes`. */
export function zipEntry(zip: Buffer, name: string, maxBytes: number): Buffer {
  // The end record sits in the last 22 bytes plus a comment of up to 64 KB.
  let eocd = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i
      break
    }
  if (eocd < 0) throw new OfficeError('not a zip archive')
  const entries = zip.readUInt16LE(eocd + 10)
  let at = zip.readUInt32LE(eocd + 16)
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new OfficeError('a broken zip directory')
    const method = zip.readUInt16LE(at + 10)
    const compressed = zip.readUInt32LE(at + 20)
    const nameLen = zip.readUInt16LE(at + 28)
    const skip = nameLen + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    if (zip.toString('utf8', at + 46, at + 46 + nameLen) === name) {
      if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw new OfficeError('a broken zip entry')
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
      if (compressed === 0xffffffff || start + compressed > zip.length)
        throw new OfficeError('a zip entry past the file')
      const data = zip.subarray(start, start + compressed)
      if (method === 0) {
        if (data.length > maxBytes) throw new OfficeError('a document larger than the limit')
        return data
      }
      if (method !== 8) throw new OfficeError(`zip method ${method}`)
      try {
        return inflateRawSync(data, { maxOutputLength: maxBytes })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
          throw new OfficeError(`the document unpacks past ${maxBytes} bytes`)
        throw new OfficeError('a corrupt zip entry')
      }
    }
    at += 46 + skip
  }
  throw new OfficeError(`no ${name} in the archive`)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The words of a WordprocessingML or ODF body: paragraphs and breaks become line ends, tags go. */
export function xmlText(xml: string): string {
  return xml
    .replace(/<\/(w:p|text:p|text:h)>|<(w:br|w:tab|text:line-break|text:tab|text:s)\b[^>]*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => {
      if (e[0] !== '#') return ENTITIES[e] ?? whole
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    })
}

export function officeText(zip: Buffer, kind: 'docx' | 'odt', maxXmlBytes: number): string {
  const xml = zipEntry(zip, kind === 'docx' ? 'word/document.xml' : 'content.xml', maxXmlBytes)
  return xmlText(xml.toString('utf8'))
}
