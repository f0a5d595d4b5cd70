// Signing the browser in for file-browser journeys: the account is made through the API (fast),
// the sign-in goes through the real login form, so the app holds its own session and browser id.
import { expect, type FileChooser, type Page } from '@playwright/test'
import { freshEmail, PASSWORD, signUp, type SignUpOptions } from './api.ts'

export async function signedIn(page: Page, email = freshEmail('files'), options: SignUpOptions = {}): Promise<string> {
  await page.goto('/')
  await signUp(page.request, email, PASSWORD, options)
  // The API sign-up set cookies for a different browser id: start the app from a clean session.
  await page.context().clearCookies()
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/home$/)
  return email
}

/** A grid or list item by the start of its accessible name (file cards are named "name date"). */
export const item = (page: Page, name: string) =>
  page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })

/** A list row (search results are always rows) by the start of its accessible name. */
export const row = (page: Page, name: string) =>
  page.getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })

/** The browser's own uuid header (its local browser-id), for API calls made on behalf of the page. */
export const browserId = (page: Page) => page.evaluate(() => localStorage.getItem('browser-id') ?? '')

/** ADD NEW → `entry` ("Upload Files" or "Upload Folder"), answering the file chooser it opens with `paths` (or in-memory files). */
export async function addNewUpload(
  page: Page,
  entry: 'Upload Files' | 'Upload Folder',
  paths: Parameters<FileChooser['setFiles']>[0],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'ADD NEW' }).click()
  await page.getByRole('menuitem', { name: entry }).click()
  await (await chooser).setFiles(paths)
}

/** Right-clicks an item and picks `action` from its context menu. */
export async function itemAction(page: Page, name: string, action: string): Promise<void> {
  await item(page, name).click({ button: 'right' })
  await page.getByRole('menuitem', { name: action }).click()
}
