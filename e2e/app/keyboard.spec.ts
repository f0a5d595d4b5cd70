// A keyboard-only journey through the file browser (issue #8): upload through the ADD NEW menu,
// open, rename, move, share and trash, with Tab, arrows, Enter, F2, Shift+F10, Delete and Escape
// only. Focus must never fall back to <body> when a modal or menu closes.
import { expect, type Locator, type Page, test } from '@playwright/test'
import { createFolder, upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'
import { toasts } from '../support/ui.ts'

/** What has focus, for failure messages. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    return `${el.tagName.toLowerCase()}[role=${el.getAttribute('role') ?? ''}] "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`
  })

// An open Ariakit select keeps DOM focus on its listbox and marks the active option instead.
const hasFocus = (target: Locator) =>
  target
    .evaluate((el) => {
      const active = document.activeElement
      return (
        el === active ||
        (el.hasAttribute('data-active-item') && active?.getAttribute('role') === 'listbox' && active.contains(el))
      )
    })
    .catch(() => false)

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  expect(await hasFocus(target), `Tab never reached the target; focus is on ${await describeFocus(page)}`).toBe(true)
}

/** Presses `key` until `target` has focus (arrowing through a grid or a menu); fails after `max` presses. */
async function arrowTo(page: Page, target: Locator, key: string, max = 10) {
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(key)
  }
  expect(await hasFocus(target), `${key} never reached the target; focus is on ${await describeFocus(page)}`).toBe(true)
}

/** After a modal or menu closes, focus is back on something in the page, not dropped on <body>. */
async function expectFocusKept(page: Page, where: string) {
  await expect.poll(() => describeFocus(page), { message: `focus after ${where}` }).not.toBe('body')
}

