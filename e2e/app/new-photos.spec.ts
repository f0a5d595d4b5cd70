// Photos just uploaded get their thumbnails without a reload: the list says which thumbnails are
// still being made (thumbnailPending) and the app reads it again until they are there. Eight large
// JPEGs through ADD NEW, on the real server and its thumbnail queue; then a double-click opens the
// viewer, as for any photo.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { addNewUpload, item, signedIn } from '../support/browser.ts'

// Tall enough that the virtualised grid renders all eight cards at once.
test.use({ viewport: { width: 1280, height: 1600 } })

let scratch: string
test.beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'cumulus-photos-'))
})
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A camera-sized JPEG of noise (slow to decode and shrink, as real photos are). */
const photo = (seed: number) =>
  sharp({
    create: {
      width: 1800,
      height: 1350,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 90 + seed * 10, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer()

test('eight new photos each show their thumbnail without a reload, and a double-click opens the viewer', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const paths: string[] = []
  for (let i = 0; i < 8; i++) {
    const path = join(scratch, `camera-${i}.jpg`)
    writeFileSync(path, await photo(i))
    paths.push(path)
  }
  await signedIn(page)
  await addNewUpload(page, 'Upload Files', paths)
  const files = page.getByRole('listbox', { name: 'Home Files' })
  await expect(files.getByRole('option')).toHaveCount(8, { timeout: 120_000 })
  // Every card swaps its badge for its thumbnail, with no reload.
  for (let i = 0; i < 8; i++) {
    await expect(item(page, `camera-${i}.jpg`).locator('img[src*="/file-service/thumbnail/"]')).toBeVisible({
      timeout: 60_000,
    })
  }

  await item(page, 'camera-3.jpg').dblclick()
  const viewer = page.getByRole('dialog', { name: 'camera-3.jpg' })
  await expect(viewer).toBeVisible()
  await expect(viewer.getByRole('img', { name: 'camera-3.jpg' })).toHaveAttribute(
    'src',
    /\/file-service\/full-thumbnail\//,
  )
  await expect(page.getByRole('group', { name: 'File details' })).toHaveCount(0)
})
