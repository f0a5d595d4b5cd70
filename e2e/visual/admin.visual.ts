// Settings → Users (issue #20) as the server's admin sees it. Its lists name every account and
// every event on the server, so this file runs first and alone: the admin-* projects of
// playwright.config.ts, one after the other, before any other project signs anyone up or in.
import { ADMIN_EMAIL } from '../support/api.ts'
import { expect, signIn, snap, steadyTimes, test } from './support/visual.ts'

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
  const meta = [...(await users.locator('li p:first-of-type').all()), ...(await activity.locator('li p').all())]
  await snap(page, 'settings-users', { mask: await steadyTimes(meta) })
})
