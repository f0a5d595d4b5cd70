// Transfer journeys on the real server (issue #7): uploads through the ADD NEW pickers with the
// upload panel (files, a nested folder, a canceled upload), sharing by link (public, then private;
// temporary, good for one download) and moving (a file, a folder, a multi-selection).
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import type { FileJson, FolderJson } from '../../server/schemas/files.ts'
import { createFolder, upload } from '../support/api.ts'
import { addNewUpload, item, itemAction, signedIn } from '../support/browser.ts'
import { toasts } from '../support/ui.ts'

const MB = 1024 * 1024

/** Two clicks within 1.5 s open an item (SPEC §4). */
const openItem = async (page: Page, name: string) => {
  await item(page, name).click()
  await item(page, name).click()
}

/**
 * Caps the page's upload speed (DevTools network emulation), so a few MB take seconds over
 * loopback: long enough to see progress between 0 and 100 and to cancel mid-way.
 */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
}

/** The files listed in `parent` ("/" for Home), straight from the server. */
async function listFiles(request: APIRequestContext, parent = '/'): Promise<FileJson[]> {
  const response = await request.get(`/file-service/list?parent=${encodeURIComponent(parent)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as FileJson[]
}

async function listFolders(request: APIRequestContext, parent = '/'): Promise<FolderJson[]> {
  const response = await request.get(`/folder-service/list?parent=${encodeURIComponent(parent)}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as FolderJson[]
}

async function download(request: APIRequestContext, id: string): Promise<Buffer> {
  const response = await request.get(`/file-service/download/${id}`)
  expect(response.status()).toBe(200)
  return response.body()
}

/** A logged-out visitor in a context of its own (no cookies, no browser id of the owner). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ acceptDownloads: true })
  return { context, page: await context.newPage() }
}

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' })
const uploadRow = (page: Page, name: string) =>
  panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar', { name, exact: true }) })

let scratch: string
test.beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'cumulus-e2e-transfer-'))
})
test.afterEach(() => {
  rmSync(scratch, { recursive: true, force: true })
})

/** Writes `body` to the scratch folder and returns the file's path. */
function scratchFile(relative: string, body: Buffer | string): string {
  const path = join(scratch, relative)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, body)
  return path
}

