// Touch gestures Playwright has no API for. Sent through the DevTools protocol as real touch input,
// so Chromium derives the pointer events (pointerType 'touch') the app listens to, as on a phone.
import type { Locator, Page } from '@playwright/test'

/** Holds a finger on the middle of `target` for `ms` milliseconds, then lifts it (SPEC §9: 500 ms long press). */
export async function longPress(page: Page, target: Locator, ms = 600): Promise<void> {
  const box = await target.boundingBox()
  if (!box) throw new Error('long press: the target is not visible')
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await page.waitForTimeout(ms)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  } finally {
    await cdp.detach()
  }
}
