// PDFs made in the test: real documents with pdf-lib, and hand-built ones pdf-lib cannot write
// (100,000 pages in a moment, an encrypted one, hostile pages).
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'

/** A document of `pages` pages (points), page 1 filled with `fill`; each page says "Page N" and its words. */
export async function makePdf(
  opts: {
    pages?: number
    size?: [number, number]
    fill?: { r: number; g: number; b: number }
    words?: Record<number, string>
  } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const [w, h] = opts.size ?? [300, 400]
  for (let n = 1; n <= (opts.pages ?? 1); n++) {
    const page = doc.addPage([w, h])
    if (n === 1 && opts.fill) {
      const { r, g, b } = opts.fill
      page.drawRectangle({ x: 0, y: 0, width: w, height: h, color: rgb(r / 255, g / 255, b / 255) })
    }
    page.drawText(`Page ${n}`, { x: 20, y: h - 40, size: 18, font })
    const words = opts.words?.[n]
    if (words) page.drawText(words, { x: 20, y: h - 80, size: 14, font })
  }
  return Buffer.from(await doc.save())
}

/** A PDF from object bodies (object k + 1 is `objects[k]`), with a correct xref table. */
export function rawPdf(objects: string[], trailer = ''): Buffer {
  const parts: string[] = ['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n']
  let at = parts[0]!.length
  const offsets: number[] = []
  objects.forEach((body, k) => {
    const obj = `${k + 1} 0 obj\n${body}\nendobj\n`
    offsets.push(at)
    parts.push(obj)
    at += obj.length
  })
  // Each entry is exactly 20 bytes, its line ending included.
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  parts.push(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${at}\n%%EOF\n`)
  return Buffer.from(parts.join(''), 'latin1')
}

const stream = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`

/** `count` pages in one flat page tree: a few MB written in milliseconds. */
export function manyPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, k) => `${k + 4} 0 R`).join(' ')
  const pages = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${count} /Kids [${kids}] >>`,
    stream('0 0 1 rg 0 0 200 100 re f'),
    ...pages.map((p, k) => (k === 0 ? p.replace('>>', '/Contents 3 0 R >>') : p)),
  ])
}

/** One page whose content stream is `content`, on a MediaBox of `box`. */
export function onePagePdf(content: string, box = '0 0 200 200'): Buffer {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [${box}] /Contents 4 0 R >>`,
    stream(content),
  ])
}

/** Locked with a user password (standard security handler, RC4 40-bit): opens with none. */
export function encryptedPdf(): Buffer {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`
  return rawPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      `<< /Filter /Standard /V 1 /R 2 /O ${hex32('ab')} /U ${hex32('cd')} /P -4 >>`,
    ],
    `/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] `,
  )
}
