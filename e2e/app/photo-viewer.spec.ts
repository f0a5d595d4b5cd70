// The photo viewer on the real server: on a phone a double tap zooms the photo and a swipe (while
// fitted) goes to the next one; on a desktop `i` opens the info pane with the photo's dimensions.
// Photos are made by sharp in the test.
import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'

const photo = (width: number, height: number, hue: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: hue } })
    .jpeg()
    .toBuffer()

/** Uploads two photos and waits until both have thumbnails (they join the viewer's list then). */
async function twoPhotos(page: Page) {
  await upload(page.request, 'first.jpg', await photo(1200, 800, { r: 40, g: 120, b: 200 }))
  await upload(page.request, 'second.jpg', await photo(800, 1200, { r: 200, g: 80, b: 40 }))
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get('/file-service/list?mediaMode=true&limit=10')).json()) as unknown[]
        return list.length
      },
      { timeout: 30_000 },
    )
    .toBe(2)
}

/** The picture's current scale, from its computed transform matrix (a, b: scale × cos, sin). */
const scaleOf = (img: Locator) =>
  img.evaluate((element) => {
    const { a, b } = new DOMMatrixReadOnly(getComputedStyle(element).transform)
    return Math.hypot(a, b)
  })

/** A one-finger swipe across `target`'s middle by `dx` px, as real touch input (Chromium makes the pointer events). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = await target.boundingBox()
  if (!box) throw new Error('swipe: the target is not visible')
  const y = box.y + box.height / 2
  const x = box.x + box.width / 2 - dx / 2
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
    for (let step = 1; step <= 8; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 8, y }] })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  } finally {
    await cdp.detach()
  }
}

test.describe('photo viewer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a double tap zooms in and out; fitted, a swipe to the left shows the next photo', async ({ page }) => {
    await signedIn(page)
    await twoPhotos(page)
    await page.reload()
    // Quick Access opens on one tap on a phone; newest first, so second.jpg, then first.jpg.
    const quick = page.getByRole('region', { name: 'Quick Access' }).getByRole('button', { name: /^second\.jpg/ })
    await quick.tap()
    const viewer = page.getByRole('dialog', { name: 'second.jpg' })
    const img = viewer.getByRole('img', { name: 'second.jpg' })
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
    const box = (await img.boundingBox())!
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }

    await page.touchscreen.tap(centre.x, centre.y)
    await page.touchscreen.tap(centre.x, centre.y)
    await expect.poll(() => scaleOf(img)).toBeGreaterThan(1.5)
    // Zoomed, a swipe pans instead of changing the photo.
    await swipe(page, img, -150)
    await expect(viewer).toBeVisible()
    await page.touchscreen.tap(centre.x, centre.y)
    await page.touchscreen.tap(centre.x, centre.y)
    await expect.poll(() => scaleOf(img)).toBeCloseTo(1, 2)

    await swipe(page, img, -200)
    await expect(page.getByRole('dialog', { name: 'first.jpg' })).toBeVisible()
    await swipe(page, page.getByRole('dialog', { name: 'first.jpg' }).getByRole('img'), 200)
    await expect(page.getByRole('dialog', { name: 'second.jpg' })).toBeVisible()
  })
})

test.describe('photo viewer on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('i opens the info pane with the dimensions; i again closes it', async ({ page }) => {
    await signedIn(page)
    await twoPhotos(page)
    await page.reload()
    await item(page, 'first.jpg').dblclick()
    const viewer = page.getByRole('dialog', { name: 'first.jpg' })
    await expect(viewer.getByRole('img', { name: 'first.jpg' })).toBeVisible()
    await page.keyboard.press('i')
    const pane = viewer.getByRole('region', { name: 'Info' })
    await expect(pane).toContainText('1200 × 800')
    await expect(viewer.getByRole('button', { name: 'Info' })).toHaveAttribute('aria-pressed', 'true')
    // Beside the photo, not over it.
    const paneBox = (await pane.boundingBox())!
    const imgBox = (await viewer.getByRole('img', { name: 'first.jpg' }).boundingBox())!
    expect(paneBox.x).toBeGreaterThanOrEqual(imgBox.x + imgBox.width - 1)
    await page.keyboard.press('i')
    await expect(pane).toHaveCount(0)
  })
})
