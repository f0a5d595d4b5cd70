// A file link's page preview (GET /share-service/public/{token}/preview): the viewer's image, or
// the video itself with ranges, sent as uploaded content (sandboxing CSP, nosniff, no cache). A
// link with a download limit never hands the original's bytes out this way: no video, and an
// image whose preview would be the original gets its thumbnail. The info reply says which.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from '../helpers/drive.ts'
import { ffmpegAvailable, makeBmp, makeImage, makeVideo } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, file, folder, owner, share } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
let png: Buffer
let image: string
let video: string
let text: string
/** A real clip: its thumbnail is one frame, made with ffmpeg. */
let movie: string
const clip = randomBytes(40_000, 7)
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = await owner(server, 'previewer')
  png = await makeImage('png')
  image = await file(alice, 'photo.png', png)
  video = await file(alice, 'clip.mp4', clip)
  text = await file(alice, 'notes.txt', 'plain words')
  movie = await file(alice, 'movie.mp4', ffmpegAvailable ? makeVideo('mp4') : clip)
  await server.app.cumulus.thumbnails.idle()
})
afterAll(() => server.close())

const base = (token: string) => `/share-service/public/${token}`
const downloads = async (id: string) =>
  (await alice.get('/share-service/links')).body.links.find((l: any) => l._id === id)?.downloads

function expectUploadedContent(headers: Headers) {
  expect(headers.get('content-security-policy')).toContain('sandbox')
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('cache-control')).toBe('no-store')
  expect(headers.get('referrer-policy')).toBe('no-referrer')
}

