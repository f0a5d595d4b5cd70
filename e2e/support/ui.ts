// Steps through the app's own screens that several journeys share, by role and visible name.
import { expect, type Page } from '@playwright/test'

/** The notifications region (toasts, bottom-left). */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** Logs in on the sign-in screen at / and waits for the home screen. */
export async function logInInUi(page: Page, email: string, password: string) {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Signs up on the create-account screen and waits for the home screen. */
export async function signUpInUi(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Verify Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Opens settings through the header's cog (desktop). */
export async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/settings$/)
}
