// Settings → Users (issue #20) as the server's admin sees it, and its Groups (the family of
// support/family.ts). Its lists name every account and every event on the server, so this file
// runs first and alone: the admin-* projects of playwright.config.ts, one after the other, before
// any other project signs anyone up or in; and its tests one after the other, each sign-in an
// event of the activity list the next one shows.
import { ADMIN_EMAIL } from '../support/api.ts'
import type { Page } from '@playwright/test'
import { FAMILY } from './support/family.ts'
import { expect, signIn, snap, steadyTimes, test } from './support/visual.ts'

test.describe.configure({ mode: 'serial' })

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

async function openUsers(page: Page, isMobile: boolean) {
  await signIn(page, '/settings', ADMIN_EMAIL)
  // The left menu is a collapsible list on mobile (SPEC §2).
  if (isMobile) await page.getByRole('button', { name: 'Settings menu' }).click()
  await page.getByRole('button', { name: 'Users', exact: true }).click()
}

test('the admin’s Users section', async ({ page, isMobile }) => {
  await openUsers(page, isMobile)
  const users = page.getByRole('list', { name: 'Users', exact: true })
  // The admin (made by the server), the seeded account and the four Carters (global-setup.ts).
  await expect(users.getByRole('listitem')).toHaveCount(6)
  const activity = page.getByRole('list', { name: 'Activity of all users' })
  await expect(activity.getByRole('listitem').first()).toBeVisible()
  // Each row's line of server times is steadied and masked as a block; the quota line stays.
  await snap(page, 'settings-users', { mask: await timedLines(page) })
})

test('the admin’s Groups: Everyone, Grandparents and Kids', async ({ page, isMobile }) => {
  await openUsers(page, isMobile)
  const groups = page.getByRole('list', { name: 'Groups' })
  await expect(groups.getByRole('listitem')).toHaveCount(3)
  for (const [name, count] of [
    ['Everyone', 6],
    ['Grandparents', 2],
    ['Kids', 2],
  ] as const)
    await expect(groups.getByRole('listitem').filter({ hasText: name })).toContainText(`${count} members`)
  await page.getByRole('heading', { name: 'Groups' }).evaluate((h) => h.scrollIntoView({ block: 'start' }))
  await snap(page, 'settings-groups', { mask: await timedLines(page) })

  await page.getByRole('button', { name: 'Members of Grandparents' }).click()
  const dialog = page.getByRole('dialog', { name: 'Members of Grandparents' })
  for (const who of [FAMILY.rose, FAMILY.dan]) await expect(dialog.getByText(who.name)).toBeVisible()
  await snap(page, 'settings-group-members', { mask: await timedLines(page) })
})
