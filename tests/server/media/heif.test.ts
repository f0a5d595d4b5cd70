// HEIC/HEIF photos through the queue (heic-decode in its own thread): thumbnail, WebP preview,
// size, EXIF date and photo info; bombs and broken files fail without taking the server down.
// Fixtures: heif-enc on sharp-made JPEGs (helpers/media-fixtures.ts).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { heifDecoder } from '../../../server/services/media/heif-decoder.ts'
import { uploadAndSettle } from '../helpers/media.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { heicBomb, heifEncAvailable, makeHeic, makeRotatedHeic, truncated } from '../helpers/media-fixtures.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, share } from '../sharing/share-helpers.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('heic'))
})
afterAll(() => server.close())

const uploadAndWait = (name: string, data: Buffer) => uploadAndSettle(server, alice, name, data)

/** The colour at the centre of each quarter of a picture: which corner the marker is in. */
async function corners(image: Buffer) {
  const { data, info } = await sharp(image, { autoOrient: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const at = (fx: number, fy: number) => {
    const i = (Math.floor(info.height * fy) * info.width + Math.floor(info.width * fx)) * 3
    return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! }
  }
  const red = (c: { r: number; g: number; b: number }) => c.r > 180 && c.g < 90 && c.b < 90
  return {
    size: [info.width, info.height],
    red: {
      topLeft: red(at(0.08, 0.04)),
      topRight: red(at(0.92, 0.04)),
      bottomLeft: red(at(0.08, 0.96)),
      bottomRight: red(at(0.92, 0.96)),
    },
  }
}

/**
 * The viewer's picture of a HEIC: the system decoder's JPEG as it is, or a WebP made from the
 * WASM build's pixels (HEIF_DECODER=wasm runs this file that way).
 */
const previewFormat = heifDecoder.backend === 'system' ? 'jpeg' : 'webp'

const row = (id: string) =>
  server.app.cumulus.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe.skipIf(!heifEncAvailable)('HEIC photos (needs heif-enc from libheif-examples)', () => {
  it('given an iPhone-style HEIC, then a WebP thumbnail, a JPEG (system libheif) or WebP full-size preview, its size, date and photo info', async () => {
    const file = await uploadAndWait('IMG_0001.HEIC', await makeHeic({ width: 800, height: 600 }))
    expect(file.metadata).toMatchObject({
      hasThumbnail: true,
      isVideo: false,
      preview: 'image',
      width: 800,
      height: 600,
    })
    expect(file.metadata.takenDate).toBe('2024-05-01T08:11:12.000Z')

    const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
    expect(thumb.status).toBe(200)
    const t = await sharp(thumb.body).metadata()
    expect([t.format, t.width, t.height]).toEqual(['webp', 256, 192])
    // The picture survives the trip: the fixture's flat green, not black or noise.
    const { dominant } = await sharp(thumb.body).stats()
    expect(dominant.g).toBeGreaterThan(dominant.r + 40)

    const full = await alice.bytes(`/file-service/full-thumbnail/${file._id}`)
    expect(full.status).toBe(200)
    expect(full.headers.get('content-type')).toBe(`image/${previewFormat}`)
    const f = await sharp(full.body).metadata()
    expect([f.format, f.width, f.height]).toEqual([previewFormat, 800, 600])
    // No EXIF in the preview: no GPS for whoever the photo is shown to.
    expect(f.exif).toBeUndefined()

    const info = await alice.get(`/file-service/media-info/${file._id}`)
    expect(info.status).toBe(200)
    expect(info.body).toEqual({
      width: 800,
      height: 600,
      takenDate: '2024-05-01T08:11:12.000Z',
      photo: {
        camera: 'Apple iPhone 15 Pro',
        lens: 'iPhone 15 Pro back triple camera 6.765mm f/1.78',
        exposureTime: 0.004,
        fNumber: 1.78,
        iso: 125,
        focalLength: 6.765,
        gps: { latitude: 48.858219, longitude: -2.294444 },
      },
    })
  })

  it('given a portrait HEIC stored as landscape pixels with irot (and EXIF Orientation 6), then portrait size, thumbnail and preview the right way up, and its date', async () => {
    const file = await uploadAndWait('IMG_0003.HEIC', await makeRotatedHeic(240, 120))
    expect(file.metadata).toMatchObject({ hasThumbnail: true, preview: 'image', width: 120, height: 240 })
    expect(file.metadata.takenDate).toBe('2024-05-01T08:11:12.000Z')
    const upright = { topLeft: false, topRight: true, bottomLeft: false, bottomRight: false }

    const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
    expect(thumb.status).toBe(200)
    expect(await corners(thumb.body)).toEqual({ size: [120, 240], red: upright })

    const full = await alice.bytes(`/file-service/full-thumbnail/${file._id}`)
    expect(full.status).toBe(200)
    expect(full.headers.get('content-type')).toBe(`image/${previewFormat}`)
    expect(await corners(full.body)).toEqual({ size: [120, 240], red: upright })

    const info = await alice.get(`/file-service/media-info/${file._id}`)
    expect(info.body).toMatchObject({ width: 120, height: 240, takenDate: '2024-05-01T08:11:12.000Z' })
  })

  it('given HEIC photos, then the gallery lists them as photos, not videos', async () => {
    const file = await uploadAndWait('IMG_0002.heic', await makeHeic({ width: 320, height: 240, exif: null }))
    expect((await row(file._id)).media).toBe(1)
    const photos = await alice.get('/file-service/list?mediaMode=true&mediaFilter=photos&limit=100')
    expect(photos.body.map((f: { _id: string }) => f._id)).toContain(file._id)
    const videos = await alice.get('/file-service/list?mediaMode=true&mediaFilter=videos&limit=100')
    expect(videos.body.map((f: { _id: string }) => f._id)).not.toContain(file._id)
  })

  it('given a HEIC on a share link, then its page previews the JPEG or WebP, never the HEIC', async () => {
    const file = await uploadAndWait('IMG_0005.heic', await makeHeic({ width: 320, height: 240, exif: null }))
    const link = await share(alice, { itemType: 'file', itemId: file._id })
    const page = `/share-service/public/${link.token}`
    expect((await anon(server).get(page)).body).toMatchObject({ preview: 'image', thumbnail: true })
    const r = await anon(server).bytes(`${page}/preview`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe(`image/${previewFormat}`)
    expect((await sharp(r.body).metadata()).width).toBe(320)
  })

  it('given a HEIC bomb (400 megapixels declared), then the job fails before decoding and the server keeps serving', async () => {
    const bomb = heicBomb(await makeHeic({ width: 64, height: 64, exif: null }))
    expect(bomb.length).toBeLessThan(10_000)
    const rssBefore = process.memoryUsage().rss
    const decodes = heifDecoder.decodes
    const file = await uploadAndWait('bomb.heic', bomb)
    expect(heifDecoder.decodes).toBe(decodes)
    expect(file.metadata.hasThumbnail).toBe(false)
    expect((await row(file._id)).thumb_state).toBe('failed')
    // 400 MP of RGBA would be 1.6 GB: nothing near it was allocated.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024)
    const full = await alice.get(`/file-service/full-thumbnail/${file._id}`)
    expect(full.status).toBe(422)
    expect((await alice.get('/healthz')).status).toBe(200)
  })

  it('given a real HEIC over the configured pixel cap, then failed without a decode', async () => {
    const s = await startServer({ limits: { imagePixelLimit: 100 * 100 } })
    const decodes = heifDecoder.decodes
    try {
      const b = new Browser(s.url)
      await b.signup(uniqueEmail('cap'))
      const up = await b.upload('big.heic', await makeHeic({ width: 200, height: 200, exif: null }))
      await s.app.cumulus.thumbnails.idle()
      expect((await b.get(`/file-service/info/${up.body._id}`)).body.metadata.hasThumbnail).toBe(false)
      expect(heifDecoder.decodes).toBe(decodes)
    } finally {
      await s.close()
    }
  })

  it('given a truncated HEIC and one that is not HEIC at all, then failed, 422 for the viewer, and the next photo still works', async () => {
    const whole = await makeHeic({ width: 640, height: 480, noise: true, exif: null })
    const cut = await uploadAndWait('cut.heic', truncated(whole, 0.5))
    expect(cut.metadata.hasThumbnail).toBe(false)
    expect((await row(cut._id)).thumb_state).toBe('failed')
    expect((await alice.get(`/file-service/full-thumbnail/${cut._id}`)).status).toBe(422)
    const junk = await uploadAndWait('junk.heif', Buffer.from('definitely not an ISO-BMFF file'))
    expect((await row(junk._id)).thumb_state).toBe('failed')
    const next = await uploadAndWait('next.heic', whole)
    expect(next.metadata).toMatchObject({ hasThumbnail: true, width: 640, height: 480 })
    // The system decoder's scratch files go to the queue's own temp dir and none is left behind.
    const scratch = join(server.dataDir, 'tmp', 'thumbnails')
    expect(existsSync(scratch) ? readdirSync(scratch).filter((n) => n.startsWith('cumulus-heif-')) : []).toEqual([])
  })
})

describe('GET /file-service/media-info/:id', () => {
  it('given a file that is not media, then an empty object; an unknown id, then 404', async () => {
    const doc = (await alice.upload('notes.txt', 'plain')).body
    const r = await alice.get(`/file-service/media-info/${doc._id}`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({})
    expect((await alice.get('/file-service/media-info/nope')).status).toBe(404)
  })
})
