import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderPageOne } from '../../../server/services/media/renderers/pdf.ts'
import { parseMediaInfo } from '../../../server/services/media/media-info.ts'
import { uploadAndSettle } from '../helpers/media.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { encryptedPdf, makePdf, manyPagesPdf, onePagePdf } from '../helpers/pdf.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('pdf'))
})
afterAll(() => server.close())

const uploadAndWait = (name: string, data: Buffer) => uploadAndSettle(server, alice, name, data)

/** The row as the queue left it: its state and what it learned. */
async function row(id: string) {
  const file = await server.app.cumulus.db
    .selectFrom('files')
    .select(['thumb_state', 'width', 'height', 'media_info'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { ...file, info: parseMediaInfo(file.media_info) }
}

describe('PDF thumbnails', () => {
  it('given a 3-page PDF with a red page 1, then a red WebP thumbnail of page 1, its size and the page count', async () => {
    const pdf = await makePdf({ pages: 3, size: [300, 400], fill: { r: 220, g: 20, b: 20 } })
    const file = await uploadAndWait('report.pdf', pdf)
    expect(file.metadata.preview).toBe('pdf')
    expect(file.metadata.hasThumbnail).toBe(true)
    // 300 × 400 points at 96/72 CSS pixels a point.
    expect(file.metadata).toMatchObject({ width: 400, height: 533 })
    const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const image = sharp(thumb.body)
    const meta = await image.metadata()
    expect(meta.format).toBe('webp')
    expect([meta.width, meta.height]).toEqual([192, 256])
    // A corner of the page, away from its text: the red that was drawn.
    const { data } = await image
      .extract({ left: 150, top: 200, width: 20, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const [r, g, b] = [data[0]!, data[1]!, data[2]!]
    expect(r).toBeGreaterThan(180)
    expect(g).toBeLessThan(70)
    expect(b).toBeLessThan(70)
    expect((await row(file._id)).info).toEqual({ pages: 3 })
  })

  it('given a PDF of 100,000 pages, then a thumbnail of page 1 and the count, and the server keeps serving', async () => {
    const file = await uploadAndWait('huge.pdf', manyPagesPdf(100_000))
    expect(file.metadata.hasThumbnail).toBe(true)
    expect((await row(file._id)).info).toEqual({ pages: 100_000 })
    const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
    // Page 1 is 200 × 100 points, painted blue.
    const { data, info } = await sharp(thumb.body).raw().toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([256, 128])
    expect(data[2]).toBeGreaterThan(200)
    expect(data[0]).toBeLessThan(60)
  })

  it.each([
    ['locked.pdf', 'a password-protected PDF', () => encryptedPdf()],
    ['cut.pdf', 'a PDF cut short', async () => (await makePdf({ pages: 3 })).subarray(0, 600)],
    ['not.pdf', 'bytes that are no PDF at all', () => Buffer.from('%PDF-1.7 and then nothing of the sort')],
  ])('given %s (%s), then the upload stands without a thumbnail', async (name, _what, make) => {
    const bytes = await make()
    const file = await uploadAndWait(name, bytes)
    expect(file.length).toBe(bytes.length)
    expect(file.metadata.hasThumbnail).toBe(false)
    expect((await row(file._id)).thumb_state).toBe('failed')
    expect((await alice.bytes(`/file-service/download/${file._id}`)).body.equals(bytes)).toBe(true)
  })

  it('given bombs (a page a billion points wide, content nested 300,000 deep), then each ends failed or with a bounded thumbnail, memory stays bounded', async () => {
    const before = process.memoryUsage().rss
    const bombs = [
      onePagePdf('0 1 0 rg 0 0 1e9 1e9 re f', '0 0 1000000000 1000000000'),
      onePagePdf('['.repeat(300_000)),
      onePagePdf('<<'.repeat(300_000)),
    ]
    for (const [k, bomb] of bombs.entries()) {
      const file = await uploadAndWait(`bomb-${k}.pdf`, bomb)
      const settled = await row(file._id)
      expect(['done', 'failed']).toContain(settled.thumb_state)
      if (file.metadata.hasThumbnail) {
        const meta = await sharp(
          (await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)).body,
        ).metadata()
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256)
      }
      // A page past any paper size records no dimensions.
      if (k === 0) expect(settled.width).toBeNull()
    }
    expect((await alice.get('/healthz')).status).toBe(200)
    // Each worker's heap is capped at 256 MB and is gone with its thread.
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024)
  })

  it('given a PDF whose page 1 never finishes drawing, then the thread is given up at the limit and the event loop ran meanwhile', async () => {
    const spin = onePagePdf(`${'q '.repeat(500_000)}0 0 1 rg 0 0 100 100 re f`)
    let ticks = 0
    const tick = setInterval(() => ticks++, 50)
    try {
      await expect(renderPageOne(spin, 40_000_000, 1_500)).rejects.toThrow(/did not draw page 1/)
    } finally {
      clearInterval(tick)
    }
    expect(ticks).toBeGreaterThan(5)
  })
})

describe('PDF downloads', () => {
  it('given a PDF, then the download is an attachment of opaque type under the sandboxing CSP, never a page of our origin', async () => {
    const file = (await alice.upload('paper.pdf', await makePdf({ pages: 2 }))).body
    const res = await alice.bytes(`/file-service/download/${file._id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="paper\.pdf"/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toMatch(/(^|; )sandbox($|;)/)
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    // pdf.js in the viewer reads it in ranges.
    const part = await alice.bytes(`/file-service/download/${file._id}`, { range: 'bytes=0-4' })
    expect(part.status).toBe(206)
    expect(part.body.toString('latin1')).toBe('%PDF-')
  })
})
