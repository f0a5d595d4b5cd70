// The owner's side of share links (issue #19) against the real server: share a folder with a
// password and a download limit from its share dialog, find it on /shared, change its expiry,
// revoke it. Each step is checked in the server's own replies, as an anonymous visitor and as the
// owner's API, not only on screen.
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test'
import type { ShareLinkJson } from '../../server/schemas/sharing.ts'
import { createFolder, upload } from '../support/api.ts'
import { itemAction, signedIn } from '../support/browser.ts'
import { E2E_BASE_URL } from '../support/ports.ts'
import { toasts } from '../support/ui.ts'

/** The owner's links, as GET /share-service/links gives them. */
async function ownerLinks(page: Page): Promise<ShareLinkJson[]> {
  const reply = await page.request.get('/share-service/links')
  expect(reply.status()).toBe(200)
  return ((await reply.json()) as { links: ShareLinkJson[] }).links
}

/** A datetime-local value (local time, minutes) `days` ahead at noon. */
function localNoonIn(days: number): string {
  const at = new Date()
  at.setDate(at.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T12:00`
}

let visitor: APIRequestContext
test.beforeAll(async () => {
  // A visitor with no cookies at all: what anyone holding the URL gets.
  visitor = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL })
})
test.afterAll(async () => {
  await visitor.dispose()
})

test('given a folder, when it is shared with a password and a limit, edited on /shared and revoked, then the server follows each step', async ({
  page,
}) => {
  await signedIn(page)
  const folder = await createFolder(page.request, 'Holiday')
  await upload(page.request, 'beach.txt', 'sand', folder._id)
  await page.reload()

  // Share folder: a password and at most 5 downloads.
  await itemAction(page, 'Holiday', 'Share')
  const dialog = page.getByRole('dialog', { name: 'Share' })
  const shareFolder = dialog.getByRole('region', { name: 'Share folder' })
  await expect(shareFolder.getByRole('textbox', { name: 'Folder link' })).toHaveValue('')
  await shareFolder.getByRole('checkbox', { name: 'Require a password' }).check()
  await shareFolder.getByLabel('Password', { exact: true }).fill('open sesame')
  await shareFolder.getByRole('checkbox', { name: 'Limit downloads' }).check()
  await shareFolder.getByRole('spinbutton', { name: 'Downloads allowed' }).fill('5')
  await shareFolder.getByRole('button', { name: 'Create link' }).click()
  await expect(toasts(page).getByText('Link Created')).toBeVisible()
  await expect(shareFolder.getByRole('textbox', { name: 'Folder link' })).toHaveValue(
    new RegExp(`^${E2E_BASE_URL}/s/[\\w-]{32}$`),
  )
  const url = await shareFolder.getByRole('textbox', { name: 'Folder link' }).inputValue()
  const token = url.slice(url.lastIndexOf('/') + 1)

  // The server has it: the owner sees one view link on the folder; a visitor is asked for the password.
  const [created] = await ownerLinks(page)
  expect(created).toMatchObject({
    itemType: 'folder',
    itemId: folder._id,
    name: 'Holiday',
    access: 'view',
    hasPassword: true,
    maxDownloads: 5,
    expiresAt: null,
    token,
  })
  const locked = await visitor.get(`/share-service/public/${token}`)
  expect(locked.status()).toBe(401)
  expect(((await locked.json()) as { code: string }).code).toBe('SHARE_PASSWORD_REQUIRED')

  // Copy gives the same URL.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await shareFolder.getByRole('button', { name: 'Copy link: Folder link' }).click()
  await expect(toasts(page).getByText('Link Copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  // /shared, through the sidebar: the link with its kind, downloads used / limit and password.
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Shared', exact: true }).click()
  await expect(page).toHaveURL(/\/shared$/)
  const row = page.getByRole('table', { name: 'Shared links' }).getByRole('row', { name: /^Holiday/ })
  await expect(row.getByRole('cell')).toHaveText(['View link', 'Never', '0 / 5', 'Yes', /Copy/])

  // Edit: an expiry; the URL stays.
  const expiry = localNoonIn(3)
  await row.getByRole('button', { name: 'Edit link to Holiday' }).click()
  const edit = page.getByRole('dialog', { name: 'Link to Holiday' })
  await edit.getByRole('checkbox', { name: 'Expires' }).check()
  await edit.getByLabel('Expires on').fill(expiry)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(toasts(page).getByText('Link Settings Saved')).toBeVisible()
  await expect(edit).toHaveCount(0)
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('Never')
  const [edited] = await ownerLinks(page)
  expect(edited).toMatchObject({
    _id: created!._id,
    token,
    url,
    hasPassword: true,
    maxDownloads: 5,
    expiresAt: new Date(expiry).toISOString(),
  })
  // Still the same link for visitors: still locked, not gone.
  expect((await visitor.get(`/share-service/public/${token}`)).status()).toBe(401)

  // Revoke: asked first, then gone for everyone.
  await row.getByRole('button', { name: 'Revoke link to Holiday' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Revoke link?' })
  await ask.getByRole('button', { name: 'Yes' }).click()
  await expect(toasts(page).getByText('Link Revoked')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No shared links yet' })).toBeVisible()
  expect(await ownerLinks(page)).toEqual([])
  expect((await visitor.get(`/share-service/public/${token}`)).status()).toBe(404)
})
