// What every visual spec shares: the seeded drive, a frozen page clock, signing in without the
// form, waiting until a screen has settled, and the screenshot itself with the dates masked.
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { keepActual } from './actuals.ts'
import { PASSWORD, type Seed } from './seed.ts'

export { expect }

/**
 * The page's "now". Fixed, not installed: Date.now and new Date() stop here while timers keep
 * running, so debounces, toasts and modal transitions behave as for a user.
 */
export const FROZEN_NOW = new Date('2025-06-02T09:30:00Z')

export const test = base.extend<{ seed: Seed; clockMode: 'fixed' | 'installed' }>({
  /**
   * 'installed' (`test.use({ clockMode: 'installed' })`): fake timers, ticking from a minute
   * before FROZEN_NOW until the test calls `page.clock.pauseAt(FROZEN_NOW)`, for a screen that
   * would leave on its own (verify-email goes to / 1.5 s after success). Paused from the start,
   * nothing would render: React commits a resolved lazy route on a timer.
   */
  clockMode: ['fixed', { option: true }],
  // Playwright reads a fixture's dependencies from this pattern: none.
  // eslint-disable-next-line no-empty-pattern
  seed: async ({}, use) => {
    const seed = process.env.VISUAL_APP_SEED
    if (!seed) throw new Error('VISUAL_APP_SEED is missing: run through e2e/visual/playwright.config.ts')
    await use(JSON.parse(seed) as Seed)
  },
  page: async ({ page, clockMode }, use) => {
    if (clockMode === 'installed') await page.clock.install({ time: FROZEN_NOW.getTime() - 60_000 })
    else await page.clock.setFixedTime(FROZEN_NOW)
    await page.addInitScript(markDates)
    await use(page)
  },
})

/** The attribute that masks an element in screenshots (support/mask.css). */
const MASK = 'data-visual-mask'

/**
 * Runs in the page before its own scripts: marks every element whose text is a date in one of the
 * app's formats (SPEC §2, §9: MM/DD/YY hh:mma, MM/DD/YYYY, MM/DD/YYYY hh:mma; a month and year), as soon as it
 * appears, before it is painted. The server stamps those dates with the real time.
 */
function markDates() {
  // …and the gallery's month headings ("November 2026"): the month the seed was uploaded in.
  const date =
    /^(?:\d{2}\/\d{2}\/\d{2}(?:\d{2})? ?(?:\d{2}:\d{2}[AP]M)?|(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4})$/i
  const mark = (root: Node | null) => {
    if (!root) return
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // The kit isolates dates in table cells with <bdi> (for right-to-left pages): mask the cell, as
      // wide as it always was, not the inline <bdi> (whose width would follow the date's digits).
      const parent = node.parentElement?.tagName === 'BDI' ? node.parentElement.parentElement : node.parentElement
      // A date with a note beside it in one line (a trashed card's "· 30 days left") masks that line.
      if (parent && (date.test(parent.textContent?.trim() ?? '') || date.test(node.textContent?.trim() ?? '')))
        parent.setAttribute('data-visual-mask', '')
      // The Media page's date scrubber: its years and months (blocks of a fixed width).
      else if (parent?.closest('nav[aria-label="Jump to month"]')) parent.setAttribute('data-visual-mask', '')
      // A trashed item's "Deleted 06/02/2025 · 30 days left": the server stamps the deletion, the whole line goes.
      else parent?.closest('[data-part="trash-note"]')?.setAttribute('data-visual-mask', '')
    }
  }
  const start = () => {
    mark(document.body)
    new MutationObserver((records) => {
      for (const record of records)
        mark(record.target.nodeType === Node.TEXT_NODE ? record.target.parentNode : record.target)
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true })
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
}

/**
 * Signs `email` in through the API with a browser id of its own, hands the same id and the
 * "previously logged in" flag to the page, then opens `path`: the app restores the session from
 * the cookies, as after a reload. Faster than the login form, which has its own screenshot.
 */
export async function signIn(page: Page, path: string, email: string): Promise<void> {
  const browserId = randomUUID()
  const r = await page.request.post('/user-service/login', {
    data: { email, password: PASSWORD },
    headers: { uuid: browserId },
  })
  if (r.status() !== 200) throw new Error(`login failed: ${r.status()} ${await r.text()}`)
  await page.addInitScript((id) => {
    localStorage.setItem('browser-id', id)
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  }, browserId)
  await page.goto(path)
  await expect(page).toHaveURL(path)
}

