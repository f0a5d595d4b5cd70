// On the real server: names the server refuses, a folder URL whose folder is gone,
// what the upload panel says when an upload fails, and that it never hides the last card.
import { expect, type Page, test } from '@playwright/test'
import { createFolder, upload, uuid } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { item, signedIn } from '../support/browser.ts'
import { toasts } from '../support/ui.ts'

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' })

/** ADD NEW → Upload Files, answered with in-memory files. */
async function uploadFiles(page: Page, files: Array<{ name: string; body: string }>) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'ADD NEW' }).click()
  await page.getByRole('menuitem', { name: 'Upload Files' }).click()
  await (
    await chooser
  ).setFiles(files.map(({ name, body }) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(body) })))
}

test('a folder name the server would refuse is flagged as typed; a refusal the app could not foresee keeps the dialog open with the reason', async ({
  page,
}) => {
  await signedIn(page)
  const doomed = await createFolder(page.request, 'Doomed')
  await page.goto(`/folder/${doomed._id}`)
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Doomed')).toBeVisible()

  await page.getByRole('button', { name: 'ADD NEW' }).click()
  await page.getByRole('menuitem', { name: 'Create Folder' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enter Folder Name' })
  await dialog.getByRole('textbox').fill('Bulk / Test')
  await expect(dialog.getByRole('alert')).toHaveText('Name must not contain "/"')
  await dialog.getByRole('textbox').fill('x'.repeat(300))
  await expect(dialog.getByRole('alert')).toHaveText('Name must be at most 255 characters')

  // The folder goes away behind the page's back: only the server can say so.
  const removed = await page.request.delete('/folder-service/remove', { data: { id: doomed._id }, headers: { uuid } })
  expect(removed.ok()).toBe(true)
  await dialog.getByRole('textbox').fill('Bulk Test')
  await dialog.getByRole('button', { name: 'Okay' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/not found/i)
  await expect(dialog).toBeVisible()
})

test('a folder URL whose folder does not exist says so, offers Home, and refuses uploads up front', async ({
  page,
}) => {
  await signedIn(page)
  await page.goto('/folder/no-such-folder')
  await expect(page.getByRole('heading', { name: "This folder doesn't exist or was deleted" })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'missing folder')
  await page.getByRole('button', { name: 'ADD NEW' }).click()
  await page.getByRole('menuitem', { name: 'Upload Files' }).click()
  await expect(
    toasts(page).getByText("This folder doesn't exist or was deleted: nothing can be added here"),
  ).toBeVisible()
  await expect(panel(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Go to Home' }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test('failed uploads say why and are not counted; completed rows are full; the panel leaves the last card visible', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await signedIn(page)
  for (let i = 0; i < 24; i++) await upload(page.request, `seed-${String(i).padStart(2, '0')}.txt`, `seed ${i}`)
  await page.reload()
  await expect(item(page, 'seed-23.txt')).toBeVisible()

  await uploadFiles(page, [
    { name: 'good-1.txt', body: 'one' },
    { name: `${'n'.repeat(300)}.txt`, body: 'too long a name' },
    { name: 'good-2.txt', body: 'two' },
  ])
  await expect(panel(page).getByRole('heading')).toHaveText('Uploaded 2 of 3 files')
  await expect(panel(page).getByText('1 failed')).toBeVisible()
  await expect(panel(page).getByText(/at most 255 characters/)).toBeVisible()
  for (const name of ['good-1.txt', 'good-2.txt']) {
    await expect(panel(page).getByRole('progressbar', { name })).toHaveAttribute('aria-valuenow', '100')
  }

  // Scrolled to the end, no card is under the panel (it used to cover the bottom-right one).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect(item(page, 'seed-00.txt')).toBeVisible()
  const box = (await panel(page).boundingBox())!
  const covered = await page.getByRole('option').evaluateAll(
    (cards, panelBox) =>
      cards
        .map((card) => ({
          name: card.getAttribute('aria-label') ?? card.textContent,
          rect: card.getBoundingClientRect(),
        }))
        .filter(
          ({ rect }) =>
            rect.left < panelBox.x + panelBox.width &&
            panelBox.x < rect.right &&
            rect.top < panelBox.y + panelBox.height &&
            panelBox.y < rect.bottom,
        )
        .map(({ name }) => name),
    box,
  )
  expect(covered).toEqual([])
})
