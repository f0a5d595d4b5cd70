import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { ffmpegAvailable, makeVideo } from '../helpers/media.ts'
import { randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('viewer'))
})
afterAll(() => server.close())

/** A browser that holds only the stream cookie, as a <video> element's requests do on that path. */
function streamOnly(b: Browser) {
  const s = new Browser(server.url)
  s.cookies.set('video-access-token', b.cookies.get('video-access-token')!)
  return s
}

describe('video streaming', () => {
  // Real clips need ffmpeg; the byte-level checks below run on any bytes named .mp4.
  const clip = ffmpegAvailable ? makeVideo('mp4') : randomBytes(300_000, 4)

  it('given the stream token, then a cookie scoped to the stream path, and ranges stream with the video type', async () => {
    const file = (await alice.upload('movie.mp4', clip)).body
    const r = await alice.get('/file-service/download/access-token-stream-video')
    expect(r.status).toBe(200)
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('video-access-token='))!
    expect(cookie).toMatch(/Path=\/file-service\/stream-video/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)

    const s = streamOnly(alice)
    const size = clip.length
    for (const [range, start, end] of [
      ['bytes=0-', 0, size - 1],
      ['bytes=0-1023', 0, 1023],
      [
        `bytes=${Math.floor(size / 2)}-${Math.floor(size / 2) + 4095}`,
        Math.floor(size / 2),
        Math.floor(size / 2) + 4095,
      ],
      ['bytes=-2048', size - 2048, size - 1],
    ] as const) {
      const res = await s.bytes(`/file-service/stream-video/${file._id}`, { range })
      expect(res.status, range).toBe(206)
      expect(res.headers.get('content-type')).toBe('video/mp4')
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`)
      expect(res.body.equals(clip.subarray(start, end + 1))).toBe(true)
    }
    expect((await s.bytes(`/file-service/stream-video/${file._id}`, { range: `bytes=${size}-` })).status).toBe(416)
    const whole = await s.bytes(`/file-service/stream-video/${file._id}`)
    expect(whole.status).toBe(200)
    expect(whole.body.equals(clip)).toBe(true)
  })

  it('given a webm, then its own type', async () => {
    const webm = ffmpegAvailable ? makeVideo('webm', 1) : randomBytes(10_000, 2)
    const file = (await alice.upload('clip.webm', webm)).body
    await alice.get('/file-service/download/access-token-stream-video')
    const res = await streamOnly(alice).bytes(`/file-service/stream-video/${file._id}`, { range: 'bytes=0-99' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-type')).toBe('video/webm')
  })

  it('given no token, a removed token or another user, then no stream', async () => {
    const file = (await alice.upload('private.mp4', clip)).body
    expect((await new Browser(server.url).bytes(`/file-service/stream-video/${file._id}`)).status).toBe(401)
    await alice.get('/file-service/download/access-token-stream-video')
    const removed = await alice.delete('/file-service/remove-stream-video-token')
    expect(removed.status).toBe(200)
    expect(
      removed.headers
        .getSetCookie()
        .some((c) => c.startsWith('video-access-token=;') && /Path=\/file-service\/stream-video/.test(c)),
    ).toBe(true)
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('bob'))
    await bob.get('/file-service/download/access-token-stream-video')
    expect((await streamOnly(bob).bytes(`/file-service/stream-video/${file._id}`)).status).toBe(404)
  })

  it('given a stream token, then it is not an access token, and logout ends it', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('carol'))
    const file = (await b.upload('c.mp4', clip)).body
    await b.get('/file-service/download/access-token-stream-video')
    const s = streamOnly(b)
    const token = b.cookies.get('video-access-token')!
    expect((await new Browser(server.url).get('/user-service/user', { cookie: `access-token=${token}` })).status).toBe(
      401,
    )
    expect((await s.bytes(`/file-service/stream-video/${file._id}`, { range: 'bytes=0-9' })).status).toBe(206)
    await b.post('/user-service/logout')
    expect((await s.bytes(`/file-service/stream-video/${file._id}`, { range: 'bytes=0-9' })).status).toBe(401)
  })
})
