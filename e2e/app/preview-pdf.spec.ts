// A PDF opens in the viewer, read by pdf.js from the download route (DESIGN §8 "Previews"):
// uploaded through the page, opened, page 3 reached by its number, a word found there.
import { expect, test } from '@playwright/test'
import { makePdf } from '../../tests/server/helpers/pdf.ts'
import { addNewUpload, item, signedIn } from '../support/browser.ts'

test('given a 5-page PDF uploaded, when opened, then page 3 is reached by number and a word there is found', async ({
  page,
}) => {
  await signedIn(page)
  const pdf = await makePdf({ pages: 5, words: { 3: 'The nimbostratus layer, nimbostratus again.' } })
  await addNewUpload(page, 'Upload Files', [{ name: 'clouds.pdf', mimeType: 'application/pdf', buffer: pdf }])
  await expect(item(page, 'clouds.pdf')).toBeVisible({ timeout: 15_000 })
  // The viewers' chunk (pdf.js included) is not part of the first load: it comes when a PDF is opened.
  const chunks: string[] = []
  page.on('request', (req) => chunks.push(req.url()))
  await item(page, 'clouds.pdf').click()
  await item(page, 'clouds.pdf').click()
  const viewer = page.getByRole('dialog', { name: 'clouds.pdf' })
  await expect(viewer.getByText('of 5')).toBeVisible({ timeout: 15_000 })
  expect(chunks.some((url) => url.includes('/file-service/download/'))).toBe(true)
  await expect(viewer.locator('[data-part="page"][data-page="1"] canvas')).toBeVisible()

  const field = viewer.getByRole('textbox', { name: 'Page' })
  await field.fill('3')
  await field.press('Enter')
  await expect(field).toHaveValue('3')
  await expect(viewer.locator('[data-part="page"][data-page="3"]')).toBeInViewport()

  await viewer.getByRole('searchbox', { name: 'Find in document' }).fill('nimbostratus')
  await expect(viewer.getByText('1 of 2')).toBeVisible()
  await expect(viewer.locator('[data-page="3"] mark[data-part="match"]').first()).toBeVisible()
  await viewer.getByRole('button', { name: 'Next match' }).click()
  await expect(viewer.getByText('2 of 2')).toBeVisible()
})
