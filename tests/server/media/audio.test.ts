// Songs: the queue reads their tags into media_info and their cover art into the thumbnail; they
// stream with ranges under their own audio type and never join the Media page.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { ffmpegAvailable, makeSong } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('listener'))
})
afterAll(() => server.close())

/** A 300 × 300 cover, red on the left half and blue on the right, so the thumbnail's pixels tell. */
const makeCover = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 150, height: 300, channels: 3, background: '#0000ff' } },
        left: 150,
        top: 0,
      },
    ])
    .png()
    .toBuffer()

async function uploadAndWait(name: string, data: Buffer) {
  const r = await alice.upload(name, data)
  expect(r.status).toBe(201)
  await server.app.cumulus.thumbnails.idle()
  const file = (await alice.get(`/file-service/info/${r.body._id}`)).body
  const row = await server.app.cumulus.db
    .selectFrom('files')
    .select(['thumb_state', 'media_info', 'media', 'mime'])
    .where('id', '=', r.body._id)
    .executeTakeFirstOrThrow()
  return { file, row, info: row.media_info ? JSON.parse(row.media_info) : null }
}

/** A PNG whose header claims another size (its CRC mended), as a decompression bomb's does. */
function claimedSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png)
  // Signature (8), IHDR length (4), "IHDR" (4), width, height, …, the CRC over type and data.
  out.writeUInt32BE(width, 16)
  out.writeUInt32BE(height, 20)
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29)
  return out
}

