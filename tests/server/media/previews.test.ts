// Full-size previews (/file-service/full-thumbnail/:id): made once by the thumbnail queue, capped
// to previewMaxEdge, stored as a derived blob and deleted with the file; never decoded on the
// request path.
import { deflateSync, crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { blobKeys, expectConsistent } from '../helpers/drive.ts'
import { makeImage } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { decodeBmp } from '../../../server/util/bmp.ts'

/** A 1-bit BMP (the kind scanners write), in bands of black and white. */
function makeBmp1(width: number, height: number): Buffer {
  const stride = Math.ceil(width / 32) * 4
  const offset = 54 + 8
  const buf = Buffer.alloc(offset + stride * height)
  buf.write('BM', 0, 'latin1')
  buf.writeUInt32LE(buf.length, 2)
  buf.writeUInt32LE(offset, 10)
  buf.writeUInt32LE(40, 14)
  buf.writeInt32LE(width, 18)
  buf.writeInt32LE(height, 22)
  buf.writeUInt16LE(1, 26)
  buf.writeUInt16LE(1, 28)
  buf.writeUInt32LE(2, 46)
  buf.set([0, 0, 0, 0, 255, 255, 255, 0], 54)
  for (let y = 0; y < height; y++) buf.fill((y >> 9) & 1 ? 0xff : 0x00, offset + y * stride, offset + (y + 1) * stride)
  return buf
}

/** A PNG whose header claims width × height, with a few rows of data: tiny on disk, a bomb to decode. */
function makePngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 4))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The longest gap between ticks of a 10 ms timer while `work` runs in this process. */
let server: TestServer
let alice: Browser
const bigBmp = makeBmp1(6300, 6300)
beforeAll(async () => {
  server = await startServer({ limits: { previewWaitMs: 60_000 } })
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('previews'))
})
afterAll(() => server.close())

async function uploadAndWait(name: string, data: Buffer) {
  const r = await alice.upload(name, data)
  expect(r.status).toBe(201)
  await server.app.cumulus.thumbnails.idle()
  return r.body._id as string
}
const row = (id: string) =>
  server.app.cumulus.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** As if the file had been uploaded before previews existed: thumbnail made, no preview. */
async function forgetPreview(id: string) {
  const { preview_key } = await row(id)
  if (preview_key) await server.app.cumulus.store.delete(preview_key)
  await server.app.cumulus.db
    .updateTable('files')
    .set({ preview_key: null, preview_enc: null, preview_size: null, preview_type: null, thumb_state: 'done' })
    .where('id', '=', id)
    .execute()
}

