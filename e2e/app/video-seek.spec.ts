// Seeking in Chromium's own <video> element against the stream route: it must issue range
// requests and play from the new position, for mp4 (H.264) and webm (VP9).
import { expect, test } from '@playwright/test'
import { ffmpegAvailable, makeVideo } from '../../tests/server/helpers/media.ts'
import { signUp, upload } from '../support/api.ts'

for (const ext of ['mp4', 'webm'] as const) {
  test(`given a ${ext} streamed from the server, when seeking, then Chromium plays from the new position`, async ({
    page,
  }) => {
    test.skip(!ffmpegAvailable, 'needs ffmpeg on PATH to make the clip (CI installs it)')
    // Debian's Chromium ships without the proprietary H.264 decoder on some builds.
    if (ext === 'mp4') {
      await page.goto('/')
      const canPlay = await page.evaluate(() =>
        document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E"'),
      )
      test.skip(canPlay === '', 'this Chromium build has no H.264 decoder')
    }
    await page.goto('/')
    await signUp(page.request)
    const file = await upload(page.request, `clip.${ext}`, makeVideo(ext, 8))
    await page.request.get('/file-service/download/access-token-stream-video')
    const ranges: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/stream-video/')) ranges.push(req.headers()['range'] ?? '')
    })
    const result = await page.evaluate(async (id) => {
      const video = document.createElement('video')
      video.muted = true
      video.preload = 'auto'
      video.src = `/file-service/stream-video/${id}`
      document.body.append(video)
      await new Promise((resolve, reject) => {
        video.onloadedmetadata = resolve
        video.onerror = () => reject(new Error(`video error ${video.error?.code}`))
      })
      const duration = video.duration
      video.currentTime = 6
      await new Promise((resolve) => (video.onseeked = resolve))
      await video.play()
      await new Promise((r) => setTimeout(r, 300))
      return { duration, time: video.currentTime }
    }, file._id)
    expect(result.duration).toBeGreaterThan(7)
    expect(result.time).toBeGreaterThanOrEqual(6)
    expect(ranges.some((r) => r.startsWith('bytes='))).toBe(true)
  })
}
