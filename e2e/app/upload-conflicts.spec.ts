// Upload name clashes against the real server (DESIGN.md §8 "Versions"): a file uploaded into a
// folder that already holds its name asks Replace / Keep both / Skip before anything is sent, and
// the server does what was chosen: Replace keeps the old content as a version, Keep both stores
// "name (1).ext", Skip sends nothing.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import type { FileJson, FolderJson } from '../../server/schemas/files.ts'
import type { VersionListReply } from '../../server/schemas/versions.ts'
import { createFolder, upload, uuid } from '../support/api.ts'
import { addNewUpload, item, signedIn } from '../support/browser.ts'

const text = (name: string, content: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) })

async function filesIn(page: Page, parent: string): Promise<FileJson[]> {
  const r = await page.request.get('/file-service/list', { params: { parent, limit: 100 }, headers: { uuid } })
  expect(r.status()).toBe(200)
  return ((await r.json()) as FileJson[]).sort((a, b) => a.filename.localeCompare(b.filename))
}

async function contentOf(page: Page, path: string): Promise<string> {
  const r = await page.request.get(path, { headers: { uuid } })
  expect(r.status()).toBe(200)
  return r.text()
}

/** A folder holding report.txt ("old content"), open in the browser; the tus creations it sends are counted. */
async function folderWithReport(page: Page) {
  await signedIn(page)
  const folder = await createFolder(page.request, 'Reports')
  await upload(page.request, 'report.txt', 'old content', folder._id)
  const creations: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/file-service/uploads')
      creations.push(request.headers()['upload-metadata'] ?? '')
  })
  await page.goto(`/folder/${folder._id}`)
  await expect(item(page, 'report.txt')).toBeVisible()
  return { folder, creations }
}

const dialogFor = (page: Page, name: string) => page.getByRole('alertdialog', { name: `“${name}” already exists` })
const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' })

test.describe('upload conflicts', () => {
  test('Replace: one file with the new content, the old content kept as a version', async ({ page }) => {
    const { folder } = await folderWithReport(page)
    await addNewUpload(page, 'Upload Files', text('report.txt', 'new content'))
    const dialog = dialogFor(page, 'report.txt')
    await expect(dialog).toContainText('keeps the current content as an earlier version')
    await expect(dialog).toContainText('saves the new one as “report (1).txt”')
    await expect(dialog.getByRole('button', { name: 'Replace' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(panel(page)).toContainText('Replaced — the earlier version is kept')
    const files = await filesIn(page, folder._id)
    expect(files).toHaveLength(1)
    expect(await contentOf(page, `/file-service/download/${files[0]!._id}`)).toBe('new content')
    const versions = await page.request.get(`/file-service/${files[0]!._id}/versions`, { headers: { uuid } })
    expect(versions.status()).toBe(200)
    const list = ((await versions.json()) as VersionListReply).versions
    expect(list.map((v) => v.size)).toEqual(['old content'.length])
    expect(await contentOf(page, `/file-service/${files[0]!._id}/versions/${list[0]!._id}/download`)).toBe(
      'old content',
    )
  })

  test('Keep both: the new one is stored as "name (1).ext" beside the old one', async ({ page }) => {
    const { folder } = await folderWithReport(page)
    await addNewUpload(page, 'Upload Files', text('report.txt', 'new content'))
    await dialogFor(page, 'report.txt').getByRole('button', { name: 'Keep both' }).click()
    await expect(panel(page)).toContainText('Kept both, saved as report (1).txt')
    const files = await filesIn(page, folder._id)
    expect(files.map((f) => f.filename)).toEqual(['report (1).txt', 'report.txt'])
    expect(await contentOf(page, `/file-service/download/${files[0]!._id}`)).toBe('new content')
    expect(await contentOf(page, `/file-service/download/${files[1]!._id}`)).toBe('old content')
    await expect(item(page, 'report (1).txt')).toBeVisible()
  })

  test('Skip: nothing is sent and nothing changes; "Do this for all" settles both clashes', async ({ page }) => {
    const { folder, creations } = await folderWithReport(page)
    await upload(page.request, 'notes.txt', 'old notes', folder._id)
    await addNewUpload(page, 'Upload Files', [
      text('report.txt', 'new content'),
      text('notes.txt', 'new notes'),
      text('fresh.txt', 'fresh'),
    ])
    const dialog = page.getByRole('alertdialog', { name: /already exists/ })
    await dialog.getByRole('checkbox', { name: 'Do this for all 2 conflicts' }).check()
    await dialog.getByRole('button', { name: 'Skip' }).click()
    await expect(panel(page).getByRole('heading')).toHaveText('Uploaded 1 file(s)')
    await expect(panel(page)).toContainText('2 skipped')
    // Only fresh.txt was sent, with the rule that refuses a name taken meanwhile.
    expect(creations).toHaveLength(1)
    const files = await filesIn(page, folder._id)
    expect(files.map((f) => f.filename)).toEqual(['fresh.txt', 'notes.txt', 'report.txt'])
    expect(await contentOf(page, `/file-service/download/${files[2]!._id}`)).toBe('old content')
  })

  test('a name that differs only in case is another name: no question, stored beside it', async ({ page }) => {
    const { folder } = await folderWithReport(page)
    await addNewUpload(page, 'Upload Files', text('REPORT.txt', 'shouting'))
    await expect(panel(page).getByRole('heading')).toHaveText('Uploaded 1 file(s)')
    await expect(page.getByRole('alertdialog')).toBeHidden()
    const names = (await filesIn(page, folder._id)).map((f) => f.filename)
    expect(names).toHaveLength(2)
    expect(names).toEqual(expect.arrayContaining(['REPORT.txt', 'report.txt']))
  })

  test('Escape calls the whole upload off: no row, nothing sent', async ({ page }) => {
    const { folder, creations } = await folderWithReport(page)
    await addNewUpload(page, 'Upload Files', [text('report.txt', 'new content'), text('fresh.txt', 'fresh')])
    await expect(dialogFor(page, 'report.txt')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialogFor(page, 'report.txt')).toBeHidden()
    await expect(panel(page)).toBeHidden()
    expect(creations).toEqual([])
    expect((await filesIn(page, folder._id)).map((f) => f.filename)).toEqual(['report.txt'])
  })

  test('a folder upload merges into the folder of the same name, asking about the file it holds', async ({ page }) => {
    await signedIn(page)
    const album = await createFolder(page.request, 'Album')
    await upload(page.request, 'cover.txt', 'old cover', album._id)
    const scratch = mkdtempSync(join(tmpdir(), 'cumulus-e2e-conflicts-'))
    try {
      mkdirSync(join(scratch, 'Album'))
      writeFileSync(join(scratch, 'Album', 'cover.txt'), 'new cover')
      writeFileSync(join(scratch, 'Album', 'back.txt'), 'back')
      await page.reload()
      await addNewUpload(page, 'Upload Folder', join(scratch, 'Album'))
      await page
        .getByRole('alertdialog', { name: '“Album/cover.txt” already exists' })
        .getByRole('button', {
          name: 'Replace',
        })
        .click()
      await expect(panel(page).getByRole('heading')).toHaveText('Uploaded 1 file(s)')
      const folders = await page.request.get('/folder-service/list', { params: { parent: '/' }, headers: { uuid } })
      expect(((await folders.json()) as FolderJson[]).map((f) => f.name)).toEqual(['Album'])
      const files = await filesIn(page, album._id)
      expect(files.map((f) => f.filename)).toEqual(['back.txt', 'cover.txt'])
      expect(await contentOf(page, `/file-service/download/${files[1]!._id}`)).toBe('new cover')
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  })
})