describe('the size cap', () => {
  it('given a 6000×200 PNG (browser-safe, but past the edge cap), then the full image is a WebP whose long edge is at most 4096', async () => {
    const png = await sharp({ create: { width: 6000, height: 200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const id = await uploadAndWait('panorama.png', png)
    const r = await alice.bytes(`/file-service/full-thumbnail/${id}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(r.body).metadata()
    expect(meta.format).toBe('webp')
    expect(Math.max(meta.width, meta.height)).toBe(4096)
    expect((await row(id)).preview_key).toBeTruthy()
  })

  it('given a PNG whose header claims 50000×50000, then 422 and the bytes never reach the browser', async () => {
    const bomb = makePngBomb(50_000, 50_000)
    expect(bomb.length).toBeLessThan(1000)
    const id = await uploadAndWait('bomb.png', bomb)
    const r = await alice.get(`/file-service/full-thumbnail/${id}`)
    expect(r.status).toBe(422)
    expect(r.body.code).toBe('UNPROCESSABLE_IMAGE')
    expect((await row(id)).preview_key).toBeNull()
  })

  it('given a browser-safe JPEG within the cap, then it is its own preview: no derived blob', async () => {
    const jpeg = await makeImage('jpeg')
    const id = await uploadAndWait('small.jpg', jpeg)
    expect(await row(id)).toMatchObject({ preview_type: 'image/jpeg', preview_key: null })
    const r = await alice.bytes(`/file-service/full-thumbnail/${id}`)
    expect(r.body.equals(jpeg)).toBe(true)
  })
})

describe('off the request path', () => {
  it('given six parallel requests for an old BMP without a preview, then one queued conversion serves them all and /healthz keeps answering', async () => {
    const id = await uploadAndWait('scan.bmp', bigBmp)
    await forgetPreview(id)
    const jobsBefore = server.app.cumulus.thumbnails.jobs
    let conversionsDone = false
    const requests = Promise.all(
      Array.from({ length: 6 }, () => alice.bytes(`/file-service/full-thumbnail/${id}`)),
    ).finally(() => (conversionsDone = true))
    const health: number[] = []
    while (!conversionsDone) {
      health.push((await alice.get('/healthz')).status)
      await new Promise((r) => setTimeout(r, 20))
    }
    const replies = await requests
    expect(health.every((s) => s === 200)).toBe(true)
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(server.app.cumulus.thumbnails.jobs - jobsBefore).toBe(1)
    const stored = await row(id)
    expect(stored.preview_key).toBeTruthy()
    expect(new Set(replies.map((r) => r.headers.get('etag'))).size).toBe(1)
    expect(replies.every((r) => r.body.equals(replies[0]!.body))).toBe(true)
    expect(replies[0]!.body.length).toBe(stored.preview_size)

    // Later requests are the stored blob again, with no new job.
    const again = await alice.bytes(`/file-service/full-thumbnail/${id}`, {
      'if-none-match': replies[0]!.headers.get('etag')!,
    })
    expect(again.status).toBe(304)
    expect(server.app.cumulus.thumbnails.jobs - jobsBefore).toBe(1)
    await expectConsistent(server, expect)
  })

  // Counted, not timed: a wall-clock stall bound flaked on this shared 2-core machine under load
  // (a busy machine stalls any process). A decoder that held the loop would let no turn through.
  it('given a 6300×6300 1-bit BMP, then decoding it lets the event loop turn between slices, and its preview is a 4096×4096 WebP', async () => {
    let turns = 0
    let turning = true
    const spin = () => void (turning && (turns++, setImmediate(spin)))
    setImmediate(spin)
    const raw = await decodeBmp(bigBmp, 50_000_000).finally(() => void (turning = false))
    expect([raw.width, raw.height, raw.channels, raw.data.length]).toEqual([6300, 6300, 3, 6300 * 6300 * 3])
    expect(turns).toBeGreaterThanOrEqual(5)

    const id = await uploadAndWait('scan2.bmp', bigBmp)
    const meta = await sharp((await alice.bytes(`/file-service/full-thumbnail/${id}`)).body).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 4096, 4096])
  })

  it('given a preview another instance is still making, then a 503 with Retry-After after a bounded wait', async () => {
    const waiting = await startServer({ limits: { previewWaitMs: 300 } })
    try {
      const bob = new Browser(waiting.url)
      await bob.signup(uniqueEmail('pending'))
      const id = (await bob.upload('busy.tiff', await makeImage('tiff'))).body._id as string
      await waiting.app.cumulus.thumbnails.idle()
      const { db } = waiting.app.cumulus
      await db.insertInto('instances').values({ id: 'busy-elsewhere', seen_at: Date.now() }).execute()
      await db
        .updateTable('files')
        .set({ preview_type: null, preview_key: null, thumb_state: 'working:busy-elsewhere' })
        .where('id', '=', id)
        .execute()
      const r = await bob.get(`/file-service/full-thumbnail/${id}`)
      expect(r.status).toBe(503)
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(r.body.code).toBe('PREVIEW_PENDING')
    } finally {
      await waiting.close()
    }
  })
})

describe('the preview blob', () => {
  it('given a file with a derived preview, then deleting the file deletes the preview blob', async () => {
    const id = await uploadAndWait('scan.tiff', await makeImage('tiff'))
    const { preview_key } = await row(id)
    expect(preview_key).toBeTruthy()
    expect(await blobKeys(server)).toContain(preview_key)
    expect((await alice.delete('/file-service/remove', { id })).status).toBe(200)
    expect(await blobKeys(server)).not.toContain(preview_key)
    await expectConsistent(server, expect)
  })
})

describe('encrypted at rest', () => {
  it('stores the derived preview encrypted and serves it decrypted', async () => {
    const enc = await startServer({ env: { ENCRYPTION_KEY: 'cd'.repeat(32) } })
    try {
      const bob = new Browser(enc.url)
      await bob.signup(uniqueEmail('enc-preview'))
      const png = await sharp({ create: { width: 5000, height: 300, channels: 3, background: '#a53' } })
        .png()
        .toBuffer()
      const id = (await bob.upload('wide.png', png)).body._id as string
      await enc.app.cumulus.thumbnails.idle()
      const stored = await enc.app.cumulus.db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(stored.preview_enc).toBeTruthy()
      const chunks: Buffer[] = []
      for await (const c of await enc.app.cumulus.store.get(stored.preview_key!)) chunks.push(c as Buffer)
      expect(Buffer.concat(chunks).subarray(8, 12).toString('latin1')).not.toBe('WEBP')
      const r = await bob.bytes(`/file-service/full-thumbnail/${id}`)
      expect(r.headers.get('content-type')).toBe('image/webp')
      expect((await sharp(r.body).metadata()).width).toBe(4096)
    } finally {
      await enc.close()
    }
  })
})
