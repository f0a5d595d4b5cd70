import { execFileSync } from 'node:child_process'
import { closeSync, openSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { expectConsistent } from '../helpers/drive.ts'
import { ffmpegAvailable, makeBmp, makeImage, makeVideo, SVG, uploadAndSettle } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('media'))
})
afterAll(() => server.close())

const uploadAndWait = (name: string, data: Buffer | string) => uploadAndSettle(server, alice, name, data)

describe('thumbnails', () => {
  const images: Array<[string, () => Promise<Buffer> | Buffer]> = [
    ['photo.jpg', () => makeImage('jpeg')],
    ['photo.png', () => makeImage('png')],
    ['anim.gif', () => makeImage('gif')],
    ['photo.webp', () => makeImage('webp')],
    ['photo.avif', () => makeImage('avif')],
    ['scan.tiff', () => makeImage('tiff')],
    ['paint.bmp', () => makeBmp()],
    ['logo.svg', () => SVG],
  ]

  it.each(images)(
    'given %s, then a WebP thumbnail of at most 256 px appears and is cached forever',
    async (name, make) => {
      const file = await uploadAndWait(name, await make())
      expect(file.metadata.hasThumbnail).toBe(true)
      expect(file.metadata.thumbnailID).toMatch(/\S+/)
      const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
      expect(thumb.status).toBe(200)
      expect(thumb.headers.get('content-type')).toBe('image/webp')
      expect(thumb.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
      const meta = await sharp(thumb.body).metadata()
      expect(meta.format).toBe('webp')
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(256)
      const again = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`, {
        'if-none-match': thumb.headers.get('etag')!,
      })
      expect(again.status).toBe(304)
    },
  )

  it.skipIf(!ffmpegAvailable)(
    'given a short mp4 made with ffmpeg, then isVideo and a thumbnail from one frame (needs ffmpeg on PATH)',
    async () => {
      const file = await uploadAndWait('clip.mp4', makeVideo('mp4'))
      expect(file.metadata.isVideo).toBe(true)
      expect(file.metadata.hasThumbnail).toBe(true)
      const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
      expect((await sharp(thumb.body).metadata()).width).toBe(256)
    },
  )

  it('given a corrupt image, then the upload still succeeds without a thumbnail', async () => {
    const file = await uploadAndWait('broken.jpg', Buffer.from('this is not a jpeg at all'))
    expect(file.metadata.hasThumbnail).toBe(false)
    expect(file.length).toBe(25)
  })

  it('given a decompression bomb (100 megapixels), then no thumbnail and the server keeps serving', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(2_000_000)
    const file = await uploadAndWait('bomb.png', bomb)
    expect(file.metadata.hasThumbnail).toBe(false)
    expect((await alice.get('/healthz')).status).toBe(200)
  })

  it('given thumbnails, then the media list shows them and deleting a file deletes its thumbnail', async () => {
    const file = await uploadAndWait('gone.png', await makeImage('png'))
    const media = await alice.get('/file-service/list?mediaMode=true&mediaFilter=photos&limit=100')
    expect(media.body.map((f: any) => f._id)).toContain(file._id)
    expect((await alice.delete('/file-service/remove', { id: file._id })).status).toBe(200)
    expect((await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)).status).toBe(404)
    await expectConsistent(server, expect)
  })

  it('given a thumbnail still to be made, then the list says thumbnailPending until it is done, and a cached list never hides the finished one', async () => {
    const made = await uploadAndWait('later.png', await makeImage('png'))
    const plain = await uploadAndWait('notes.txt', 'no thumbnail for me')
    const broken = await uploadAndWait('broken-too.jpg', Buffer.from('not a jpeg'))
    // Queued again and not yet picked up (the queue is not woken): as just after an upload.
    await server.app.cumulus.db
      .updateTable('files')
      .set({ thumb_state: 'pending' })
      .where('id', '=', made._id)
      .execute()
    const url = '/file-service/list?parent=/&sortBy=date_desc&limit=50'
    const listed = async () => new Map<string, any>((await alice.get(url)).body.map((f: any) => [f._id, f.metadata]))
    // Asked three times: the second keeps the reply in the list cache, the third is served from it.
    for (let i = 0; i < 3; i++) {
      const list = await listed()
      expect(list.get(made._id)).toMatchObject({ thumbnailPending: true })
      expect(list.get(plain._id)).not.toHaveProperty('thumbnailPending')
      expect(list.get(broken._id)).not.toHaveProperty('thumbnailPending')
    }
    const hitsBefore = server.app.cumulus.listCache.stats().hits
    expect(hitsBefore).toBeGreaterThan(0)
    server.app.cumulus.thumbnails.wake()
    await server.app.cumulus.thumbnails.idle()
    const after = (await listed()).get(made._id)
    expect(after).not.toHaveProperty('thumbnailPending')
    expect(after).toMatchObject({ hasThumbnail: true })
    expect((await alice.get(`/file-service/info/${made._id}`)).body.metadata).not.toHaveProperty('thumbnailPending')
  })

  it('given another user, then thumbnails are 404', async () => {
    const file = await uploadAndWait('private.png', await makeImage('png'))
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('bob'))
    expect((await bob.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)).status).toBe(404)
    expect((await bob.bytes(`/file-service/full-thumbnail/${file._id}`)).status).toBe(404)
  })
})

describe('GET /file-service/full-thumbnail/:id', () => {
  it('serves browser-safe rasters unchanged', async () => {
    const jpeg = await makeImage('jpeg')
    const file = await uploadAndWait('full.jpg', jpeg)
    const r = await alice.bytes(`/file-service/full-thumbnail/${file._id}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/jpeg')
    expect(r.body.equals(jpeg)).toBe(true)
    expect(r.headers.get('content-security-policy')).toContain('sandbox')
  })

  it.each([
    ['vector.svg', () => SVG],
    ['scan.tif', () => makeImage('tiff')],
    ['paint.bmp', () => makeBmp(100, 60)],
  ] as const)('converts %s to a full-size raster, never serving SVG', async (name, make) => {
    const file = await uploadAndWait(name, await make())
    const r = await alice.bytes(`/file-service/full-thumbnail/${file._id}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/webp')
    expect(r.headers.get('content-type')).not.toContain('svg')
    expect(r.body.includes(Buffer.from('<script'))).toBe(false)
    expect((await sharp(r.body).metadata()).format).toBe('webp')
  })

  it('given a file that is not an image, then 404; a broken image, then 422', async () => {
    const doc = (await alice.upload('notes.txt', 'plain text')).body
    expect((await alice.get(`/file-service/full-thumbnail/${doc._id}`)).status).toBe(404)
    const broken = (await alice.upload('broken.tiff', 'not a tiff')).body
    const r = await alice.get(`/file-service/full-thumbnail/${broken._id}`)
    expect(r.status).toBe(422)
    expect(r.body.message).toBe('This image cannot be displayed')
  })
})

describe('the queue across restarts', () => {
  it('given thumbnails queued or half-made by an instance that died, then the next start makes them', async () => {
    const first = await startServer({ keepData: true, env: { BLOB_STORE: 'fs' } })
    const email = uniqueEmail('restart')
    const b = new Browser(first.url)
    await b.signup(email)
    const file = (await b.upload('later.png', await makeImage('png'))).body
    await first.app.cumulus.thumbnails.idle()
    // As if the server had stopped before the queue got to it.
    const row = await first.app.cumulus.db
      .selectFrom('files')
      .select('thumbnail_key')
      .where('id', '=', file._id)
      .executeTakeFirstOrThrow()
    await first.app.cumulus.store.delete(row.thumbnail_key!)
    await first.app.cumulus.db
      .updateTable('files')
      .set({
        thumb_state: 'working:instance-that-crashed',
        has_thumbnail: 0,
        media: 0,
        thumbnail_id: null,
        thumbnail_key: null,
      })
      .where('id', '=', file._id)
      .execute()
    await first.close()
    const second = await startServer({
      dataDir: first.dataDir,
      ...(first.config.databaseSchema ? { schema: first.config.databaseSchema } : {}),
      env: { BLOB_STORE: 'fs' },
    })
    try {
      await second.app.cumulus.thumbnails.idle()
      const b2 = new Browser(second.url)
      expect((await b2.login(email)).status).toBe(200)
      const info = (await b2.get(`/file-service/info/${file._id}`)).body
      expect(info.metadata.hasThumbnail).toBe(true)
      await expectConsistent(second, expect)
    } finally {
      await second.close()
    }
  })
})

describe('a job that never ends', () => {
  it('given a job stuck in a disk read, then it is given up after thumbnailJobMs and the files behind it still get theirs', async () => {
    const s = await startServer({ env: { BLOB_STORE: 'fs' }, limits: { thumbnailJobMs: 1_000 } })
    const b = new Browser(s.url)
    await b.signup(uniqueEmail('stuck'))
    const stuck = (await b.upload('stuck.png', await makeImage('png'))).body
    await s.app.cumulus.thumbnails.idle()
    // Its blob as on a disk that stopped answering: open() of a FIFO with no writer never returns.
    const { blob_key: key } = await s.app.cumulus.db
      .selectFrom('files')
      .select('blob_key')
      .where('id', '=', stuck._id)
      .executeTakeFirstOrThrow()
    const blob = join(s.dataDir, 'blobs', key.slice(0, 2), key)
    rmSync(blob)
    execFileSync('mkfifo', [blob])
    try {
      await s.app.cumulus.db
        .updateTable('files')
        .set({ thumb_state: 'pending', preview_type: null })
        .where('id', '=', stuck._id)
        .execute()
      s.app.cumulus.thumbnails.wake()
      // Other bytes than the stuck one's: a duplicate would share its (stuck) blob.
      const next = (await b.upload('next.jpg', await makeImage('jpeg'))).body
      await expect
        .poll(async () => (await b.get(`/file-service/info/${next._id}`)).body.metadata.hasThumbnail, {
          timeout: 10_000,
        })
        .toBe(true)
      const row = await s.app.cumulus.db
        .selectFrom('files')
        .select('thumb_state')
        .where('id', '=', stuck._id)
        .executeTakeFirstOrThrow()
      expect(row.thumb_state).toBe('failed')
    } finally {
      // The reader left behind gets its end of file; the job it belongs to then ends on its own.
      closeSync(openSync(blob, 'w'))
      await s.close()
    }
  })
})
