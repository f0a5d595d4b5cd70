// What the queue records beside thumbnails: width and height after orientation, EXIF photo
// info, a video's codec; served by GET /file-service/media-info/{id} to whoever may view the
// file. Files from before sizes were recorded get them by a bounded backfill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { expectConsistent } from '../helpers/drive.ts'
import { ffmpegAvailable, makeImage, makePhoto, makeVideo, uploadAndSettle } from '../helpers/media.ts'
import { heifEncAvailable, makeHeic, makeHevcVideo, makeJpegPhoto, x265Available } from '../helpers/media-fixtures.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Member
beforeAll(async () => {
  server = await startServer()
  alice = await member(server, 'facts')
})
afterAll(() => server.close())

const uploadAndWait = (name: string, data: Buffer) => uploadAndSettle(server, alice.browser, name, data)

describe('sizes', () => {
  it('given a JPEG 64×32 with EXIF orientation 6 (turned a quarter), then it is 32 wide and 64 high', async () => {
    const file = await uploadAndWait('turned.jpg', await makePhoto({ width: 64, height: 32, orientation: 6 }))
    expect(file.metadata).toMatchObject({ width: 32, height: 64 })
    const info = await alice.browser.get(`/file-service/media-info/${file._id}`)
    expect(info.body).toMatchObject({ width: 32, height: 64 })
  })

  it('given a JPEG without orientation, then its own size', async () => {
    const file = await uploadAndWait('flat.jpg', await makePhoto({ width: 64, height: 32 }))
    expect(file.metadata).toMatchObject({ width: 64, height: 32 })
  })

  it.skipIf(!ffmpegAvailable)('given an H.264 mp4, then its frame size and codec h264 (needs ffmpeg)', async () => {
    const file = await uploadAndWait('clip.mp4', makeVideo('mp4'))
    const info = await alice.browser.get(`/file-service/media-info/${file._id}`)
    expect(info.body).toEqual({ width: 320, height: 240, codec: 'h264' })
  })

  it.skipIf(!x265Available)(
    'given HEVC clips from a phone (mov and mp4), then a thumbnail, their size and codec hevc (needs ffmpeg with libx265)',
    async () => {
      for (const ext of ['mov', 'mp4'] as const) {
        const file = await uploadAndWait(`IMG_0003.${ext}`, makeHevcVideo(ext))
        expect(file.metadata).toMatchObject({ isVideo: true, hasThumbnail: true, width: 320, height: 240 })
        const info = await alice.browser.get(`/file-service/media-info/${file._id}`)
        expect(info.body).toEqual({ width: 320, height: 240, codec: 'hevc' })
      }
    },
  )
})

