// What people coming from other drives reach for first: drag cards onto a folder or a crumb to
// move them, Make a copy, sort by size (the select and the list's column headers), and the WebDAV
// address beside App passwords.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { createFolder, upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'
import { toasts } from '../support/ui.ts'

/** Drags `source` over `target` (in steps, so the page sees the drag pass over it), checks the highlight, and drops. */
async function dragOnto(page: Page, source: Locator, target: Locator, highlighted = true) {
  await source.hover()
  await page.mouse.down()
  const box = (await target.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 })
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2 + 2, { steps: 5 })
  if (highlighted) await expect(target).toHaveAttribute('data-drop-target', 'true')
  else await expect(target).not.toHaveAttribute('data-drop-target', 'true')
  await page.mouse.up()
}

const names = async (request: import('@playwright/test').APIRequestContext, parent: string) =>
  (
    (await (await request.get(`/file-service/list?parent=${parent}&sortBy=alp_asc`)).json()) as Array<{
      filename: string
    }>
  ).map((f) => f.filename)

test.describe('drive habits', () => {
  test('drag a card onto a folder, a selection onto a folder, and a card onto the Home crumb', async ({ page }) => {
    await signedIn(page)
    const target = await createFolder(page.request, 'Target')
    await upload(page.request, 'one.txt', 'one')
    await upload(page.request, 'two.txt', 'two')
    await upload(page.request, 'three.txt', 'three')
    await page.reload()

    // One card onto a folder: it lights up while the card is over it, and takes it.
    await dragOnto(page, item(page, 'one.txt'), item(page, 'Target'))
    await expect(toasts(page).getByText('File Moved')).toBeVisible()
    await expect(item(page, 'one.txt')).toHaveCount(0)
    expect(await names(page.request, target._id)).toEqual(['one.txt'])

    // A selection (Ctrl-click) drags together.
    await item(page, 'two.txt').click({ modifiers: ['Control'] })
    await item(page, 'three.txt').click({ modifiers: ['Control'] })
    await item(page, 'three.txt').dragTo(item(page, 'Target'))
    await expect(toasts(page).getByText('Items Moved')).toBeVisible()
    expect(await names(page.request, target._id)).toEqual(['one.txt', 'three.txt', 'two.txt'])

    // A folder refuses to be dropped onto itself: no highlight, nothing moves.
    await dragOnto(page, item(page, 'Target'), item(page, 'Target'), false)
    await expect(item(page, 'Target')).toBeVisible()

    // Inside the folder: a card onto the Home crumb goes back to Home.
    await page.goto(`/folder/${target._id}`)
    const home = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Home' })
    await dragOnto(page, item(page, 'one.txt'), home)
    await expect(toasts(page).getByText('File Moved')).toBeVisible()
    await expect(item(page, 'one.txt')).toHaveCount(0)
    expect(await names(page.request, '/')).toEqual(['one.txt'])
  })

  test('Make a copy from the context menu puts "name (copy).ext" beside the file', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'report.txt', 'the numbers')
    await page.reload()
    await item(page, 'report.txt').click({ button: 'right' })
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Multi-select',
      'Rename',
      'Share',
      'Download',
      'Versions',
      'Make a copy',
      'Move',
      'Trash',
    ])
    await menu.getByRole('menuitem', { name: 'Make a copy' }).click()
    await expect(toasts(page).getByText('Copy made')).toBeVisible()
    await expect(item(page, 'report (copy).txt')).toBeVisible()
    const copies = (await (await page.request.get('/file-service/list?search=report')).json()) as Array<{
      _id: string
      filename: string
    }>
    const copyId = copies.find((f) => f.filename === 'report (copy).txt')!._id
    expect(await (await page.request.get(`/file-service/download/${copyId}`)).text()).toBe('the numbers')
  })

  test('sort by size from the select, and by clicking the list view’s column headers', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'medium.txt', 'x'.repeat(2_000))
    await upload(page.request, 'large.txt', 'x'.repeat(9_000))
    await upload(page.request, 'small.txt', 'x')
    await page.reload()
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await expect(page.getByRole('listbox', { name: 'Sort by' }).getByRole('option')).toHaveText([
      'Modified',
      'Name',
      'Size',
      'Type',
    ])
    await page.getByRole('option', { name: 'Size' }).click()
    await expect(page.getByRole('listbox', { name: 'Home Files' }).getByRole('option')).toHaveText([
      /large\.txt/,
      /medium\.txt/,
      /small\.txt/,
    ])

    await page.getByRole('button', { name: 'List view' }).click()
    const files = page.getByRole('grid', { name: 'Home Files' })
    const size = files.getByRole('columnheader', { name: 'Size' })
    await expect(size).toHaveAttribute('aria-sort', 'descending')
    const rows = files.getByRole('row').filter({ hasText: '.txt' })
    await expect(rows).toHaveText([/large\.txt/, /medium\.txt/, /small\.txt/])
    // Clicking the sorted column flips it; the keyboard reaches the headers too.
    await size.getByRole('button').click()
    await expect(size).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows).toHaveText([/small\.txt/, /medium\.txt/, /large\.txt/])
    const name = files.getByRole('columnheader', { name: 'Name' })
    await name.getByRole('button').focus()
    await page.keyboard.press('Enter')
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    await expect(size).toHaveAttribute('aria-sort', 'none')
    await expect(rows).toHaveText([/large\.txt/, /medium\.txt/, /small\.txt/])
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(/Name/)
  })

  test('the WebDAV address shows beside App passwords, and Copy copies it', async ({ page, baseURL }) => {
    await signedIn(page)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/settings')
    const field = page.getByRole('textbox', { name: 'WebDAV address' })
    await expect(field).toHaveValue(/\/dav\/$/)
    const address = await field.inputValue()
    expect(new URL(address).pathname).toBe('/dav/')
    await page
      .locator('div', { has: field })
      .filter({ has: page.getByRole('button', { name: 'Copy' }) })
      .last()
      .getByRole('button', { name: 'Copy' })
      .click()
    await expect(toasts(page).getByText('WebDAV address copied')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    expect(baseURL).toBeTruthy()
  })
})