test('given a signed-in user, the whole file journey works with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000)
  // Counts real pointer presses in the page, so the journey can prove it used none.
  await page.addInitScript(() => {
    const w = window as unknown as { pointerPresses: number }
    w.pointerPresses = 0
    window.addEventListener(
      'pointerdown',
      (event) => {
        if (event.isTrusted) w.pointerPresses++
      },
      true,
    )
  })
  await signedIn(page)
  await createFolder(page.request, 'Archive')
  await createFolder(page.request, 'Albums')
  await upload(page.request, 'readme.txt', 'older file')
  await page.reload()
  await expect(item(page, 'Archive')).toBeVisible()

  // ADD NEW → Upload Files: the file chooser opens from the menu item.
  const addNew = page.getByRole('button', { name: 'ADD NEW' })
  await tabTo(page, addNew)
  await page.keyboard.press('Enter')
  const uploadFiles = page.getByRole('menuitem', { name: 'Upload Files' })
  await expect(uploadFiles).toBeFocused()
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('Enter')
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('keyboard only') })
  const files = page.getByRole('listbox', { name: 'Home Files' })
  const notes = files.getByRole('option', { name: /^notes\.txt/ })
  await expect(notes).toBeVisible()
  await expect(page.getByRole('region', { name: 'Uploads' }).getByText('Uploaded 1 file(s)')).toBeVisible()
  await expectFocusKept(page, 'the ADD NEW menu')

  // Into the file grid by Tab (its one tab stop is the newest file), then across it by arrows.
  await tabTo(page, files.getByRole('option').first())
  await expect(notes).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(files.getByRole('option', { name: /^readme\.txt/ })).toBeFocused()
  await arrowTo(page, notes, 'ArrowLeft')

  // Enter opens the text file in the viewer; Escape closes it and focus returns to the card.
  await page.keyboard.press('Enter')
  const viewer = page.getByRole('dialog', { name: 'notes.txt' })
  await expect(viewer.getByText('keyboard only')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toHaveCount(0)
  await expect(notes).toBeFocused()

  // F2 renames.
  await page.keyboard.press('F2')
  const prompt = page.getByRole('dialog', { name: 'Enter A File Name' })
  await expect(prompt.getByRole('textbox')).toBeFocused()
  await expect(prompt.getByRole('textbox')).toHaveValue('notes.txt')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('plans.txt')
  await page.keyboard.press('Enter')
  await expect(toasts(page).getByText('Renamed', { exact: true })).toBeVisible()
  const plans = files.getByRole('option', { name: /^plans\.txt/ })
  await expect(plans).toBeVisible()
  await expect(prompt).toHaveCount(0)
  await expectFocusKept(page, 'the rename prompt')
  await expect(plans).toBeFocused()

  // Shift+F10 opens the item's menu on its first action; arrows reach Share.
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu', { name: 'Actions' })
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  await arrowTo(page, menu.getByRole('menuitem', { name: 'Share' }), 'ArrowDown')
  await page.keyboard.press('Enter')
  const share = page.getByRole('dialog', { name: 'Share' })
  await expect(share).toBeVisible()
  const permission = share.getByRole('combobox', { name: 'Permission' })
  await tabTo(page, permission)
  await page.keyboard.press('Enter')
  await arrowTo(page, page.getByRole('option', { name: 'Public' }), 'ArrowDown')
  await page.keyboard.press('Enter')
  await expect(toasts(page).getByText('Public Link Generated')).toBeVisible()
  await expect(share.getByRole('textbox', { name: 'Share link' })).toHaveValue(/\/public-download\//)
  await expect(permission).toHaveText('Public')
  await page.keyboard.press('Escape')
  await expect(share).toHaveCount(0)
  await expectFocusKept(page, 'the share modal')
  await expect(plans).toBeFocused()

  // The ContextMenu key opens the same menu; Move → pick Archive with arrows and Enter → Confirm.
  await page.keyboard.press('ContextMenu')
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  await arrowTo(page, menu.getByRole('menuitem', { name: 'Move' }), 'ArrowDown')
  await page.keyboard.press('Enter')
  const move = page.getByRole('dialog', { name: 'Move' })
  await expect(move).toBeVisible()
  // The folders come by name: Albums, then Archive.
  await tabTo(page, move.getByRole('option', { name: 'Albums' }))
  await page.keyboard.press('ArrowDown')
  await expect(move.getByRole('option', { name: 'Archive' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(move.getByText('Move to Archive')).toBeVisible()
  await tabTo(page, move.getByRole('button', { name: 'Confirm' }))
  await page.keyboard.press('Enter')
  await expect(toasts(page).getByText('File Moved')).toBeVisible()
  await expect(move).toHaveCount(0)
  await expect(plans).toHaveCount(0)
  await expectFocusKept(page, 'the move modal')
  // The moved card's place (and focus) went to the next file.
  await expect(files.getByRole('option', { name: /^readme\.txt/ })).toBeFocused()

  // Into Archive from the folder grid (Enter opens a folder), then Delete trashes the moved file.
  const folders = page.getByRole('listbox', { name: 'Home Folders' })
  await tabTo(page, folders.getByRole('option').first(), { back: true })
  await arrowTo(page, folders.getByRole('option', { name: /^Archive/ }), 'ArrowRight')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/folder\//)
  const moved = page.getByRole('listbox', { name: 'Files' }).getByRole('option', { name: /^plans\.txt/ })
  await expect(moved).toBeVisible()
  await tabTo(page, moved)
  await page.keyboard.press('Delete')
  const confirm = page.getByRole('alertdialog', { name: 'Move to trash?' })
  await expect(confirm).toBeVisible()
  await tabTo(page, confirm.getByRole('button', { name: 'Yes' }))
  await page.keyboard.press('Enter')
  await expect(toasts(page).getByText('Trashed', { exact: true })).toBeVisible()
  await expect(confirm).toHaveCount(0)
  await expect(moved).toHaveCount(0)
  await expectFocusKept(page, 'the trash confirmation')
  // The folder has no files left: focus waits on the list's heading.
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeFocused()

  const trashed = await page.request.get('/file-service/list?search=plans&trashMode=true')
  expect(((await trashed.json()) as { filename: string }[]).map((f) => f.filename)).toEqual(['plans.txt'])
  expect(await page.evaluate(() => (window as unknown as { pointerPresses: number }).pointerPresses)).toBe(0)
})
