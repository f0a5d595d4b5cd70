// File-browser journeys on the real server (issue #7): browse, rename, search, trash and restore,
// preferences, zip of a multi-selection, the media filters and the viewer.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { makeImage, makeVideo } from '../../tests/server/helpers/media.ts'
import { createFolder, upload } from '../support/api.ts'
import { item, row, signedIn } from '../support/browser.ts'
import { zipTexts } from '../support/zip.ts'

/** Two clicks within 1.5 s open an item (SPEC §4). */
const openItem = async (page: import('@playwright/test').Page, name: string) => {
  await item(page, name).click()
  await item(page, name).click()
}

test.describe('file browser', () => {
  test('browse into folders and back, by cards, the back arrow and the Home crumb', async ({ page }) => {
    await signedIn(page)
    const outer = await createFolder(page.request, 'Outer')
    const inner = await createFolder(page.request, 'Inner', outer._id)
    await upload(page.request, 'deep.txt', 'deep', inner._id)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Home Folders' })).toBeVisible()
    await openItem(page, 'Outer')
    await expect(page).toHaveURL(`/folder/${outer._id}`)
    await openItem(page, 'Inner')
    await expect(page).toHaveURL(`/folder/${inner._id}`)
    await expect(item(page, 'deep.txt')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'No Folders' })).toBeVisible()
    const bar = page.getByRole('navigation', { name: 'Breadcrumb' })
    await bar.getByRole('button', { name: 'Back' }).click()
    await expect(page).toHaveURL(`/folder/${outer._id}`)
    await bar.getByRole('button', { name: 'Home' }).click()
    await expect(page).toHaveURL('/home')
    // The details panel describes a single click's item.
    await item(page, 'Outer').click()
    await expect(
      page.getByRole('complementary', { name: 'Details' }).getByText('Folder', { exact: true }),
    ).toBeVisible()
  })

  test('rename a file and a folder from the context menu', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'draft.txt', 'text')
    await createFolder(page.request, 'Old name')
    await page.reload()
    await item(page, 'draft.txt').click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    const prompt = page.getByRole('dialog', { name: 'Enter A File Name' })
    await expect(prompt.getByRole('textbox')).toHaveValue('draft.txt')
    await prompt.getByRole('textbox').fill('final.txt')
    await prompt.getByRole('button', { name: 'Okay' }).click()
    await expect(page.getByText('Renamed', { exact: true })).toBeVisible()
    await expect(item(page, 'final.txt')).toBeVisible()
    await item(page, 'Old name').click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    await page.getByRole('dialog', { name: 'Enter A folder Name' }).getByRole('textbox').fill('New name')
    await page.keyboard.press('Enter')
    await expect(item(page, 'New name')).toBeVisible()
  })

  test('search from the bar: suggestions open a folder, submit lists matches drive-wide', async ({ page }) => {
    await signedIn(page)
    const trip = await createFolder(page.request, 'Holiday trip')
    await upload(page.request, 'holiday-notes.txt', 'x', trip._id)
    await upload(page.request, 'taxes.txt', 'y')
    await page.reload()
    const field = page.getByRole('combobox', { name: 'Search' })
    await field.fill('holi')
    const suggestions = page.getByRole('listbox', { name: 'Search' })
    await expect(suggestions.getByRole('option', { name: 'Holiday trip' })).toBeVisible()
    await expect(suggestions.getByRole('option', { name: 'holiday-notes.txt' })).toBeVisible()
    await suggestions.getByRole('option', { name: 'Holiday trip' }).click()
    await expect(page).toHaveURL(`/folder/${trip._id}`)
    await field.fill('notes')
    await field.press('Enter')
    await expect(page).toHaveURL('/search/notes')
    // Search results are rows, each with its folder path.
    await expect(row(page, 'holiday-notes.txt')).toBeVisible()
    await expect(row(page, 'taxes.txt')).toHaveCount(0)
    await field.fill('')
    await field.press('Enter')
    await expect(page).toHaveURL('/home')
  })

  test('trash, browse the trash, restore, and delete permanently', async ({ page }) => {
    await signedIn(page)
    const box = await createFolder(page.request, 'Box')
    await upload(page.request, 'inside.txt', 'in', box._id)
    await upload(page.request, 'loose.txt', 'loose')
    await page.reload()
    for (const name of ['Box', 'loose.txt']) {
      await item(page, name).click({ button: 'right' })
      await page.getByRole('menuitem', { name: 'Trash' }).click()
      await page.getByRole('alertdialog', { name: 'Move to trash?' }).getByRole('button', { name: 'Yes' }).click()
      await expect(item(page, name)).toHaveCount(0)
    }
    await page.getByRole('link', { name: 'Trash' }).first().click()
    await expect(
      page.getByText('Items in the trash may be automatically deleted depending on the servers settings.'),
    ).toBeVisible()
    await openItem(page, 'Box')
    await expect(page).toHaveURL(`/folder-trash/${box._id}`)
    await expect(item(page, 'inside.txt')).toBeVisible()
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Trash' }).click()
    await item(page, 'Box').click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Restore' }).click()
    await page.getByRole('alertdialog', { name: 'Restore item?' }).getByRole('button', { name: 'Yes' }).click()
    await expect(page.getByText('Restored', { exact: true })).toBeVisible()
    await item(page, 'loose.txt').click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await page.getByRole('alertdialog', { name: 'Delete file?' }).getByRole('button', { name: 'Yes' }).click()
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible()
    await expect(item(page, 'loose.txt')).toHaveCount(0)
    await page.getByRole('link', { name: 'Home' }).first().click()
    await expect(item(page, 'Box')).toBeVisible()
    await expect(item(page, 'loose.txt')).toHaveCount(0)
    const gone = await page.request.get('/file-service/list?search=loose&trashMode=true')
    expect(await gone.json()).toEqual([])
  })

  test('preferences persist across reloads: list view and name sort', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'b.txt', 'b')
    await upload(page.request, 'a.txt', 'a')
    await page.reload()
    await page.getByRole('button', { name: 'List view' }).click()
    await page.getByRole('combobox', { name: 'Sort by' }).click()
    await page.getByRole('option', { name: 'Name' }).click()
    await page.getByRole('button', { name: 'Ascending' }).click()
    await page.reload()
    await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true')
    const rows = page.getByRole('row').filter({ hasText: '.txt' })
    await expect(rows.first()).toContainText('a.txt')
    await expect(rows.nth(1)).toContainText('b.txt')
  })

  test('a multi-selection downloads as one zip with its entries', async ({ page }) => {
    await signedIn(page)
    const docs = await createFolder(page.request, 'Docs')
    await upload(page.request, 'in-docs.txt', 'nested', docs._id)
    await upload(page.request, 'top.txt', 'top level')
    await page.reload()
    await item(page, 'top.txt').click({ modifiers: ['Control'] })
    await item(page, 'Docs').click({ modifiers: ['Control'] })
    const bar = page.getByRole('toolbar', { name: 'Selection' })
    await expect(bar.getByText('2 selected')).toBeVisible()
    const download = page.waitForEvent('download')
    await bar.getByRole('button', { name: 'Download' }).click()
    const file = await (await download).path()
    const entries = await zipTexts(readFileSync(file))
    expect(entries).toEqual({ 'Docs/in-docs.txt': 'nested', 'top.txt': 'top level' })
  })

  test('media: filters All, Photos, Videos; the viewer steps through and streams the video', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'sunset.png', await makeImage('png'))
    await upload(page.request, 'clip.webm', makeVideo('webm'))
    await upload(page.request, 'notes.txt', 'not media')
    await page.getByRole('link', { name: 'Media' }).first().click()
    await expect(page.getByRole('heading', { name: 'Photos and Videos' })).toBeVisible()
    await expect(item(page, 'sunset.png')).toBeVisible({ timeout: 15_000 })
    await expect(item(page, 'clip.webm')).toBeVisible({ timeout: 15_000 })
    await expect(item(page, 'notes.txt')).toHaveCount(0)
    const filter = page.getByRole('combobox', { name: 'Filter' })
    await filter.click()
    await page.getByRole('option', { name: 'Photos' }).click()
    await expect(page.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible()
    await expect(item(page, 'clip.webm')).toHaveCount(0)
    await filter.click()
    await page.getByRole('option', { name: 'Videos' }).click()
    await expect(item(page, 'sunset.png')).toHaveCount(0)
    await filter.click()
    await page.getByRole('option', { name: 'All' }).click()
    // Newest first: the video, then the image.
    await openItem(page, 'clip.webm')
    const viewer = page.getByRole('dialog', { name: 'clip.webm' })
    await expect(viewer.locator('video')).toHaveAttribute('src', /\/file-service\/stream-video\//)
    await viewer.getByRole('button', { name: 'Next' }).click()
    const image = page.getByRole('dialog', { name: 'sunset.png' })
    await expect(image.locator('img')).toHaveAttribute('src', /\/file-service\/full-thumbnail\//)
    await expect
      .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await image.getByRole('button', { name: 'Previous' }).click()
    await expect(page.getByRole('dialog', { name: 'clip.webm' })).toBeVisible()
    // The browser's back button closes the viewer and stays on the page.
    await page.goBack()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).toHaveURL('/media')
  })
})
