// The media gallery (issue #23): justified rows that fill the width, a month header that sticks
// under the app header, keyboard moves that follow the rows, names on hover, and the empty state's
// upload action. On the real server, in Chromium at 1440 px.
import { expect, type Page, test } from '@playwright/test'
import { format } from 'date-fns'
import { defaultTargetRowHeight } from '../../lib/components/photo-gallery/gallery-layout.ts'
import { makeImage, makePhoto } from '../../tests/server/helpers/media.ts'
import { upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'

test.use({ viewport: { width: 1440, height: 900 } })

const gallery = (page: Page) => page.getByRole('listbox', { name: 'Photos and Videos' })
/** A month's header: the one that sticks is drawn above the listbox, not in it (options only go there). */
const monthHeader = (page: Page, month: string) => page.getByRole('main').getByText(month, { exact: true }).first()

/** Each rendered row's tiles: left, right, top and height in px, plus the gallery's width. */
const rowBoxes = (page: Page) =>
  gallery(page).evaluate((list) => {
    const rows = [...list.querySelectorAll('[role="none"]')].filter((row) => row.querySelector('[role="option"]'))
    return {
      width: list.clientWidth,
      left: list.getBoundingClientRect().left,
      rows: rows.map((row) =>
        [...row.querySelectorAll('[role="option"]')].map((tile) => tile.getBoundingClientRect().toJSON() as DOMRect),
      ),
    }
  })

test.describe('media gallery', () => {
  test('rows fill the width at ~180 px, a month header sticks, arrows follow the rows, names show on hover', async ({
    page,
  }) => {
    await signedIn(page)
    const png = await makeImage('png')
    for (let i = 0; i < 38; i++) await upload(page.request, `photo-${String(i).padStart(2, '0')}.png`, png)
    // A file joins the media list once its thumbnail is made, off the request path.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/file-service/list?mediaMode=true&limit=100')).json()) as unknown[]).length,
        { timeout: 30_000 },
      )
      .toBe(38)
    await page.getByRole('link', { name: 'Media' }).first().click()
    await expect(item(page, 'photo-37.png')).toBeVisible({ timeout: 15_000 })

    const month = format(new Date(), 'MMMM yyyy')
    await expect(monthHeader(page, month)).toBeVisible()

    const { width, left, rows } = await rowBoxes(page)
    expect(rows.length).toBeGreaterThan(2)
    // Every row spans the gallery exactly, its 4:3 tiles near 180 px tall.
    for (const row of rows) {
      expect(Math.abs(row[0]!.left - left)).toBeLessThanOrEqual(1)
      expect(Math.abs(row.at(-1)!.right - (left + width))).toBeLessThanOrEqual(1)
      expect(row[0]!.height).toBeGreaterThan(150)
      expect(row[0]!.height).toBeLessThan(215)
    }
    // Arrows: Down lands right under the tile it left; Up comes back; End is the last photo.
    const first = item(page, 'photo-37.png')
    await first.focus()
    await page.keyboard.press('ArrowRight')
    const from = await page.evaluate(
      () => (document.activeElement as HTMLElement).getBoundingClientRect().toJSON() as DOMRect,
    )
    await page.keyboard.press('ArrowDown')
    const to = await page.evaluate(
      () => (document.activeElement as HTMLElement).getBoundingClientRect().toJSON() as DOMRect,
    )
    expect(to.top).toBeGreaterThan(from.bottom - 1)
    expect(to.left).toBeLessThanOrEqual(from.left + from.width / 2)
    expect(to.right).toBeGreaterThanOrEqual(from.left + from.width / 2)
    await page.keyboard.press('ArrowUp')
    await expect(item(page, 'photo-36.png')).toBeFocused()
    await page.keyboard.press('End')
    await expect(item(page, 'photo-00.png')).toBeFocused()
    await expect(item(page, 'photo-00.png')).toBeInViewport()
    // 38 squares do not fill the month's last row: it keeps the target height for the gallery's width
    // (the justified rows come within a few px of it) and does not stretch to the edge.
    const end = await rowBoxes(page)
    const last = end.rows.at(-1)!
    expect(last.length).toBeLessThan(end.rows.at(-2)!.length)
    expect(last.at(-1)!.right).toBeLessThan(left + width - 50)
    expect(Math.abs(last[0]!.height - defaultTargetRowHeight(width))).toBeLessThanOrEqual(1)

    // Hover shows the name over the picture (a tile in view at the end, so the focused one stays rendered).
    const tile = item(page, 'photo-02.png')
    await tile.hover()
    await expect(tile.getByText('photo-02.png')).toBeVisible()

    // Scrolled down, the month header stays under the app header.
    await page.keyboard.press('Home')
    // Home's scroll to the first row settles first (Virtuoso corrects it once rows are measured), and
    // the page is scrolled by script: a wheel right after it was lost now and then on a loaded machine.
    await expect(item(page, 'photo-37.png')).toBeFocused()
    let lastY = -1
    await expect
      .poll(
        async () => {
          const y = await page.evaluate(() => window.scrollY)
          const settled = y === lastY
          lastY = y
          return settled && y === 0
        },
        { intervals: [250] },
      )
      .toBe(true)
    await page.evaluate(() => window.scrollBy(0, 500))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
    const header = monthHeader(page, month)
    await expect(header).toBeVisible()
    const appHeader = await page.locator('header').first().boundingBox()
    await expect
      .poll(async () => Math.round((await header.boundingBox())!.y))
      .toBeGreaterThanOrEqual(Math.round(appHeader!.y + appHeader!.height) - 1)
    expect((await header.boundingBox())!.y).toBeLessThan(appHeader!.y + appHeader!.height + 40)
  })

  test('the date scrubber lists the years and months and jumps to an older month with the keyboard', async ({
    page,
  }) => {
    await signedIn(page)
    // Mid-month at noon, so the month is the same in any time zone. Enough of June 2024 to push 2019
    // off the screen, and of January 2018 under it so the page can scroll March 2019 to the top.
    const june = await makePhoto({ taken: '2024:06:15 12:00:00', width: 64, height: 48 })
    const march = await makePhoto({ taken: '2019:03:15 12:00:00', width: 64, height: 48 })
    const january = await makePhoto({ taken: '2018:01:15 12:00:00', width: 64, height: 48 })
    for (let i = 0; i < 30; i++) await upload(page.request, `june-${String(i).padStart(2, '0')}.jpg`, june)
    for (let i = 0; i < 3; i++) await upload(page.request, `march-${i}.jpg`, march)
    for (let i = 0; i < 25; i++) await upload(page.request, `january-${String(i).padStart(2, '0')}.jpg`, january)
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/file-service/list?mediaMode=true&limit=100')).json()) as unknown[]).length,
        { timeout: 30_000 },
      )
      .toBe(58)
    await page.getByRole('link', { name: 'Media' }).first().click()
    // Photos taken at the same second have no order among them, and the gallery draws only the
    // rows near the screen: any of June's is the top of the page.
    await expect(
      gallery(page)
        .getByRole('option', { name: /^june-/ })
        .first(),
    ).toBeVisible({ timeout: 15_000 })

    const scrubber = page.getByRole('navigation', { name: 'Jump to month' })
    await expect(scrubber).toBeVisible()
    await expect(scrubber).toContainText('2024')
    await expect(scrubber).toContainText('2019')
    await expect(scrubber).toContainText('2018')
    await expect(scrubber.getByRole('button')).toHaveCount(3)
    await expect(item(page, 'march-0.jpg')).not.toBeInViewport()

    // Down moves from June 2024 to March 2019, Enter jumps there.
    await scrubber.getByRole('button', { name: 'Jun 2024' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(scrubber.getByRole('button', { name: 'Mar 2019' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
    // The month's heading is at the top, right under the app header, and its photos are in view.
    const header = monthHeader(page, 'March 2019')
    await expect(header).toBeInViewport()
    const appHeader = (await page.locator('header').first().boundingBox())!
    await expect
      .poll(async () => Math.round((await header.boundingBox())!.y))
      .toBeGreaterThanOrEqual(Math.round(appHeader.y + appHeader.height) - 1)
    expect((await header.boundingBox())!.y).toBeLessThan(appHeader.y + appHeader.height + 40)
    await expect(item(page, 'march-0.jpg')).toBeInViewport()
    // The scrubber stuck beside the gallery, on its inline-end edge.
    const strip = (await scrubber.boundingBox())!
    expect(strip.y).toBeLessThan(appHeader.y + appHeader.height + 40)
    expect(strip.x).toBeGreaterThan((await gallery(page).boundingBox())!.x)
  })

  test('an empty gallery says so and its Upload Files button uploads into it', async ({ page }) => {
    await signedIn(page)
    await page.getByRole('link', { name: 'Media' }).first().click()
    await expect(page.getByRole('heading', { name: 'No photos or videos yet' })).toBeVisible()
    await expect(page.getByText('Upload photos and videos and they show up here')).toBeVisible()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('main').getByRole('button', { name: 'Upload Files' }).click()
    await (await chooser).setFiles({ name: 'first.png', mimeType: 'image/png', buffer: await makeImage('png') })
    await expect(item(page, 'first.png')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('heading', { name: 'No photos or videos yet' })).toHaveCount(0)
  })
})
