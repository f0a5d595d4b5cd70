// Issue #7: a folder of 10,000 files scrolls to its end, loading every page, with a bounded DOM
// (the grids are virtualised). Seeded through the API in one folder upload.
import { expect, test } from '@playwright/test'
import { uuid } from '../support/api.ts'
import { signedIn } from '../support/browser.ts'

const COUNT = 10_000
const PAGE = 50

test('a 10,000-file folder scrolls to its end, every page loaded, the DOM bounded', async ({ page }) => {
  test.setTimeout(240_000)
  await signedIn(page)
  const form = new FormData()
  form.append('parent', '/')
  form.append('total-files', String(COUNT))
  for (let i = 0; i < COUNT; i++) {
    const name = `f-${String(i).padStart(5, '0')}.txt`
    form.append('file-data', JSON.stringify({ name, size: 1, type: 'text/plain', path: `Big/${name}`, index: i }))
    form.append('file', new Blob(['x']), name)
  }
  const seeded = await page.request.post('/folder-service/upload', {
    headers: { uuid },
    multipart: form,
    timeout: 180_000,
  })
  expect(seeded.status()).toBe(201)
  const folder = (await seeded.json()) as { _id: string }

  const pages: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/file-service/list')) pages.push(r.url())
  })
  await page.getByRole('link', { name: 'Home' }).first().click()
  await page.goto(`/folder/${folder._id}`)
  await page.getByRole('button', { name: 'Ascending' }).click()
  await page.getByRole('combobox', { name: 'Sort by' }).click()
  await page.getByRole('option', { name: 'Name' }).click()
  const files = page.getByRole('listbox', { name: 'Files' })
  await expect(files.getByRole('option').first()).toBeVisible()

  let maxItems = 0
  const last = files.getByRole('option', { name: /^f-09999\.txt/ })
  for (let step = 0; step < 2000 && !(await last.isVisible()); step++) {
    await page.mouse.wheel(0, 4000)
    await page.waitForTimeout(20)
    maxItems = Math.max(maxItems, await page.locator('[data-collection-item]').count())
  }
  await expect(last).toBeVisible()
  // Every page of the name-ascending sort was fetched exactly once (200 full pages + the empty end).
  const nameAsc = pages.filter((u) => u.includes('sortBy=alp_asc'))
  expect(nameAsc.length).toBeGreaterThanOrEqual(COUNT / PAGE)
  expect(new Set(nameAsc).size).toBe(nameAsc.length)
  // Virtualised: a few screens of cards at any time, never thousands.
  expect(maxItems).toBeGreaterThan(0)
  expect(maxItems).toBeLessThan(400)
})
