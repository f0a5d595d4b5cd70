// Settings → Users (issue #20) as the server's admin sees it. Its lists name every account and
// every event on the server, so this file runs first and alone: the admin-* projects of
// playwright.config.ts, one after the other, before any other project signs anyone up or in.
import { ADMIN_EMAIL } from '../support/api.ts'
import type { Page } from '@playwright/test'
import { expect, signIn, snap, steadyTimes, test } from './support/visual.ts'

/**
 * The lines of server times (a user's last activity, an event's time), steadied to be masked as
 * blocks. Picked by their text: a row also holds its display name and email above that line.
 */
async function timedLines(page: Page) {
  const timed = { hasText: /\d{2}\/\d{2}\/\d{4}/ }
  const users = page.getByRole('list', { name: 'Users', exact: true })
  const activity = page.getByRole('list', { name: 'Activity of all users' })
  return steadyTimes([
    ...(await users.locator('li p').filter(timed).all()),
    ...(await activity.locator('li p').filter(timed).all()),
  ])
}

test('the admin’s Users section', async ({ page, isMobile }) => {
  await signIn(page, '/settings', ADMIN_EMAIL)
  // The left menu is a collapsible list on mobile (SPEC §2).
  if (isMobile) await page.getByRole('button', { name: 'Settings menu' }).click()
  await page.getByRole('button', { name: 'Users', exact: true }).click()
  const users = page.getByRole('list', { name: 'Users', exact: true })
  // The admin (made by the server) and the seeded account (global-setup.ts).
  await expect(users.getByRole('listitem')).toHaveCount(2)
  const activity = page.getByRole('list', { name: 'Activity of all users' })
  await expect(activity.getByRole('listitem').first()).toBeVisible()
  // Each row's line of server times is steadied and masked as a block; the quota line stays.
  await snap(page, 'settings-users', { mask: await timedLines(page) })
})