/**
 * Lines that carry server times (a device's last seen, an event's time) wrap differently as their
 * digits change: their times are written over with one fixed time before they are masked, so the
 * layout is the same on every run.
 */
export async function steadyTimes(lines: Locator[]): Promise<Locator[]> {
  for (const line of lines) {
    await line.evaluate((element) => {
      element.textContent = (element.textContent ?? '').replace(
        /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}[AP]M/g,
        '01/01/2026 12:00PM',
      )
    })
  }
  return lines
}

/** A grid or list item by the start of its accessible name (file cards are named "name date"). */
export const item = (scope: Page | Locator, name: string) =>
  scope.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })

/** A list row (search results are always rows) by the start of its accessible name. */
export const row = (scope: Page | Locator, name: string) =>
  scope.getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })

/**
 * Waits until the screen has stopped changing on its own: no spinner left, the fonts loaded, open
 * modals faded in, and every image in view decoded (thumbnails come from the server after the list).
 */
export async function settle(page: Page): Promise<void> {
  // Spinners are status regions around an arc (the multi-select count is a status region too).
  await expect(page.locator('span[role="status"]:has(> svg):visible')).toHaveCount(0, { timeout: 15_000 })
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  // Modals fade in once Ariakit marks them data-enter (SPEC §4 "Modals animate in after
  // opening"); before that they are in the DOM, "visible" to Playwright, but transparent.
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).every(
          (dialog) => dialog.hasAttribute('data-enter') && getComputedStyle(dialog).opacity === '1',
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(async (error: Error) => {
      const pending = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
          .filter((dialog) => !dialog.hasAttribute('data-enter'))
          .map(
            (dialog) =>
              document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ??
              dialog.outerHTML.slice(0, 80),
          ),
      )
      throw new Error(`${error.message}: dialogs never marked data-enter: ${JSON.stringify(pending)}`)
    })
  await page.waitForFunction(
    () =>
      Array.from(document.images)
        .filter((img) => {
          const box = img.getBoundingClientRect()
          return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    undefined,
    { timeout: 15_000 },
  )
}

/**
 * Settles, then compares the viewport to this project's baseline `name`. Dates are masked, and so
 * is anything in `mask` (a random share link). `maxDiffPixels` (default 0): only where
 * antialiasing was seen to vary between runs, with the reason at the call. Fails first if a date is
 * on screen unmasked (a format the marker does not know), rather than writing it into a baseline.
 */
export async function snap(
  page: Page,
  name: string,
  { mask = [], maxDiffPixels }: { mask?: Locator[]; maxDiffPixels?: number } = {},
): Promise<void> {
  // The pointer rests where the last click left it, possibly over something that moved in under it
  // (a list row after the view toggle): park it in the header's empty corner.
  await page.mouse.move(0, 0)
  await settle(page)
  for (const locator of mask) await locator.evaluate((element, attribute) => element.setAttribute(attribute, ''), MASK)
  const unmasked = await page.evaluate((attribute) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const found: string[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      const dated = /\d{2}\/\d{2}\/\d{2}/.test(text) || /^\s*[A-Z][a-z]+ \d{4}\s*$/.test(text)
      if (dated && !node.parentElement?.closest(`[${attribute}]`)) found.push(text)
    }
    return found
  }, MASK)
  expect(unmasked, 'dates left unmasked').toEqual([])
  const attachments = test.info().attachments.length
  try {
    await expect(page).toHaveScreenshot(`${name}.png`, maxDiffPixels === undefined ? {} : { maxDiffPixels })
  } finally {
    await keepActual(page, test.info(), `${name}.png`, attachments)
  }
}

/**
 * Brings `target` (an item of a virtualised grid or list, which renders only the rows near the
 * viewport) into the DOM by scrolling down, then centres it: however many steps that took, the
 * page ends at the same scroll position on every run.
 */
export async function reveal(page: Page, target: Locator): Promise<Locator> {
  await expect(async () => {
    if ((await target.count()) === 0) await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight / 2)))
    await expect(target).toBeAttached({ timeout: 500 })
  }).toPass({ timeout: 15_000 })
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  return target
}

/** A file of the home file grid (Quick Access repeats the newest files), revealed. */
export const homeFile = (page: Page, name: string) =>
  reveal(page, item(page.getByRole('listbox', { name: 'Home Files' }), name))

/** Opens the context menu of `target` (right-click, SPEC §2 "Context menu") and picks `action`. */
export async function menuAction(page: Page, target: Locator, action: string): Promise<void> {
  await target.click({ button: 'right' })
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}
