// axe on every file screen and every modal, menu and popup they open (issue #8): zero serious or
// critical violations, each state checked once it is on screen. Content is seeded through the API
// so the grids, lists, thumbnails and banners are all there to be checked.
import { expect, type Page, test } from '@playwright/test'
import { makeImage, makeVideo } from '../../tests/server/helpers/media.ts'
import { createFolder, upload, uuid } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { item, row, signedIn } from '../support/browser.ts'
import { toasts } from '../support/ui.ts'

const check = (page: Page, name: string) => expectNoSeriousA11yViolations(page, undefined, name)

/** A drive with a folder, a few files, an image, a video and a trashed folder. */
async function seed(page: Page) {
  const trip = await createFolder(page.request, 'Trip')
  await createFolder(page.request, 'Work')
  const old = await createFolder(page.request, 'Old stuff')
  await upload(page.request, 'inside.txt', 'in the folder', trip._id)
  await upload(page.request, 'notes.txt', 'text')
  await upload(page.request, 'budget.xlsx', 'sheet')
  await upload(page.request, 'sunset.png', await makeImage('png'))
  await upload(page.request, 'clip.webm', makeVideo('webm'))
  const trashed = await page.request.patch('/folder-service/trash', { data: { id: old._id }, headers: { uuid } })
  expect(trashed.status()).toBe(200)
  return { trip }
}

/** Waits until `count` thumbnails exist (they are made off the request path), so cards show them. */
async function thumbnailsReady(page: Page, count: number) {
  await expect
    .poll(
      async () => ((await (await page.request.get('/file-service/list?mediaMode=true')).json()) as unknown[]).length,
      { timeout: 20_000 },
    )
    .toBe(count)
}