/** The RGB of one pixel of an image. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at], data[at + 1], data[at + 2]]
}

describe.skipIf(!ffmpegAvailable)('audio (songs made with ffmpeg; needs ffmpeg on PATH)', () => {
  it('given an mp3 with ID3 tags and a cover, then its info is stored and the cover is a WebP thumbnail, kept out of Media', async () => {
    const song = makeSong(
      'mp3',
      { title: 'Café del Mar', artist: 'Energy 52', album: 'Best of Ibiza', track: '7' },
      { cover: await makeCover(), seconds: 3 },
    )
    const { file, row, info } = await uploadAndWait('song.mp3', song)
    expect(row.thumb_state).toBe('done')
    expect(file.metadata.preview).toBe('audio')
    expect(file.metadata.isVideo).toBe(false)
    expect(info.audio).toMatchObject({ title: 'Café del Mar', artist: 'Energy 52', album: 'Best of Ibiza', track: 7 })
    expect(info.audio.duration).toBeGreaterThan(2.9)
    expect(info.audio.duration).toBeLessThan(3.2)
    expect(info.codec).toMatch(/MPEG/)

    expect(file.metadata.hasThumbnail).toBe(true)
    const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(thumb.body).metadata()
    expect(meta.format).toBe('webp')
    expect([meta.width, meta.height]).toEqual([256, 256])
    const [r, , b] = await pixel(thumb.body, 20, 128)
    expect(r).toBeGreaterThan(200)
    expect(b).toBeLessThan(60)
    const [r2, , b2] = await pixel(thumb.body, 236, 128)
    expect(r2).toBeLessThan(60)
    expect(b2).toBeGreaterThan(200)

    // A song's cover is not a photo: the Media page (and its photos filter) leaves it out.
    expect(row.media).toBe(0)
    for (const filter of ['all', 'photos', 'videos']) {
      const media = await alice.get(`/file-service/list?mediaMode=true&mediaFilter=${filter}&limit=100`)
      expect(media.status).toBe(200)
      expect(media.body.map((f: { _id: string }) => f._id)).not.toContain(file._id)
    }
  })

  it.each([
    ['m4a', 'song.m4a', 'audio/mp4', /AAC/],
    ['flac', 'song.flac', 'audio/flac', /FLAC/],
    ['ogg', 'song.ogg', 'audio/ogg', /Vorbis/],
    ['opus', 'song.opus', 'audio/ogg', /Opus/],
  ] as const)(
    'given a tagged %s without a cover, then its info and no thumbnail, done',
    async (ext, name, mime, codec) => {
      const song = makeSong(ext, { title: `Title ${ext}`, artist: 'Ärtist', album: 'Älbum' })
      const { file, row, info } = await uploadAndWait(name, song)
      expect(row.mime).toBe(mime)
      expect(row.thumb_state).toBe('done')
      expect(file.metadata.hasThumbnail).toBe(false)
      expect(info.audio).toMatchObject({ title: `Title ${ext}`, artist: 'Ärtist', album: 'Älbum' })
      expect(info.audio.duration).toBeGreaterThan(1.9)
      expect(info.audio.duration).toBeLessThan(2.2)
      expect(info.codec).toMatch(codec)
    },
  )

  it('given a FLAC with a picture block, then the picture is the thumbnail', async () => {
    const { file, info } = await uploadAndWait(
      'cover.flac',
      makeSong('flac', { title: 'With cover' }, { cover: await makeCover() }),
    )
    expect(info.audio.title).toBe('With cover')
    expect(file.metadata.hasThumbnail).toBe(true)
    const thumb = await alice.bytes(`/file-service/thumbnail/${file.metadata.thumbnailID}`)
    expect((await sharp(thumb.body).metadata()).width).toBe(256)
  })

  it('given an untagged wav, then its length and codec, no title', async () => {
    const { row, info } = await uploadAndWait('tone.wav', makeSong('wav', {}, { seconds: 1 }))
    expect(row.thumb_state).toBe('done')
    expect(info.audio.title).toBeUndefined()
    expect(info.audio.duration).toBeCloseTo(1, 1)
    expect(info.codec).toBe('PCM')
  })

  it('given a WAV longer than the 16 MiB read, then its tags and its length from the byte rate', async () => {
    const { row, info } = await uploadAndWait('long.wav', makeSong('wav', { title: 'Long one' }, { seconds: 200 }))
    expect(row.thumb_state).toBe('done')
    expect(info.audio.title).toBe('Long one')
    expect(info.audio.duration).toBeCloseTo(200, 0)
  })

  it('given tags with control characters and a 5,000-character title, then they are cleaned and bounded', async () => {
    const { info } = await uploadAndWait('long.mp3', makeSong('mp3', { title: 'x'.repeat(5000), artist: 'A\tB' }))
    expect(info.audio.title).toBe('x'.repeat(200))
    expect(info.audio.artist).toBe('A B')
  })

  it('given a truncated mp3, then the tags still read and the server keeps serving', async () => {
    const song = makeSong('mp3', { title: 'Cut short' }, { cover: await makeCover(), seconds: 3 })
    const { row, info, file } = await uploadAndWait('cut.mp3', song.subarray(0, Math.floor(song.length * 0.6)))
    // The ID3 tag sits before the audio: cut audio does not lose it.
    expect(row.thumb_state).toBe('done')
    expect(info.audio.title).toBe('Cut short')
    expect(file.length).toBe(Math.floor(song.length * 0.6))
    expect((await alice.get('/healthz')).status).toBe(200)
  })

  it('given a text named .mp3, then the job fails and the upload stands', async () => {
    const { file, row } = await uploadAndWait('not-a-song.mp3', Buffer.from('just some words, not audio\n'.repeat(50)))
    expect(row.thumb_state).toBe('failed')
    expect(file.metadata.hasThumbnail).toBe(false)
    expect(file.metadata.preview).toBe('audio')
    expect((await alice.bytes(`/file-service/download/${file._id}`)).status).toBe(200)
  })

  it('given a cover that claims 100 megapixels (a bomb), then the tags without a thumbnail', async () => {
    const bomb = await claimedSize(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      10_000,
      10_000,
    )
    const { row, info, file } = await uploadAndWait('bomb.mp3', makeSong('mp3', { title: 'Bomb' }, { cover: bomb }))
    expect(row.thumb_state).toBe('done')
    expect(info.audio.title).toBe('Bomb')
    expect(file.metadata.hasThumbnail).toBe(false)
    expect((await alice.get('/healthz')).status).toBe(200)
  })

  it('given an mp3, when the player asks for ranges on the stream route, then 206 with audio/mpeg, nosniff and a sandbox', async () => {
    const song = makeSong('mp3', { title: 'Stream me' }, { seconds: 3 })
    const { file } = await uploadAndWait('stream.mp3', song)
    await alice.get('/file-service/download/access-token-stream-video')
    const s = new Browser(server.url)
    s.cookies.set('video-access-token', alice.cookies.get('video-access-token')!)
    const size = song.length
    for (const [range, start, end] of [
      ['bytes=0-1023', 0, 1023],
      [`bytes=${size - 500}-`, size - 500, size - 1],
    ] as const) {
      const res = await s.bytes(`/file-service/stream-video/${file._id}`, { range })
      expect(res.status, range).toBe(206)
      expect(res.headers.get('content-type')).toBe('audio/mpeg')
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`)
      expect(res.headers.get('accept-ranges')).toBe('bytes')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/)
      expect(res.body.equals(song.subarray(start, end + 1))).toBe(true)
    }
    // The download route stays an attachment of no type a browser would render.
    const dl = await alice.bytes(`/file-service/download/${file._id}`, { range: 'bytes=0-99' })
    expect(dl.status).toBe(206)
    expect(dl.headers.get('content-type')).toBe('application/octet-stream')
    // Another user's song does not stream.
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('bob'))
    await bob.get('/file-service/download/access-token-stream-video')
    const b = new Browser(server.url)
    b.cookies.set('video-access-token', bob.cookies.get('video-access-token')!)
    expect((await b.bytes(`/file-service/stream-video/${file._id}`, { range: 'bytes=0-9' })).status).toBe(404)
  })
})