test.describe('uploads', () => {
  test('three files through Upload Files: the panel counts, shows progress, completes; each downloads byte-identical', async ({
    page,
  }) => {
    await signedIn(page)
    const bodies: Record<string, Buffer> = {
      'big.bin': randomBytes(6 * MB),
      'notes.txt': Buffer.from('first line\nsecond line\n'),
      'table.csv': Buffer.from('a,b\n1,2\n'),
    }
    const paths = Object.entries(bodies).map(([name, body]) => scratchFile(name, body))
    // 6 MB at 2 MB/s: about three seconds in flight.
    await throttleUploads(page, 2 * MB)
    await addNewUpload(page, 'Upload Files', paths)

    await expect(panel(page).getByRole('heading', { name: 'Uploading 3 file(s)' })).toBeVisible()
    const big = uploadRow(page, 'big.bin').getByRole('progressbar')
    // A value strictly between 0 and 100 while the bytes are on their way.
    await expect
      .poll(async () => Number(await big.getAttribute('aria-valuenow')), { intervals: [50] })
      .toBeGreaterThan(0)
    expect(Number(await big.getAttribute('aria-valuenow'))).toBeLessThan(100)
    await expect(uploadRow(page, 'big.bin').getByRole('button', { name: 'Cancel big.bin' })).toBeVisible()

    await expect(panel(page).getByRole('heading', { name: 'Uploaded 3 file(s)' })).toBeVisible({ timeout: 20_000 })
    for (const name of Object.keys(bodies)) {
      const row = uploadRow(page, name)
      await expect(row.getByRole('img', { name: 'Completed' })).toBeVisible()
      await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
      await expect(row.getByRole('button', { name: `Cancel ${name}` })).toHaveCount(0)
      await expect(item(page, name)).toBeVisible()
    }

    const listed = await listFiles(page.request)
    expect(listed.map((file) => file.filename).sort()).toEqual(Object.keys(bodies).sort())
    for (const file of listed)
      expect((await download(page.request, file._id)).equals(bodies[file.filename]!)).toBe(true)
  })

  test('a nested folder through Upload Folder: one folder row, then the folder with its sub folder and files', async ({
    page,
  }) => {
    await signedIn(page)
    const cover = scratchFile('Album/cover.txt', 'cover')
    scratchFile('Album/Trips/day-1.txt', 'day one')
    scratchFile('Album/Trips/Far/day-9.txt', 'day nine')
    scratchFile('Album/Trips/Far/data.bin', randomBytes(2 * MB))
    // Two seconds in flight, to see the running row.
    await throttleUploads(page, MB)
    await addNewUpload(page, 'Upload Folder', join(scratch, 'Album'))

    // The whole folder is one upload, named after the chosen folder; its bar counts the bytes of
    // all its files together (each file is a tus upload of its own), full once done.
    await expect(panel(page).getByRole('heading', { name: 'Uploading 1 file(s)' })).toBeVisible()
    await expect(panel(page).getByRole('listitem')).toHaveCount(1)
    const row = uploadRow(page, 'Album')
    await expect(row.getByRole('progressbar')).toHaveAttribute('data-state', 'loading')
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9][0-9])$/)
    await expect(panel(page).getByRole('heading', { name: 'Uploaded 1 file(s)' })).toBeVisible({ timeout: 20_000 })
    await expect(panel(page).getByRole('listitem')).toHaveCount(1)
    await expect(row.getByRole('img', { name: 'Completed' })).toBeVisible()
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')

    await openItem(page, 'Album')
    await expect(page).toHaveURL(/\/folder\/[^/]+$/)
    await expect(item(page, 'Trips')).toBeVisible()
    await expect(item(page, 'cover.txt')).toBeVisible()
    await openItem(page, 'Trips')
    await expect(item(page, 'Far')).toBeVisible()
    await expect(item(page, 'day-1.txt')).toBeVisible()
    await openItem(page, 'Far')
    await expect(item(page, 'day-9.txt')).toBeVisible()
    await expect(item(page, 'data.bin')).toBeVisible()

    const [album] = await listFolders(page.request)
    expect(album?.name).toBe('Album')
    const [stored] = await listFiles(page.request, album!._id)
    expect(stored?.filename).toBe('cover.txt')
    expect((await download(page.request, stored!._id)).equals(readFileSync(cover))).toBe(true)
  })

  test('canceling a running upload: the row shows canceled and the server keeps nothing', async ({ page }) => {
    test.setTimeout(90_000)
    await signedIn(page)
    const path = join(scratch, 'huge.bin')
    const chunk = randomBytes(MB)
    const handle = await open(path, 'w')
    for (let i = 0; i < 200; i++) await handle.write(chunk)
    await handle.close()
    // 200 MB at 20 MB/s: ten seconds, cancelled after the first bytes have reached the server.
    await throttleUploads(page, 20 * MB)
    await addNewUpload(page, 'Upload Files', path)

    const row = uploadRow(page, 'huge.bin')
    await expect(panel(page).getByRole('heading', { name: 'Uploading 1 file(s)' })).toBeVisible()
    await expect
      .poll(async () => Number(await row.getByRole('progressbar').getAttribute('aria-valuenow')), { intervals: [50] })
      .toBeGreaterThan(0)
    await row.getByRole('button', { name: 'Cancel huge.bin' }).click()

    await expect(row.getByRole('img', { name: 'Canceled' })).toBeVisible()
    await expect(row).toHaveAttribute('data-state', 'canceled')
    // A canceled upload is not counted as uploaded; the header names it apart (issue #23).
    await expect(panel(page).getByRole('heading', { name: 'Uploaded 0 of 1 files' })).toBeVisible()
    await expect(panel(page).getByText('1 canceled')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Home Files' })).toBeVisible()
    await expect(item(page, 'huge.bin')).toHaveCount(0)
    // Nothing half-stored shows up later either.
    await page.waitForTimeout(1_000)
    expect(await listFiles(page.request)).toEqual([])
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Home Files' })).toBeVisible()
    await expect(item(page, 'huge.bin')).toHaveCount(0)
  })
})

