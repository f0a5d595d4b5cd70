// Issue #23, points 7, 8, 9, 12 and 13: the file browser's layout on a phone and a desktop, and the
// keyboard where it used to slip (Shift+F10 on any item, the Move dialog's focus).
import { expect, type Locator, type Page, test } from '@playwright/test'
import { makeImage, makeVideo } from '../../tests/server/helpers/media.ts'
import { createFolder, fileInfo, upload } from '../support/api.ts'
import { item, itemAction, signedIn } from '../support/browser.ts'

const box = async (locator: Locator) => {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

/** What has focus: "body" when focus was dropped. */
const focused = (page: Page) =>
  page.evaluate(() =>
    document.activeElement === document.body
      ? 'body'
      : (document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''),
  )

/** Eight files, the video last so it is the newest (first in Quick Access and the grid). */
async function seed(page: Page) {
  await createFolder(page.request, 'Archive')
  for (let i = 0; i < 6; i++)
    await upload(page.request, `photo-${i}-with-a-rather-long-name.png`, await makeImage('png'))
  await upload(page.request, 'notes.txt', 'hello')
  const clip = await upload(page.request, 'clip.webm', makeVideo('webm', 2))
  // The viewer opens files with a preview: wait for the video's.
  await expect
    .poll(async () => (await fileInfo(page.request, clip._id)).metadata.hasThumbnail, { timeout: 20_000 })
    .toBe(true)
  await page.reload()
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('given a phone, then files are two compact columns, Quick Access one row, and the video viewer spans the width on black', async ({
    page,
  }) => {
    await signedIn(page)
    await seed(page)

    // Point 7: two columns of compact cards, names on at most two lines.
    const cards = page.getByRole('listbox', { name: 'Home Files' }).getByRole('option')
    await expect(cards.nth(3)).toBeVisible()
    const [first, second, third] = [await box(cards.nth(0)), await box(cards.nth(1)), await box(cards.nth(2))]
    expect(second.y).toBe(first.y)
    expect(second.x).toBeGreaterThan(first.x + first.width - 1)
    expect(third.y).toBeGreaterThan(first.y)
    expect(first.height).toBeLessThan(190)
    const longName = item(page, 'photo-5').getByText('photo-5-with-a-rather-long-name.png')
    const lines = await longName.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    )
    expect(Math.round(lines)).toBe(2)
    expect(
      await longName.evaluate(
        (el) => el.scrollHeight > el.clientHeight + 1 || getComputedStyle(el).webkitLineClamp === '2',
      ),
    ).toBe(true)

    // Point 8: collapsed, exactly one row; focus never scrolls the strip.
    const quick = page.getByRole('region', { name: 'Quick Access' })
    const quickItems = quick.getByRole('button', { name: /\d\d\/\d\d\/\d\d/ })
    await expect(quickItems).toHaveCount(2)
    const tops = await quickItems.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    const strip = page.locator('#quick-access-items')
    await quickItems.last().focus()
    await page.keyboard.press('Tab')
    expect(await strip.evaluate((el) => ({ top: el.scrollTop, overflow: el.scrollHeight - el.clientHeight }))).toEqual({
      top: 0,
      overflow: 0,
    })
    const toggle = quick.getByRole('button', { name: 'Show more' })
    await toggle.tap()
    await expect(quick.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
    await expect(quickItems).toHaveCount(8)

    // Point 9: one tap on the video opens it; it spans the screen on black, the arrows float over it.
    await quick.getByRole('button', { name: /^clip\.webm/ }).tap()
    const viewer = page.getByRole('dialog', { name: 'clip.webm' })
    const video = viewer.locator('video')
    await expect(video).toBeVisible()
    const frame = await box(video)
    expect(frame.x).toBe(0)
    expect(frame.width).toBe(390)
    expect(
      await video.evaluate((el) => [
        getComputedStyle(el).backgroundColor,
        getComputedStyle(el.parentElement!).backgroundColor,
      ]),
    ).toEqual(['rgb(0, 0, 0)', 'rgb(0, 0, 0)'])
    for (const name of ['Previous', 'Next']) {
      const arrow = viewer.getByRole('button', { name })
      const place = await box(arrow)
      expect(place.x).toBeGreaterThanOrEqual(frame.x)
      expect(place.x + place.width).toBeLessThanOrEqual(frame.x + frame.width)
      // On top of the video, so a tap reaches it.
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'),
        {
          x: place.x + place.width / 2,
          y: place.y + place.height / 2,
        },
      )
      expect(hit).toBe(name)
    }
  })
})

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test("given a desktop, then video cards carry the play mark, list columns line up with their headers, and Shift+F10 opens any item's menu", async ({
    page,
  }) => {
    await signedIn(page)
    await seed(page)

    // Point 12: the media grid's play mark on the video's card only.
    await expect(item(page, 'clip.webm').locator('[data-play-badge]')).toBeVisible()
    await expect(item(page, 'notes.txt').locator('[data-play-badge]')).toHaveCount(0)

    // Point 8 on a desktop: one row, and the toggle says what it does.
    const quick = page.getByRole('region', { name: 'Quick Access' })
    const tops = await quick
      .getByRole('button', { name: /\d\d\/\d\d\/\d\d/ })
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    await expect(quick.getByRole('button', { name: 'Show more' })).toBeVisible()

    // Point 13: Shift+F10 on a Quick Access item and a folder card.
    const menu = page.getByRole('menu', { name: 'Actions' })
    for (const target of [quick.getByRole('button', { name: /^notes\.txt/ }), item(page, 'Archive')]) {
      await target.focus()
      await page.keyboard.press('Shift+F10')
      await expect(menu.getByRole('menuitem').first()).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(menu).toHaveCount(0)
      await expect(target).toBeFocused()
    }

    // Point 9: in the list view, Name, Size and Created start where their headers do, and Actions
    // ends where its header does (a longer word, "Aktionen", may run back into the gap).
    await page.getByRole('button', { name: 'List view' }).click()
    const files = page.getByRole('grid', { name: 'Home Files' })
    const row = files.getByRole('row', { name: /photo-5/ })
    await expect(row).toBeVisible()
    const edges = (els: Element[]) =>
      els.map((el, i, all) => {
        const box = el.getBoundingClientRect()
        return i === all.length - 1 ? box.right : box.left
      })
    const headerEdges = await files.getByRole('columnheader').evaluateAll(edges)
    const cellEdges = await row.getByRole('gridcell').evaluateAll(edges)
    expect(cellEdges).toHaveLength(4)
    expect(cellEdges).toEqual(headerEdges)
    await row.focus()
    await page.keyboard.press('Shift+F10')
    await expect(menu.getByRole('menuitem').first()).toBeFocused()
    await page.keyboard.press('Escape')
  })

  test('given the Move dialog, when a folder is entered and Back returns to Home by keyboard, then focus never lands on <body>', async ({
    page,
  }) => {
    await signedIn(page)
    const archive = await createFolder(page.request, 'Archive')
    await createFolder(page.request, 'Inner', archive._id)
    await upload(page.request, 'notes.txt', 'hello')
    await page.reload()
    await itemAction(page, 'notes.txt', 'Move')
    const move = page.getByRole('dialog', { name: 'Move' })
    await move.getByRole('option', { name: 'Archive' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(move.getByRole('option', { name: 'Inner' })).toBeVisible()
    await expect.poll(() => focused(page)).not.toBe('body')
    const back = move.getByRole('button', { name: 'Back' })
    await back.focus()
    await page.keyboard.press('Enter')
    await expect(move.getByRole('option', { name: 'Archive' })).toBeVisible()
    await expect(back).toHaveAttribute('aria-disabled', 'true')
    await expect(back).toBeFocused()
    await page.waitForTimeout(200)
    expect(await focused(page)).not.toBe('body')
    // Tab still moves within the dialog.
    await page.keyboard.press('Tab')
    expect(await move.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  })
})