describe('a file link’s preview', () => {
  it('given an image on a link without a limit, then info says image and the preview is the viewer’s image', async () => {
    const link = await share(alice, { itemType: 'file', itemId: image })
    expect((await anon(server).get(base(link.token))).body).toEqual({
      itemType: 'file',
      name: 'photo.png',
      access: 'view',
      expiresAt: null,
      size: png.length,
      preview: 'image',
      thumbnail: true,
    })
    const r = await anon(server).bytes(`${base(link.token)}/preview`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/png')
    expect(r.body.equals(png)).toBe(true)
    expectUploadedContent(r.headers)
  })

  it('given an image on a limited link, then the preview is the thumbnail, never the original, and spends nothing', async () => {
    const link = await share(alice, { itemType: 'file', itemId: image, maxDownloads: 1 })
    expect((await anon(server).get(base(link.token))).body.preview).toBe('image')
    const r = await anon(server).bytes(`${base(link.token)}/preview`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/webp')
    expect(r.body.equals(png)).toBe(false)
    expect(r.body.subarray(8, 12).toString()).toBe('WEBP')
    expectUploadedContent(r.headers)
    expect(await downloads(link._id)).toBe(0)
    // The one download is still there.
    expect((await anon(server).bytes(`${base(link.token)}/download`)).body.equals(png)).toBe(true)
  })

  it('given a video on a link without a limit, then info says video and the preview streams it with ranges, inline', async () => {
    const link = await share(alice, { itemType: 'file', itemId: video })
    expect((await anon(server).get(base(link.token))).body.preview).toBe('video')
    const part = await anon(server).bytes(`${base(link.token)}/preview`, { range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${clip.length}`)
    expect(part.headers.get('content-type')).toBe('video/mp4')
    expect(part.headers.get('content-disposition')).toMatch(/^inline/)
    expect(part.body.equals(clip.subarray(100, 200))).toBe(true)
    expectUploadedContent(part.headers)
    const whole = await anon(server).bytes(`${base(link.token)}/preview`)
    expect(whole.status).toBe(200)
    expect(whole.body.equals(clip)).toBe(true)
  })

  it('given a video on a limited link, then info says no preview and the preview route refuses, spending nothing', async () => {
    const link = await share(alice, { itemType: 'file', itemId: video, maxDownloads: 2 })
    expect((await anon(server).get(base(link.token))).body.preview).toBeNull()
    const r = await anon(server).get(`${base(link.token)}/preview`, { range: 'bytes=0-99' })
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('NOT_FOUND')
    expect(await downloads(link._id)).toBe(0)
  })

  it('given a file with nothing to show, a folder link or a password link not unlocked, then no preview', async () => {
    const plain = await share(alice, { itemType: 'file', itemId: text })
    expect((await anon(server).get(base(plain.token))).body.preview).toBeNull()
    expect((await anon(server).get(`${base(plain.token)}/preview`)).status).toBe(404)
    const dir = await folder(alice, 'Shown')
    const folderLink = await share(alice, { itemType: 'folder', itemId: dir })
    expect((await anon(server).get(base(folderLink.token))).body).not.toHaveProperty('preview')
    expect((await anon(server).get(`${base(folderLink.token)}/preview`)).status).toBe(404)
    // A fresh link on the image, with a password.
    const locked = await share(alice, { itemType: 'file', itemId: image, password: 'secret words' })
    const v = anon(server)
    expect((await v.get(`${base(locked.token)}/preview`)).status).toBe(401)
    await v.post(`${base(locked.token)}/unlock`, { password: 'secret words' })
    expect((await v.bytes(`${base(locked.token)}/preview`)).status).toBe(200)
    // Revoked: gone at once.
    await alice.delete(`/share-service/links/${locked._id}`)
    expect((await v.get(`${base(locked.token)}/preview`)).status).toBe(404)
  })
})

describe('a file link’s own thumbnail (GET …/thumbnail)', () => {
  it.skipIf(!ffmpegAvailable)(
    'given a video on a limited link, then info says no preview but a thumbnail, which is served and spends nothing (needs ffmpeg)',
    async () => {
      const link = await share(alice, { itemType: 'file', itemId: movie, maxDownloads: 1 })
      const info = (await anon(server).get(base(link.token))).body
      expect(info).toMatchObject({ preview: null, thumbnail: true })
      const r = await anon(server).bytes(`${base(link.token)}/thumbnail`)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe('image/webp')
      expect(r.body.subarray(8, 12).toString()).toBe('WEBP')
      expectUploadedContent(r.headers)
      expect(await downloads(link._id)).toBe(0)
      // Still the one download left; spent, the link shows nothing any more.
      expect((await anon(server).bytes(`${base(link.token)}/download`)).status).toBe(200)
      expect((await anon(server).get(`${base(link.token)}/thumbnail`)).status).toBe(404)
    },
  )

  it('given a file without a thumbnail, a folder link, or a password link not unlocked, then none', async () => {
    const plain = await share(alice, { itemType: 'file', itemId: text })
    expect((await anon(server).get(base(plain.token))).body.thumbnail).toBe(false)
    expect((await anon(server).get(`${base(plain.token)}/thumbnail`)).status).toBe(404)
    const dir = await folder(alice, 'No own thumbnail')
    const folderLink = await share(alice, { itemType: 'folder', itemId: dir })
    expect((await anon(server).get(`${base(folderLink.token)}/thumbnail`)).status).toBe(404)
    const locked = await share(alice, { itemType: 'file', itemId: image, password: 'thumb pass' })
    const v = anon(server)
    const refused = await v.get(`${base(locked.token)}/thumbnail`)
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('SHARE_PASSWORD_REQUIRED')
    await v.post(`${base(locked.token)}/unlock`, { password: 'thumb pass' })
    expect((await v.bytes(`${base(locked.token)}/thumbnail`)).status).toBe(200)
  })
})

describe('a folder link’s viewer (GET …/preview/{fileId})', () => {
  let inside: { folder: string; image: string; video: string; song: string; text: string; bmp: string; deep: string }
  let outsideImage: string
  beforeAll(async () => {
    const shared = await folder(alice, 'Viewer')
    const sub = await folder(alice, 'Deeper', shared)
    inside = {
      folder: shared,
      image: await file(alice, 'inside.png', png, shared),
      video: await file(alice, 'inside.mp4', clip, shared),
      song: await file(alice, 'inside.mp3', clip, shared),
      text: await file(alice, 'inside.txt', 'words', shared),
      bmp: await file(alice, 'inside.bmp', makeBmp(), shared),
      deep: await file(alice, 'deep.png', png, sub),
    }
    outsideImage = image
    await server.app.cumulus.thumbnails.idle()
  })

  it('given a link without a limit, then images are the viewer’s full-size image, videos and songs stream with ranges, and nothing counts', async () => {
    const link = await share(alice, { itemType: 'folder', itemId: inside.folder })
    expect((await anon(server).get(base(link.token))).body).toEqual({
      itemType: 'folder',
      name: 'Viewer',
      access: 'view',
      expiresAt: null,
      videoPreview: true,
    })
    const at = (id: string) => `${base(link.token)}/preview/${id}`
    const picture = await anon(server).bytes(at(inside.image))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/png')
    expect(picture.body.equals(png)).toBe(true)
    expectUploadedContent(picture.headers)
    // Deeper in the subtree too.
    expect((await anon(server).bytes(at(inside.deep))).body.equals(png)).toBe(true)
    // A format browsers cannot be trusted with: the same converted image the signed-in viewer gets.
    const converted = await anon(server).bytes(at(inside.bmp))
    expect(converted.headers.get('content-type')).toBe('image/webp')
    expect(converted.body.equals((await alice.bytes(`/file-service/full-thumbnail/${inside.bmp}`)).body)).toBe(true)
    const part = await anon(server).bytes(at(inside.video), { range: 'bytes=10-19' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${clip.length}`)
    expect(part.headers.get('content-type')).toBe('video/mp4')
    expect(part.headers.get('content-disposition')).toMatch(/^inline/)
    expect(part.body.equals(clip.subarray(10, 20))).toBe(true)
    expectUploadedContent(part.headers)
    // A song plays in the viewer's player the same way: its bytes inline, under its own type.
    const song = await anon(server).bytes(at(inside.song), { range: 'bytes=0-9' })
    expect(song.status).toBe(206)
    expect(song.headers.get('content-type')).toBe('audio/mpeg')
    expect(song.headers.get('content-disposition')).toMatch(/^inline/)
    expect(song.body.equals(clip.subarray(0, 10))).toBe(true)
    expectUploadedContent(song.headers)
    const head = await anon(server).request('HEAD', at(inside.image))
    expect(head.status).toBe(200)
    expect(await downloads(link._id)).toBe(0)
  })

  it('given a file with nothing to show, outside the subtree, trashed, or unknown, then 404', async () => {
    const link = await share(alice, { itemType: 'folder', itemId: inside.folder })
    const at = (id: string) => `${base(link.token)}/preview/${id}`
    expect((await anon(server).get(at(inside.text))).status).toBe(404)
    const outside = await anon(server).get(at(outsideImage))
    expect(outside.status).toBe(404)
    expect(outside.text).not.toContain('photo.png')
    expect((await anon(server).get(at('no-such-file'))).status).toBe(404)
    const doomed = await file(alice, 'doomed.png', png, inside.folder)
    expect((await anon(server).bytes(at(doomed))).status).toBe(200)
    await alice.patch('/file-service/trash', { id: doomed })
    expect((await anon(server).get(at(doomed))).status).toBe(404)
    // A file link has no files under it.
    const own = await share(alice, { itemType: 'file', itemId: image })
    expect((await anon(server).get(`${base(own.token)}/preview/${image}`)).status).toBe(404)
  })

  it('given a limited link, then no video, no song and no original bytes: an image that is its own preview gets its thumbnail; nothing spends a download', async () => {
    const link = await share(alice, { itemType: 'folder', itemId: inside.folder, maxDownloads: 1 })
    expect((await anon(server).get(base(link.token))).body.videoPreview).toBe(false)
    const at = (id: string) => `${base(link.token)}/preview/${id}`
    const picture = await anon(server).bytes(at(inside.image))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/webp')
    expect(picture.body.equals(png)).toBe(false)
    expect(picture.body.equals((await anon(server).bytes(`${base(link.token)}/thumbnail/${inside.image}`)).body)).toBe(
      true,
    )
    // A converted preview is not the original: it is served as the signed-in viewer has it.
    const converted = await anon(server).bytes(at(inside.bmp))
    expect(converted.body.equals((await alice.bytes(`/file-service/full-thumbnail/${inside.bmp}`)).body)).toBe(true)
    const refused = await anon(server).get(at(inside.video), { range: 'bytes=0-99' })
    expect(refused.status).toBe(404)
    expect((await anon(server).get(at(inside.song), { range: 'bytes=0-99' })).status).toBe(404)
    expect(await downloads(link._id)).toBe(0)
    // The one download is still there, and spending it ends the previews as well.
    expect((await anon(server).bytes(`${base(link.token)}/download/${inside.text}`)).status).toBe(200)
    expect((await anon(server).get(at(inside.image))).status).toBe(404)
  })
})