test.describe('sharing', () => {
  const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share' })

  async function choosePermission(page: Page, label: 'Private' | 'Public' | 'Temporary') {
    await shareDialog(page).getByRole('combobox', { name: 'Permission' }).click()
    await page.getByRole('option', { name: label }).click()
  }

  test('public: the link opens and downloads logged out; back to private, the link is dead', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signedIn(page)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    // 2560 bytes: shown as "2.5 KB" on the public page.
    const body = randomBytes(2560)
    const file = await upload(page.request, 'report.bin', body)
    await page.reload()

    await itemAction(page, 'report.bin', 'Share')
    const field = shareDialog(page).getByRole('textbox', { name: 'Share link' })
    await expect(field).toHaveValue('')
    await choosePermission(page, 'Public')
    await expect(toasts(page).getByText('Public Link Generated')).toBeVisible()
    await expect(field).toHaveValue(new RegExp(`^${baseURL}/public-download/${file._id}/[^/]+$`))
    const link = await field.inputValue()
    await shareDialog(page).getByRole('button', { name: 'Copy link', exact: true }).click()
    await expect(toasts(page).getByText('Link Copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    const anonymous = await visitor(browser)
    await anonymous.page.goto(link)
    await expect(anonymous.page.getByText('report.bin', { exact: true })).toBeVisible()
    const details = anonymous.page.getByRole('group', { name: 'File details' })
    await expect(details).toContainText('Public')
    await expect(details).toContainText('2.5 KB')
    const [saved] = await Promise.all([
      anonymous.page.waitForEvent('download'),
      anonymous.page.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(saved.suggestedFilename()).toBe('report.bin')
    expect(readFileSync((await saved.path())!).equals(body)).toBe(true)
    await anonymous.context.close()

    await choosePermission(page, 'Private')
    await expect(toasts(page).getByText('Link Removed')).toBeVisible()
    await expect(field).toHaveValue('')
    const late = await visitor(browser)
    await late.page.goto(link)
    await expect(late.page.getByRole('alert')).toHaveText('Error getting public file')
    await late.context.close()
  })

  test('temporary: the link downloads once, then the file is private again', async ({ page, browser }) => {
    await signedIn(page)
    const file = await upload(page.request, 'once.txt', 'for one download only')
    await page.reload()

    await itemAction(page, 'once.txt', 'Share')
    await choosePermission(page, 'Temporary')
    await expect(toasts(page).getByText('Public Link Generated')).toBeVisible()
    const field = shareDialog(page).getByRole('textbox', { name: 'Share link' })
    await expect(field).toHaveValue(new RegExp(`/public-download/${file._id}/[^/]+$`))
    const link = await field.inputValue()
    expect((await listFiles(page.request)).find((f) => f._id === file._id)?.metadata.linkType).toBe('one')

    const first = await visitor(browser)
    await first.page.goto(link)
    await expect(first.page.getByRole('group', { name: 'File details' })).toContainText('Temporary')
    const [saved] = await Promise.all([
      first.page.waitForEvent('download'),
      first.page.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(readFileSync((await saved.path())!, 'utf8')).toBe('for one download only')
    await first.context.close()

    const second = await visitor(browser)
    await second.page.goto(link)
    await expect(second.page.getByRole('alert')).toHaveText('Error getting public file')
    await second.context.close()
    expect((await listFiles(page.request)).find((f) => f._id === file._id)?.metadata.linkType).toBeUndefined()
  })

  test('with a password, an expiry and a limit, the one Share link asks for the password and downloads', async ({
    page,
    browser,
  }) => {
    await signedIn(page)
    const file = await upload(page.request, 'locked.txt', 'behind a password')
    await page.reload()

    await itemAction(page, 'locked.txt', 'Share')
    await choosePermission(page, 'Public')
    await expect(toasts(page).getByText('Public Link Generated')).toBeVisible()
    const form = shareDialog(page).getByRole('form', { name: 'Link settings' })
    await form.getByRole('checkbox', { name: 'Expires' }).check()
    const later = new Date(Date.now() + 3 * 86_400_000)
    const pad = (n: number) => String(n).padStart(2, '0')
    await form
      .getByLabel('Expires on')
      .fill(`${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T12:00`)
    await form.getByRole('checkbox', { name: 'Require a password' }).check()
    await form.getByLabel('Password', { exact: true }).fill('open sesame')
    await form.getByRole('checkbox', { name: 'Limit downloads' }).check()
    await form.getByRole('spinbutton', { name: 'Downloads allowed' }).fill('3')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(toasts(page).getByText('Link Settings Saved')).toBeVisible()
    // One address per share: the spec's Share link, nothing else to hand out.
    await expect(shareDialog(page).getByRole('textbox', { name: 'Link page' })).toHaveCount(0)
    const link = await shareDialog(page).getByRole('textbox', { name: 'Share link' }).inputValue()
    expect(link).toMatch(new RegExp(`/public-download/${file._id}/[^/]+$`))
    const token = link.split('/').at(-1)!

    const recipient = await visitor(browser)
    await recipient.page.goto(link)
    // The spec's page hands the protected link to the link's own page, which asks for the password.
    await expect(recipient.page).toHaveURL(new RegExp(`/s/${token}$`))
    await expect(recipient.page.getByText('Error getting public file')).toHaveCount(0)
    await recipient.page.getByLabel('Password').fill('open sesame')
    await recipient.page.getByRole('button', { name: 'Open' }).click()
    const [saved] = await Promise.all([
      recipient.page.waitForEvent('download'),
      recipient.page.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(readFileSync((await saved.path())!, 'utf8')).toBe('behind a password')
    await recipient.context.close()
  })
})

test.describe('moving', () => {
  const moveDialog = (page: Page) => page.getByRole('dialog', { name: 'Move' })
  const folderOptions = (page: Page) => moveDialog(page).getByRole('listbox', { name: 'Folders' }).getByRole('option')

  test('a file by entering the folder, then a folder, which is not offered as its own destination', async ({
    page,
  }) => {
    await signedIn(page)
    const dest = await createFolder(page.request, 'Dest')
    const box = await createFolder(page.request, 'Box')
    await upload(page.request, 'move-me.txt', 'moving')
    await page.reload()

    await itemAction(page, 'move-me.txt', 'Move')
    await expect(moveDialog(page).getByText('Move to home')).toBeVisible()
    // A second click on the same folder within 1.5 s enters it.
    await folderOptions(page).filter({ hasText: 'Dest' }).click()
    await folderOptions(page).filter({ hasText: 'Dest' }).click()
    await expect(moveDialog(page).getByRole('button', { name: 'Dest', exact: true })).toBeVisible()
    await expect(moveDialog(page).getByText('No Folders')).toBeVisible()
    await expect(moveDialog(page).getByText('Move to Dest')).toBeVisible()
    await moveDialog(page).getByRole('button', { name: 'Confirm' }).click()
    await expect(toasts(page).getByText('File Moved')).toBeVisible()
    await expect(moveDialog(page)).toHaveCount(0)
    await expect(item(page, 'move-me.txt')).toHaveCount(0)

    await itemAction(page, 'Box', 'Move')
    // Only the other folder: a folder is no destination for itself.
    await expect(folderOptions(page)).toHaveText(['Dest'])
    await folderOptions(page).filter({ hasText: 'Dest' }).click()
    await expect(moveDialog(page).getByText('Move to Dest')).toBeVisible()
    await moveDialog(page).getByRole('button', { name: 'Confirm' }).click()
    await expect(toasts(page).getByText('Folder Moved')).toBeVisible()
    await expect(item(page, 'Box')).toHaveCount(0)

    await openItem(page, 'Dest')
    await expect(page).toHaveURL(`/folder/${dest._id}`)
    await expect(item(page, 'move-me.txt')).toBeVisible()
    await expect(item(page, 'Box')).toBeVisible()
    expect((await listFolders(page.request, dest._id)).map((f) => f._id)).toEqual([box._id])
  })

  test('a multi-selection from the selection bar, without the search field', async ({ page }) => {
    await signedIn(page)
    const target = await createFolder(page.request, 'Target')
    await upload(page.request, 'one.txt', '1')
    await upload(page.request, 'two.txt', '2')
    await upload(page.request, 'stay.txt', 'stay')
    await page.reload()

    await item(page, 'one.txt').click({ modifiers: ['Control'] })
    await item(page, 'two.txt').click({ modifiers: ['Control'] })
    const bar = page.getByRole('toolbar', { name: 'Selection' })
    await expect(bar.getByText('2 selected')).toBeVisible()
    await bar.getByRole('button', { name: 'Move' }).click()
    await expect(folderOptions(page)).toHaveText(['Target'])
    await expect(moveDialog(page).getByRole('searchbox')).toHaveCount(0)
    await folderOptions(page).filter({ hasText: 'Target' }).click()
    await expect(moveDialog(page).getByText('Move to Target')).toBeVisible()
    await moveDialog(page).getByRole('button', { name: 'Confirm' }).click()
    await expect(toasts(page).getByText('Items Moved')).toBeVisible()
    await expect(bar).toHaveCount(0)
    await expect(item(page, 'one.txt')).toHaveCount(0)
    await expect(item(page, 'two.txt')).toHaveCount(0)
    await expect(item(page, 'stay.txt')).toBeVisible()

    await openItem(page, 'Target')
    await expect(item(page, 'one.txt')).toBeVisible()
    await expect(item(page, 'two.txt')).toBeVisible()
    expect((await listFiles(page.request, target._id)).map((f) => f.filename).sort()).toEqual(['one.txt', 'two.txt'])
  })
})
