// Nothing lost by mistake, on the real server: Undo on the toast after a multi-select trash, a move
// and a rename puts everything back where it was; Empty trash says what goes, empties the trash
// and the storage meter drops.
import { expect, type Page, test } from '@playwright/test'
import { createFolder, fileInfo, upload, uuid } from '../support/api.ts'
import { item, itemAction, signedIn } from '../support/browser.ts'

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** The parent of each item, as the server has it now. */
async function parents(page: Page, files: Record<string, string>, folders: Record<string, string> = {}) {
  const out: Record<string, string> = {}
  for (const [name, id] of Object.entries(files)) out[name] = (await fileInfo(page.request, id)).metadata.parent
  for (const [name, id] of Object.entries(folders))
    out[name] = (await (await page.request.get(`/folder-service/info/${id}`)).json()).parent
  return out
}

test.describe('undo and trash', () => {
  test('multi-select trash, then Undo: every file and folder is back where it was', async ({ page }) => {
    await signedIn(page)
    const box = await createFolder(page.request, 'Box')
    const sub = await createFolder(page.request, 'Sub', box._id)
    const a = await upload(page.request, 'a.txt', 'a', box._id)
    const b = await upload(page.request, 'b.txt', 'b', box._id)
    await upload(page.request, 'inner.txt', 'in', sub._id)
    await page.goto(`/folder/${box._id}`)
    await item(page, 'a.txt').click()
    await item(page, 'b.txt').click({ modifiers: ['Control'] })
    await item(page, 'Sub').click({ modifiers: ['Control'] })
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Trash' }).click()
    await page.getByRole('alertdialog', { name: 'Move to trash?' }).getByRole('button', { name: 'Yes' }).click()
    await expect(toasts(page).getByText('Trashed', { exact: true })).toBeVisible()
    for (const name of ['a.txt', 'b.txt', 'Sub']) await expect(item(page, name)).toHaveCount(0)
    // From the keyboard: the toast stays while its Undo has focus.
    await toasts(page).getByRole('button', { name: 'Undo' }).focus()
    await page.waitForTimeout(5500)
    await page.keyboard.press('Enter')
    await expect(toasts(page).getByText('Undone', { exact: true })).toBeVisible()
    for (const name of ['a.txt', 'b.txt', 'Sub']) await expect(item(page, name)).toBeVisible()
    expect(await parents(page, { a: a._id, b: b._id }, { sub: sub._id })).toEqual({
      a: box._id,
      b: box._id,
      sub: box._id,
    })
    // What was inside the folder came back with it.
    const inside = await (await page.request.get(`/file-service/list?parent=${sub._id}`)).json()
    expect(inside.map((f: { filename: string }) => f.filename)).toEqual(['inner.txt'])
    const trash = await (await page.request.get('/file-service/list?parent=/&trashMode=true')).json()
    expect(trash).toEqual([])
  })

  test('move with the move dialog, then Undo: the file is back in its folder', async ({ page }) => {
    await signedIn(page)
    const from = await createFolder(page.request, 'From')
    await createFolder(page.request, 'To')
    const f = await upload(page.request, 'travel.txt', 'go', from._id)
    await page.goto(`/folder/${from._id}`)
    await itemAction(page, 'travel.txt', 'Move')
    const dialog = page.getByRole('dialog', { name: 'Move' })
    await dialog.getByRole('option', { name: 'To' }).click()
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(toasts(page).getByText('File Moved', { exact: true })).toBeVisible()
    await expect(item(page, 'travel.txt')).toHaveCount(0)
    await toasts(page).getByRole('button', { name: 'Undo' }).click()
    await expect(toasts(page).getByText('Undone', { exact: true })).toBeVisible()
    await expect(item(page, 'travel.txt')).toBeVisible()
    expect((await fileInfo(page.request, f._id)).metadata.parent).toBe(from._id)
  })

  test('rename, then Undo: the old name is back; an Undo of a file deleted meanwhile says it failed', async ({
    page,
  }) => {
    await signedIn(page)
    const f = await upload(page.request, 'draft.txt', 'text')
    await page.reload()
    const rename = async (from: string, to: string) => {
      await itemAction(page, from, 'Rename')
      const prompt = page.getByRole('dialog', { name: 'Enter A File Name' })
      await prompt.getByRole('textbox').fill(to)
      await prompt.getByRole('button', { name: 'Okay' }).click()
      await expect(toasts(page).getByText('Renamed', { exact: true })).toBeVisible()
    }
    await rename('draft.txt', 'final.txt')
    await expect(item(page, 'final.txt')).toBeVisible()
    await toasts(page).getByRole('button', { name: 'Undo' }).click()
    await expect(toasts(page).getByText('Undone', { exact: true })).toBeVisible()
    await expect(item(page, 'draft.txt')).toBeVisible()
    expect((await fileInfo(page.request, f._id)).filename).toBe('draft.txt')

    // Deleted meanwhile (another device): the Undo says it failed, and why.
    await rename('draft.txt', 'second.txt')
    const undo = toasts(page).getByRole('button', { name: 'Undo' })
    await undo.hover()
    expect(
      (await page.request.delete('/file-service/remove', { data: { id: f._id }, headers: { uuid } })).status(),
    ).toBe(200)
    await undo.click()
    await expect(toasts(page).getByRole('alert')).toContainText("Couldn't undo: ")
  })

  test('Empty trash: the confirmation counts what goes, the trash is empty after, the storage meter drops', async ({
    page,
  }) => {
    await signedIn(page)
    // Each file's own bytes: exact duplicates would share one stored copy.
    const big = (name: string) => name + 'x'.repeat(200_000 - name.length)
    const old = await createFolder(page.request, 'Old')
    await upload(page.request, 'in-old.txt', big('in-old.txt'), old._id)
    const ids: Record<string, string> = {}
    for (const name of ['one.txt', 'two.txt', 'three.txt'])
      ids[name] = (await upload(page.request, name, big(name)))._id
    const gone = await createFolder(page.request, 'Gone')
    // Trashed in another order than uploaded: the trash lists by deletion date, newest first.
    for (const name of ['three.txt', 'one.txt', 'two.txt'])
      await page.request.patch('/file-service/trash', { data: { id: ids[name] }, headers: { uuid } })
    for (const id of [old._id, gone._id])
      await page.request.patch('/folder-service/trash', { data: { id }, headers: { uuid } })
    await page.goto('/trash')
    await expect(item(page, 'three.txt')).toBeVisible()
    // Each item says when it was deleted and how long it has left (30 days here).
    await expect(item(page, 'one.txt')).toContainText(/30 days left · Deleted \d\d\/\d\d\/\d{4}/)
    const files = page.getByRole('option').filter({ hasText: /\.txt/ })
    await expect(files).toHaveCount(3)
    expect((await files.allTextContents()).map((t) => t.match(/(one|two|three)\.txt/)?.[0])).toEqual([
      'two.txt',
      'one.txt',
      'three.txt',
    ])
    const meter = page.getByRole('group', { name: 'Storage' })
    const before = await meter.textContent()
    expect(before).toMatch(/800\.\d\d KB|781\.\d\d KB/)

    await page.getByRole('button', { name: 'Empty trash' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Empty trash?' })
    await expect(confirm).toContainText(
      '3 files and 2 folders, with everything in the folders, will be deleted forever. You will not be able to recover them.',
    )
    await confirm.getByRole('button', { name: 'Yes' }).click()
    await expect(toasts(page).getByText('Trash emptied', { exact: true })).toBeVisible()
    await expect(page.getByText('Trash is empty')).toBeVisible()
    await expect(meter).toContainText('0 B')
    const trash = await (await page.request.get('/file-service/list?parent=/&trashMode=true')).json()
    expect(trash).toEqual([])
  })
})
