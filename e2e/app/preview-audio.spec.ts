// A song in the viewer (DESIGN.md §8 "Previews"): its tags and cover art, read by the server's
// queue, and Chromium playing it from the stream route.
import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import { ffmpegAvailable, makeSong } from '../../tests/server/helpers/media.ts'
import { upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'

test('given an mp3 with tags and cover art, when opened, then the player shows them and plays', async ({ page }) => {
  test.skip(!ffmpegAvailable, 'needs ffmpeg on PATH to make the song (CI installs it)')
  await signedIn(page)
  const cover = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer()
  const song = makeSong('mp3', { title: 'Morning Song', artist: 'The Larks', album: 'Dawn' }, { cover, seconds: 6 })
  const file = await upload(page.request, 'morning.mp3', song)
  await page.reload()
  // The card shows the cover once the queue has read it.
  await expect(item(page, 'morning.mp3').locator('img')).toBeVisible({ timeout: 15_000 })
  await item(page, 'morning.mp3').click()
  await item(page, 'morning.mp3').click()

  const viewer = page.getByRole('dialog', { name: 'morning.mp3' })
  // The tags come from GET /file-service/media-info/{id}; a server without it leaves the file name.
  const tagged = (await page.request.get(`/file-service/media-info/${file._id}`)).status() !== 404
  const player = viewer.getByRole('group', { name: tagged ? 'Morning Song' : 'morning.mp3' })
  await expect(player).toBeVisible()
  if (tagged) {
    await expect(player.getByText('The Larks')).toBeVisible()
    await expect(player.getByText('Dawn')).toBeVisible()
  }
  const img = player.getByRole('img', { name: 'Cover art' })
  await expect(img).toHaveAttribute('src', /\/file-service\/thumbnail\//)
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)

  const audio = player.locator('audio')
  await expect(audio).toHaveAttribute('src', /\/file-service\/stream-video\//)
  await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled()
  await expect(player.locator('[data-part="audio-total"]')).toHaveText('0:06')
  await player.getByRole('button', { name: 'Mute' }).click()
  await player.getByRole('button', { name: 'Play' }).click()
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false)
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0)
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()
  // Space pauses while focus is inside the player (on the seek slider).
  await player.getByRole('slider', { name: 'Seek' }).focus()
  await page.keyboard.press('Space')
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true)
})
