// A file's versions (DESIGN.md §8 "Versions") against the real server: a file replaced through the
// upload route keeps its old content as a version; the details panel opens Versions, a restore
// brings the old content back (the newer one becomes a version), and a version can be deleted.
import { readFile } from 'node:fs/promises'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { upload, uuid } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'
import { longPress } from '../support/touch.ts'

const OLD = 'the first draft\n'
const NEW = 'the second draft, a little longer\n'

/** Uploads `body` over the file of that name in Home: the form field `conflict` comes before the file. */
async function replace(request: APIRequestContext, name: string, body: string) {
  const r = await request.post('/file-service/upload', {
    headers: { uuid },
    multipart: {
      filename: name,
      parent: '/',
      currentID: '/',
      size: String(Buffer.byteLength(body)),
      conflict: 'replace',
      file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(body) },
    },
  })
  if (r.status() !== 201) throw new Error(`replace failed: ${r.status()} ${await r.text()}`)
  return (await r.json()) as { _id: string }
}

async function content(request: APIRequestContext, id: string) {
  const r = await request.get(`/file-service/download/${id}`)
  expect(r.status()).toBe(200)
  return r.text()
}

/** Clicks `button`, which starts a download, and reads what arrived. */
async function downloaded(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
  return readFile((await download.path())!, 'utf8')
}

test('a replaced file: Versions from the details panel, restore the old content, then delete a version', async ({
  page,
}) => {
  await signedIn(page)
  const file = await upload(page.request, 'notes.txt', OLD)
  const replaced = await replace(page.request, 'notes.txt', NEW)
  expect(replaced._id).toBe(file._id)
  expect(await content(page.request, file._id)).toBe(NEW)
  await page.reload()

  // The storage meter says what the space is used by, versions included.
  await expect(page.getByRole('group', { name: 'Storage' })).toContainText(
    `Files ${Buffer.byteLength(NEW)} B · Versions ${Buffer.byteLength(OLD)} B`,
  )

  await item(page, 'notes.txt').click()
  await page.getByRole('button', { name: 'Versions' }).click()
  const dialog = page.getByRole('dialog', { name: 'Versions' })
  const list = dialog.getByRole('list', { name: 'Versions' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('listitem')).toContainText(`${Buffer.byteLength(OLD)} B`)

  // The version downloads with the old content.
  expect(await downloaded(page, list.getByRole('button', { name: /^Download version of/ }))).toBe(OLD)

  await list.getByRole('button', { name: /^Restore version of/ }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Version restored')
  expect(await content(page.request, file._id)).toBe(OLD)
  // The list now holds the content the restore replaced.
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByRole('listitem')).toContainText(`${Buffer.byteLength(NEW)} B`)
  expect(await downloaded(page, list.getByRole('button', { name: /^Download version of/ }))).toBe(NEW)

  // Delete asks first, then the version is gone.
  await list.getByRole('button', { name: /^Delete version of/ }).click()
  const question = page.getByRole('alertdialog', { name: 'Delete this version?' })
  await question.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Version deleted')
  await expect(dialog.getByRole('heading', { name: 'No earlier versions' })).toBeVisible()
  const left = await page.request.get(`/file-service/${file._id}/versions`)
  expect(((await left.json()) as { versions: unknown[] }).versions).toEqual([])

  // Closed, the details panel shows the restored content's size.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText(`${Buffer.byteLength(OLD)} B`)
})

test('the viewer’s file actions open Versions over the viewer', async ({ page }) => {
  await signedIn(page)
  await upload(page.request, 'plan.txt', OLD)
  await replace(page.request, 'plan.txt', NEW)
  await page.reload()
  // Two clicks within 1.5 s open an item (SPEC §4).
  await item(page, 'plan.txt').click()
  await item(page, 'plan.txt').click()
  const viewer = page.getByRole('dialog', { name: 'plan.txt' })
  await expect(viewer.getByText('the second draft')).toBeVisible()
  await viewer.getByRole('button', { name: 'File actions' }).click()
  await page.getByRole('menuitem', { name: 'Versions' }).click()
  const dialog = page.getByRole('dialog', { name: 'Versions' })
  await dialog.getByRole('button', { name: /^Restore version of/ }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Version restored')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // The viewer stayed, and shows the restored text.
  await expect(viewer.getByText('the first draft')).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a file the viewer can’t show: its context menu opens Versions', async ({ page }) => {
    await signedIn(page)
    const file = await upload(page.request, 'backup.bin', OLD)
    await replace(page.request, 'backup.bin', NEW)
    await page.reload()
    // No details panel on a phone, and a tap on this file opens only its details box.
    await longPress(page, item(page, 'backup.bin'))
    await page.getByRole('menu', { name: 'Actions' }).getByRole('menuitem', { name: 'Versions' }).tap()
    const list = page.getByRole('dialog', { name: 'Versions' }).getByRole('list', { name: 'Versions' })
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list.getByRole('listitem')).toContainText(`${Buffer.byteLength(OLD)} B`)
    await list.getByRole('button', { name: /^Restore version of/ }).tap()
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Version restored')
    expect(await content(page.request, file._id)).toBe(OLD)
  })
})
