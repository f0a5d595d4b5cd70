// The account flow end to end, against the real server serving the built app (npm run build:app):
// sign up in the UI, land on /home, survive a reload, change the password in settings, log out,
// and log back in with the new password. No console errors (CSP violations included) along the way.
import { expect, test } from '@playwright/test'

test('sign up, reload, change the password, log out, log in with the new password', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })

  const email = `account-${Date.now()}@example.com`
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()

  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('first-secret')
  await page.getByLabel('Verify Password').fill('first-secret')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('hasPreviouslyLoggedIn'))).toBe('true')

  // The access cookie is HttpOnly: a reload restores the session through the sign-in screen.
  await page.reload()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeVisible()

  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByText(email)).toBeVisible()

  await page.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await dialog.getByLabel('Current password', { exact: true }).fill('first-secret')
  await dialog.getByLabel('New password', { exact: true }).fill('second-secret')
  await dialog.getByLabel('Verify new password').fill('second-secret')
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Password Changed')).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Logout', exact: true }).click()
  await page.getByRole('alertdialog', { name: 'Logout?' }).getByRole('button', { name: 'Yes' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('hasPreviouslyLoggedIn'))).toBeNull()

  // The old password no longer works; the new one does.
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('first-secret')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password')
  await page.getByLabel('Password', { exact: true }).fill('second-secret')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)

  // The theme reached the page (the build keeps lib's global theme CSS).
  const background = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--cumulus-color-bg').trim(),
  )
  expect(background).not.toBe('')

  // The one wrong-password login answers 401, which Chromium also reports on the console.
  expect(problems.filter((p) => !/status of 401|^401 \/user-service\/login$/.test(p))).toEqual([])
})
