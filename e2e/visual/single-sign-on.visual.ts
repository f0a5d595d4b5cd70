// Single sign-on (issue #21): Settings → Account of an account a single sign-on made, which sets a
// first password (no current one asked). The account is made through the visual server's own
// provider, as a person would; one per project, as its activity is part of the picture.
import { expect, snap, steadyTimes, test } from './support/visual.ts'

test('settings: set a first password', { tag: ['@dark'] }, async ({ page }, testInfo) => {
  const email = `sso-set-password-${testInfo.project.name}@example.com`
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in with Test IdP' }).click()
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill('anything')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  // Settled: this one session, and the sign-up, link and sign-in it recorded.
  await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveCount(3)
  const metaLines = await steadyTimes([
    ...(await page.getByRole('list', { name: 'Devices' }).locator('li p').all()),
    ...(await page.getByRole('list', { name: 'Activity' }).locator('li p').all()),
  ])
  await page.getByRole('button', { name: 'Set a password' }).click()
  await expect(page.getByRole('dialog', { name: 'Set a password' })).toBeVisible()
  await snap(page, 'settings-set-password', { mask: metaLines })
})
