// Single sign-on end to end (issue #21): "Sign in with Test IdP" on the sign-in screen, through a
// real OpenID Connect provider (oidc-provider, started by the e2e server) and back into the drive;
// the account it made has no password until Settings sets one, and then the password works too.
import { expect, type Page, test } from '@playwright/test'
import { freshEmail, signUp } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { openSettings, toasts } from '../support/ui.ts'

/** Through the provider's own sign-in and consent pages, as the person would. */
async function throughProvider(page: Page, email: string) {
  await page.getByRole('button', { name: 'Sign in with Test IdP' }).click()
  await page.locator('input[name="login"]').fill(email)
  await page.locator('input[name="password"]').fill('anything')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('given a new email at the provider, then single sign-on makes the account, and Settings sets its first password', async ({
  page,
}) => {
  const email = freshEmail('sso')
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sign in with Test IdP' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'sign-in screen with single sign-on')
  await throughProvider(page, email)
  await expect(page).toHaveURL(/\/home$/)
  await openSettings(page)
  await expect(page.getByText(email)).toBeVisible()

  await page.getByRole('button', { name: 'Set a password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Set a password' })
  await expect(dialog.getByLabel('Current password')).toHaveCount(0)
  await dialog.getByLabel('New password', { exact: true }).fill('chosen-pass-1')
  await dialog.getByLabel('Verify new password').fill('chosen-pass-1')
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(toasts(page).getByText('Password set')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible()

  // The password now signs in on its own, in a fresh browser context.
  const other = await page.context().browser()!.newPage()
  await other.goto('/')
  await other.getByLabel('Email address').fill(email)
  await other.getByLabel('Password', { exact: true }).fill('chosen-pass-1')
  await other.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(other).toHaveURL(/\/home$/)
  await other.close()
})

test('given an account with a password, then single sign-on with its email opens the same drive', async ({ page }) => {
  const email = await signUp(page.request, freshEmail('sso-link'))
  await page.context().clearCookies()
  await page.goto('/')
  await throughProvider(page, email)
  await expect(page).toHaveURL(/\/home$/)
  await openSettings(page)
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible()
})

test('given the way back has been tampered with, then the sign-in screen says so and nobody is signed in', async ({
  page,
}) => {
  await page.goto('/')
  // The state sent to the provider (and so echoed back) is not the one this browser's pending
  // sign-in holds: as if an attacker's answer were replayed into it.
  await page.route('**/auth/oidc/login?**', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 })
    const toProvider = new URL(response.headers()['location']!)
    toProvider.searchParams.set('state', 'forged-state-0000000000')
    return route.fulfill({ response, headers: { ...response.headers(), location: toProvider.href } })
  })
  await throughProvider(page, freshEmail('sso-forged'))
  await expect(page.getByText('That sign-in expired or was started in another browser. Try again.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
})