test.describe('axe: file screens', () => {
  test('given a drive with content, then home (grid and list), a folder, search, trash, media and settings have no serious violations', async ({
    page,
  }) => {
    await signedIn(page)
    const { trip } = await seed(page)
    await thumbnailsReady(page, 2)
    await page.reload()
    await expect(item(page, 'sunset.png').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Quick Access' })).toBeVisible()
    await check(page, '/home, grid view')

    await page.getByRole('button', { name: 'List view' }).click()
    await expect(page.getByRole('columnheader', { name: 'Name' }).first()).toBeVisible()
    await check(page, '/home, list view')
    await page.getByRole('button', { name: 'Grid view' }).click()

    await page.goto(`/folder/${trip._id}`)
    await expect(item(page, 'inside.txt')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
    await check(page, '/folder/{id}')

    await page.goto('/search/notes')
    await expect(row(page, 'notes.txt')).toBeVisible()
    await check(page, '/search/{query}')

    await page.goto('/trash')
    await expect(item(page, 'Old stuff')).toBeVisible()
    await expect(
      page.getByText('Items in the trash may be automatically deleted depending on the servers settings.'),
    ).toBeVisible()
    await check(page, '/trash')

    await page.goto('/media')
    await expect(item(page, 'sunset.png')).toBeVisible()
    await expect(item(page, 'clip.webm')).toBeVisible()
    await check(page, '/media')

    await page.goto('/settings')
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible()
    await check(page, '/settings')

    // /shared (issue #19): a folder link with a password and a file request, then a link's Edit dialog.
    for (const data of [
      { itemType: 'folder', itemId: trip._id, password: 'open sesame', maxDownloads: 5 },
      { itemType: 'folder', itemId: trip._id, access: 'upload', maxFileSize: 1024 ** 2 },
    ]) {
      expect((await page.request.post('/share-service/links', { data, headers: { uuid } })).status()).toBe(201)
    }
    await page.goto('/shared')
    await expect(page.getByRole('table', { name: 'Shared links' }).getByRole('row')).toHaveCount(3)
    await check(page, '/shared')
    await page
      .getByRole('row')
      .filter({ hasText: 'View link' })
      .getByRole('button', { name: 'Edit link to Trip' })
      .click()
    await expect(
      page.getByRole('dialog', { name: 'Link to Trip' }).getByRole('checkbox', { name: 'Require a password' }),
    ).toBeChecked()
    await check(page, '/shared, edit dialog open')
  })

  test('given empty areas, then the empty home, trash and media have no serious violations', async ({ page }) => {
    await signedIn(page)
    await expect(page.getByRole('heading', { name: 'No Folders' })).toBeVisible()
    await check(page, '/home, empty')
    await page.goto('/trash')
    await expect(page.getByRole('heading', { name: 'No Folders' })).toBeVisible()
    await check(page, '/trash, empty')
    await page.goto('/media')
    await expect(page.getByRole('heading', { name: 'Photos and Videos' })).toBeVisible()
    await check(page, '/media, empty')
    await page.goto('/shared')
    await expect(page.getByRole('heading', { name: 'No shared links yet' })).toBeVisible()
    await check(page, '/shared, empty')
  })
})

test.describe('axe: modals, menus and popups', () => {
  test('given the home screen, then its context menu, prompts, confirmations and share, move and details modals have no serious violations', async ({
    page,
  }) => {
    await signedIn(page)
    await seed(page)
    await page.reload()
    const notes = item(page, 'notes.txt').first()
    await expect(notes).toBeVisible()

    await notes.click({ button: 'right' })
    await expect(page.getByRole('menu', { name: 'Actions' })).toBeVisible()
    await check(page, 'context menu open')

    await page.getByRole('menuitem', { name: 'Rename' }).click()
    const rename = page.getByRole('dialog', { name: 'Enter A File Name' })
    await expect(rename).toBeVisible()
    await check(page, 'rename prompt open')
    // The empty-name message shows inside the prompt.
    await rename.getByRole('textbox').fill('')
    await rename.getByRole('button', { name: 'Okay' }).click()
    await expect(rename.getByText('Please Enter a Name')).toBeVisible()
    await check(page, 'rename prompt with its error')
    await page.keyboard.press('Escape')
    await expect(rename).toHaveCount(0)

    await notes.click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Trash' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Move to trash?' })
    await expect(confirm).toBeVisible()
    await check(page, 'confirm dialog open')
    await confirm.getByRole('button', { name: 'cancel' }).click()
    await expect(confirm).toHaveCount(0)

    await notes.click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Share' }).click()
    const share = page.getByRole('dialog', { name: 'Share' })
    await expect(share).toBeVisible()
    await check(page, 'share modal open, private')
    await share.getByRole('combobox', { name: 'Permission' }).click()
    await expect(page.getByRole('option', { name: 'Temporary' })).toBeVisible()
    await check(page, 'share modal, permission options open')
    await page.getByRole('option', { name: 'Public' }).click()
    await expect(share.getByRole('textbox', { name: 'Share link' })).toHaveValue(/\/public-download\//)
    await expect(toasts(page).getByText('Public Link Generated')).toBeVisible()
    await check(page, 'share modal open, public link, toast shown')
    await expect(share.getByRole('form', { name: 'Link settings' })).toBeVisible()
    await check(page, 'share modal, link settings')
    await share.getByRole('button', { name: 'Close' }).click()
    await expect(share).toHaveCount(0)

    // A folder's share dialog (issue #19): Share folder and Request files.
    await item(page, 'Trip').click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Share' }).click()
    const folderShare = page.getByRole('dialog', { name: 'Share' })
    await expect(folderShare.getByRole('region', { name: 'Request files' })).toBeVisible()
    await check(page, 'folder share modal open')
    await folderShare.getByRole('button', { name: 'Close' }).click()
    await expect(folderShare).toHaveCount(0)

    await notes.click({ button: 'right' })
    await page.getByRole('menuitem', { name: 'Move' }).click()
    const move = page.getByRole('dialog', { name: 'Move' })
    await expect(move.getByRole('option', { name: 'Trip' })).toBeVisible()
    await move.getByRole('option', { name: 'Trip' }).click()
    await expect(move.getByText('Move to Trip')).toBeVisible()
    await check(page, 'move modal open, a folder selected')
    await move.getByRole('button', { name: 'Close' }).click()
    await expect(move).toHaveCount(0)

    // Two clicks within 1.5 s open a file: a text file in the viewer…
    await notes.click()
    await notes.click()
    const viewer = page.getByRole('dialog', { name: 'notes.txt' })
    await expect(viewer.getByRole('region', { name: 'Contents of notes.txt' })).toBeVisible()
    await check(page, 'text viewer open')
    await page.keyboard.press('Escape')
    await expect(viewer).toHaveCount(0)

    // …and a file with no preview in the details modal.
    const budget = item(page, 'budget.xlsx').first()
    await budget.click()
    await budget.click()
    const details = page.getByRole('dialog', { name: 'budget.xlsx' })
    await expect(details.getByRole('button', { name: 'Download' })).toBeVisible()
    await check(page, 'file details modal open')
    await page.keyboard.press('Escape')
    await expect(details).toHaveCount(0)

    // The details panel describing a selected file.
    await notes.click()
    await expect(page.getByRole('complementary', { name: 'Details' }).getByText('notes.txt')).toBeVisible()
    await check(page, 'details panel with a file')
  })

  test('given the home screen, then the multi-select bar, the search suggestions and the upload panel have no serious violations', async ({
    page,
  }) => {
    await signedIn(page)
    await seed(page)
    await page.reload()
    await expect(item(page, 'notes.txt').first()).toBeVisible()

    await item(page, 'notes.txt')
      .first()
      .click({ modifiers: ['ControlOrMeta'] })
    await item(page, 'Work').click({ modifiers: ['ControlOrMeta'] })
    const bar = page.getByRole('toolbar', { name: 'Selection' })
    await expect(bar.getByText('2 selected')).toBeVisible()
    await check(page, 'multi-select bar')
    await page.keyboard.press('Escape')
    await expect(bar).toHaveCount(0)

    const search = page.getByRole('combobox', { name: 'Search' })
    await search.fill('t')
    const suggestions = page.getByRole('listbox', { name: 'Search' })
    await expect(suggestions.getByRole('option', { name: 'Trip' })).toBeVisible()
    await check(page, 'search suggestions open')
    await search.fill('zzz-nothing')
    await expect(suggestions.getByText('No Results')).toBeVisible()
    await check(page, 'search suggestions, no results')
    await search.press('Escape')

    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'ADD NEW' }).click()
    await expect(page.getByRole('menu', { name: 'ADD NEW' })).toBeVisible()
    await check(page, 'ADD NEW menu open')
    await page.getByRole('menuitem', { name: 'Upload Files' }).click()
    await (
      await chooser
    ).setFiles([
      { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('1') },
      { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('2') },
    ])
    const uploads = page.getByRole('region', { name: 'Uploads' })
    await expect(uploads.getByRole('heading', { name: 'Uploaded 2 file(s)' })).toBeVisible()
    await check(page, 'upload panel visible')

    await page.getByRole('button', { name: 'ADD NEW' }).click()
    await page.getByRole('menuitem', { name: 'Create Folder' }).click()
    await expect(page.getByRole('dialog', { name: 'Enter Folder Name' })).toBeVisible()
    await check(page, 'new folder prompt open')
  })

  test('given an image in media, then the viewer has no serious violations', async ({ page }) => {
    await signedIn(page)
    await upload(page.request, 'sunset.png', await makeImage('png'))
    await thumbnailsReady(page, 1)
    await page.goto('/media')
    const card = item(page, 'sunset.png')
    await expect(card).toBeVisible({ timeout: 20_000 })
    await card.click()
    await card.click()
    const viewer = page.getByRole('dialog', { name: 'sunset.png' })
    await expect
      .poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await check(page, 'image viewer open')
    await viewer.getByRole('button', { name: 'File actions' }).click()
    await expect(page.getByRole('menu', { name: 'File actions' })).toBeVisible()
    await check(page, 'image viewer, its menu open')
  })
})

test.describe('axe: mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('given a phone, then home and the open drawer have no serious violations', async ({ page }) => {
    await signedIn(page)
    await seed(page)
    await page.reload()
    // Collapsed, Quick Access shows one row: on a phone the two newest files.
    await expect(
      page.getByRole('region', { name: 'Quick Access' }).getByRole('button', { name: /^clip\.webm/ }),
    ).toBeVisible()
    await expect(item(page, 'Trip')).toBeVisible()
    await check(page, 'mobile /home')
    await page.getByRole('button', { name: 'Menu', exact: true }).tap()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await check(page, 'mobile /home, drawer open')
  })
})
