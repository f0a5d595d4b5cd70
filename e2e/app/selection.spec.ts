// Desktop selection on the home screen (issue #24 point 5): Shift-click selects a range from the
// last clicked item, Ctrl+A selects every folder and file (not the page's text) while focus is in a
// list and stays the search field's own there, Escape clears.
import { expect, test } from '@playwright/test'
import { createFolder, upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'

test('given files at home, Shift-click selects a range, Ctrl+A selects everything, Escape clears', async ({ page }) => {
  await signedIn(page)
  await createFolder(page.request, 'Alpha')
  for (const name of ['pick-1.txt', 'pick-2.txt', 'pick-3.txt', 'pick-4.txt'])
    await upload(page.request, name, `${name}\n`)
  await page.reload()
  const files = page.getByRole('listbox', { name: 'Home Files' }).getByRole('option')
  // The first lists after a reload wait for the lazy screen and two list calls: on a loaded machine
  // that takes longer than one expect's default.
  await expect(files).toHaveCount(4, { timeout: 20_000 })
  const order = await files.evaluateAll((options) => options.map((option) => option.textContent ?? ''))
  const names = order.map((text) => /pick-\d\.txt/.exec(text)?.[0] ?? '')
  const [first = '', , third = ''] = names
  const bar = page.getByRole('toolbar', { name: 'Selection' })

  await item(page, first).click()
  await expect(bar).toBeHidden()
  await item(page, third).click({ modifiers: ['Shift'] })
  await expect(bar).toContainText('3 selected')
  for (const [index, name] of names.entries())
    await expect(item(page, name)).toHaveAttribute('aria-selected', index <= 2 ? 'true' : 'false')
  await expect(item(page, 'Alpha')).toHaveAttribute('aria-selected', 'false')

  // Focus is on the clicked card: Ctrl+A takes every folder and file, and no page text.
  await page.keyboard.press('ControlOrMeta+A')
  await expect(bar).toContainText('5 selected')
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('')

  await page.keyboard.press('Escape')
  await expect(bar).toBeHidden()
  await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(0)

  // In the search field Ctrl+A selects the field's text, as a browser does.
  const search = page.getByRole('combobox', { name: 'Search' })
  await search.fill('pick')
  await page.keyboard.press('ControlOrMeta+A')
  expect(await search.evaluate((field: HTMLInputElement) => [field.selectionStart, field.selectionEnd])).toEqual([0, 4])
  await expect(bar).toBeHidden()
})