describe('photo info', () => {
  it('given a JPEG with camera EXIF, then camera, lens, exposure, aperture, ISO, focal length and place', async () => {
    const file = await uploadAndWait('IMG_0004.jpg', await makeJpegPhoto({ width: 120, height: 90 }))
    const info = await alice.browser.get(`/file-service/media-info/${file._id}`)
    expect(info.body).toEqual({
      width: 120,
      height: 90,
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

  it('given a camera whose model repeats its make, and control characters in a tag, then the name once and clean text', async () => {
    const exif = { IFD0: { Make: 'Canon', Model: 'Canon EOS R5' }, IFD2: { LensModel: 'RF24-70mm\u0007 F2.8' } }
    const file = await uploadAndWait('canon.jpg', await makeJpegPhoto({ width: 40, height: 30, exif }))
    const info = await alice.browser.get(`/file-service/media-info/${file._id}`)
    expect(info.body.photo).toEqual({ camera: 'Canon EOS R5', lens: 'RF24-70mm  F2.8' })
  })

  it('given a PNG without EXIF, then no photo info', async () => {
    const file = await uploadAndWait('plain.png', await makeImage('png'))
    expect((await alice.browser.get(`/file-service/media-info/${file._id}`)).body).toEqual({ width: 640, height: 480 })
  })
})

describe('who may read media info', () => {
  it('given a member share viewer, then the info; a stranger and a share on another file, then 404', async () => {
    const shared = await uploadAndWait('shared.jpg', await makeJpegPhoto({ width: 50, height: 40 }))
    const other = await uploadAndWait('other.jpg', await makeJpegPhoto({ width: 50, height: 40 }))
    const viewer = await member(server, 'viewer')
    await shareWith(server, alice, { type: 'file', id: shared._id }, viewer, 'viewer')
    const seen = await viewer.browser.get(`/file-service/media-info/${shared._id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.photo.camera).toBe('Apple iPhone 15 Pro')
    expect((await viewer.browser.get(`/file-service/media-info/${other._id}`)).status).toBe(404)
    const stranger = new Browser(server.url)
    await stranger.signup(uniqueEmail('stranger'))
    const r = await stranger.get(`/file-service/media-info/${shared._id}`)
    expect(r.status).toBe(404)
    expect(JSON.stringify(r.body)).not.toContain('iPhone')
    expect((await new Browser(server.url).get(`/file-service/media-info/${shared._id}`)).status).toBe(401)
  })
})

describe('the size backfill', () => {
  it('given files an older server made thumbnails for without sizes, then after the upgrade passes of at most N, only while the queue is idle, fill each once', async () => {
    const old = await startServer({ keepData: true, env: { BLOB_STORE: 'fs' } })
    const email = uniqueEmail('backfill')
    const ids: string[] = []
    let heic: string | undefined
    try {
      const b = new Browser(old.url)
      await b.signup(email)
      for (let i = 0; i < 5; i++)
        ids.push((await b.upload(`old-${i}.jpg`, await makePhoto({ width: 60 + i, height: 40 }))).body._id)
      if (heifEncAvailable) heic = (await b.upload('old.heic', await makeHeic({ width: 96, height: 64 }))).body._id
      await old.app.cumulus.thumbnails.idle()
      const db = old.app.cumulus.db
      // As an older server left them: thumbnails made, no size; the HEIC never queued; one upload
      // still pending when it stopped.
      await db
        .updateTable('files')
        .set({ width: null, height: null, media_info: null })
        .where('id', 'in', ids)
        .execute()
      await db.updateTable('files').set({ thumb_state: 'pending' }).where('id', '=', ids[0]!).execute()
      if (heic) {
        const made = await db
          .selectFrom('files')
          .select(['thumbnail_key', 'preview_key'])
          .where('id', '=', heic)
          .executeTakeFirstOrThrow()
        for (const key of [made.thumbnail_key, made.preview_key]) await old.app.cumulus.store.delete(key!)
        await db
          .updateTable('files')
          .set({
            thumb_state: 'none',
            has_thumbnail: 0,
            media: 0,
            width: null,
            height: null,
            thumbnail_id: null,
            thumbnail_key: null,
            thumb_enc: null,
            thumb_size: null,
            preview_type: null,
            preview_key: null,
            preview_enc: null,
            preview_size: null,
          })
          .where('id', '=', heic)
          .execute()
      }
    } finally {
      await old.close()
    }
    const perPass = 2
    const s = await startServer({
      dataDir: old.dataDir,
      ...(old.config.databaseSchema ? { schema: old.config.databaseSchema } : {}),
      env: { BLOB_STORE: 'fs' },
      limits: { thumbnailBackfillPerPass: perPass },
    })
    try {
      const q = s.app.cumulus.thumbnails
      const db = s.app.cumulus.db
      const before = await db
        .selectFrom('files')
        .select(['id', 'preview_key', 'thumbnail_key'])
        .where('id', 'in', ids)
        .execute()
      // The start's pass found the pending upload and queued nothing: uploads come first.
      await q.idle()
      expect(q.jobs).toBe(1)
      const passes: number[] = []
      for (let n = await q.backfill(); n; n = await q.backfill()) {
        passes.push(n)
        await q.idle()
      }
      const expected = ids.length - 1 + (heic ? 1 : 0)
      expect(passes.every((n) => n <= perPass)).toBe(true)
      expect(passes.reduce((a, b) => a + b, 0)).toBe(expected)
      expect(q.jobs).toBe(1 + expected)

      const rows = await db.selectFrom('files').selectAll().where('id', 'in', ids).orderBy('filename').execute()
      expect(rows.map((r) => [r.width, r.height])).toEqual(ids.map((_, i) => [60 + i, 40]))
      expect(rows.every((r) => r.thumb_state === 'done' && r.media_info?.includes('Cumulus Test'))).toBe(true)
      // Header only: the thumbnails and previews are the ones made before.
      const now = new Map(rows.map((r) => [r.id, [r.preview_key, r.thumbnail_key]]))
      for (const r of before) expect(now.get(r.id)).toEqual([r.preview_key, r.thumbnail_key])
      await expectConsistent(s, expect)
      if (heic) {
        const h = await db
          .selectFrom('files')
          .select(['width', 'has_thumbnail', 'media'])
          .where('id', '=', heic)
          .executeTakeFirstOrThrow()
        expect(h).toEqual({ width: 96, has_thumbnail: 1, media: 1 })
      }
      // Walked to the end: later passes queue nothing, even a file that lost its size again.
      await db.updateTable('files').set({ width: null }).where('id', '=', ids[1]!).execute()
      expect(await q.backfill()).toBe(0)
    } finally {
      await s.close()
    }
    // A restart on PostgreSQL alone takes ~15 s (the next start waits out the instance before it).
  }, 120_000)
})
