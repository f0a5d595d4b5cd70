// Two accounts on one server (DESIGN.md §4 "another user's id → 404", SPEC §6 share levels): a
// second user can neither see nor open nor change the first user's files, folders and links by
// their ids, and of the first user's links only the public one opens, for anyone.
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import {
  createFolder,
  fileInfo,
  freshEmail,
  makeOne,
  makePublic,
  PASSWORD,
  signUp,
  upload,
  uuid,
} from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { logInInUi } from '../support/ui.ts'

/** Every name user 1 gives its items starts with this, so a leak is easy to spot anywhere. */
const MARK = 'u1secret'

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()

/** Waits for the thumbnail queue to finish the image (it runs off the upload request). */
async function thumbnailIdOf(page: Page, id: string) {
  await expect
    .poll(async () => (await fileInfo(page.request, id)).metadata.hasThumbnail, { timeout: 15_000 })
    .toBe(true)
  return (await fileInfo(page.request, id)).metadata.thumbnailID!
}

test('given two users, then the second can neither see, open nor change the first one’s items, and only public links open for anyone', async ({
  page,
  browser,
}) => {
  // User 1: a folder with a file in it, an image with a thumbnail, a public file, a file whose
  // link was made public and then removed, and a file with a temporary link.
  await page.goto('/')
  await signUp(page.request, freshEmail('owner'))
  const folder = await createFolder(page.request, `${MARK}-folder`)
  const nested = await upload(page.request, `${MARK}-nested.txt`, 'nested secret', folder._id)
  const image = await upload(page.request, `${MARK}-photo.png`, await png())
  const shared = await upload(page.request, `${MARK}-shared.txt`, 'shared with the world')
  const unshared = await upload(page.request, `${MARK}-unshared.txt`, 'no longer shared')
  const publicLink = (await makePublic(page.request, shared._id)).metadata.link!
  const oldLink = (await makePublic(page.request, unshared._id)).metadata.link!
  const once = await upload(page.request, `${MARK}-once.txt`, 'for one download')
  const onceLink = (await makeOne(page.request, once._id)).metadata.link!
  expect((await page.request.patch(`/file-service/remove-link/${unshared._id}`, { headers: { uuid } })).status()).toBe(
    200,
  )
  const thumbnailId = await thumbnailIdOf(page, image._id)

  // User 2, on another device.
  const intruder = await browser.newContext()
  const page2 = await intruder.newPage()
  await page2.goto('/')
  const intruderEmail = await signUp(page2.request, freshEmail('intruder'))
  const readPaths = {
    fileInfo: `/file-service/info/${nested._id}`,
    download: `/file-service/download/${nested._id}`,
    fullThumbnail: `/file-service/full-thumbnail/${image._id}`,
    thumbnail: `/file-service/thumbnail/${thumbnailId}`,
    stream: `/file-service/stream-video/${image._id}`,
    filesInFolder: `/file-service/list?parent=${folder._id}`,
    foldersInFolder: `/folder-service/list?parent=${folder._id}`,
    folderInfo: `/folder-service/info/${folder._id}`,
    zip: `/folder-service/download-zip?folderIDs[]=${folder._id}&fileIDs[]=${shared._id}`,
  }
  const statuses = async (who: Page) => {
    expect((await who.request.get('/file-service/download/access-token-stream-video')).status()).toBe(200)
    const result: Record<string, number> = {}
    for (const [key, path] of Object.entries(readPaths)) result[key] = (await who.request.get(path)).status()
    return result
  }
  const every = (status: number) => Object.fromEntries(Object.keys(readPaths).map((key) => [key, status]))
  // The same addresses work for their owner, so user 2's 404s come from ownership alone.
  expect(await statuses(page)).toEqual(every(200))
  expect(await statuses(page2)).toEqual(every(404))

  const send = async (method: 'patch' | 'delete', path: string, data?: object) =>
    (await page2.request.fetch(path, { method, data, headers: { uuid } })).status()
  const writes = {
    renameFile: await send('patch', '/file-service/rename', { id: nested._id, title: 'taken' }),
    shareFile: await send('patch', `/file-service/make-public/${nested._id}`),
    unshareFile: await send('patch', `/file-service/remove-link/${shared._id}`),
    trashFile: await send('patch', '/file-service/trash', { id: nested._id }),
    moveFile: await send('patch', '/file-service/move', { id: nested._id, parentID: '/' }),
    deleteFile: await send('delete', '/file-service/remove', { id: image._id }),
    renameFolder: await send('patch', '/folder-service/rename', { id: folder._id, title: 'taken' }),
    trashFolder: await send('patch', '/folder-service/trash', { id: folder._id }),
  }
  expect(writes).toEqual(Object.fromEntries(Object.keys(writes).map((key) => [key, 404])))

  // User 2's own views of the drive hold none of it either.
  for (const path of [
    '/file-service/list',
    '/file-service/quick-list',
    `/file-service/suggested-list?search=${MARK}`,
    '/folder-service/list',
    '/file-service/list?mediaMode=true',
  ]) {
    const response = await page2.request.get(path)
    expect(response.status(), path).toBe(200)
    expect(await response.text(), path).not.toContain(MARK)
  }

  // Nothing changed for user 1.
  const after = await fileInfo(page.request, nested._id)
  expect(after).toMatchObject({ filename: `${MARK}-nested.txt`, metadata: { parent: folder._id } })
  expect(after.metadata.trashed).toBeFalsy()
  expect(after.metadata.linkType).toBeUndefined()
  expect((await fileInfo(page.request, shared._id)).metadata.linkType).toBe('public')
  expect((await page.request.get(`/file-service/download/${image._id}`)).status()).toBe(200)

  // In the app, user 1's folder shows user 2 nothing: not on screen, not in any answer the app got,
  // and every question the app asked about that folder was answered 404.
  // Recorded as the answers arrive (their bodies are awaited below): a handler that pushed only
  // after reading the body could still be reading when the page went idle, and the check saw none.
  const pending: Array<Promise<{ url: string; status: number; body: string }>> = []
  page2.on('response', (response) => {
    if (!new URL(response.url()).pathname.includes('-service/')) return
    pending.push(
      response
        .text()
        .catch(() => '')
        .then((body) => ({ url: response.url(), status: response.status(), body })),
    )
  })
  await logInInUi(page2, intruderEmail, PASSWORD)
  // Not 'networkidle': on a loaded machine the app can be quiet for 500 ms between restoring the
  // session and asking about the folder. The screen that says the folder is missing comes after
  // every question about it was answered.
  const folderInfo = page2.waitForResponse(
    (response) => new URL(response.url()).pathname === `/folder-service/info/${folder._id}`,
  )
  await page2.goto(`/folder/${folder._id}`)
  await expect(page2).toHaveURL(new RegExp(`/folder/${folder._id}$`))
  expect((await folderInfo).status()).toBe(404)
  await expect(page2.getByRole('heading', { name: "This folder doesn't exist or was deleted" })).toBeVisible()
  expect(await page2.locator('body').innerText()).not.toContain(MARK)
  const answers = await Promise.all(pending)
  expect(answers.filter((answer) => answer.body.includes(MARK))).toEqual([])
  const aboutFolder = answers.filter((answer) => answer.url.includes(folder._id))
  expect(aboutFolder.length).toBeGreaterThan(0)
  expect(aboutFolder.filter((answer) => answer.status !== 404)).toEqual([])
  await intruder.close()

  // The public link opens for anyone, logged out, and downloads the file.
  const anonymous = await browser.newContext({ acceptDownloads: true })
  const visitor = await anonymous.newPage()
  await visitor.goto(`/public-download/${shared._id}/${publicLink}`)
  await expect(visitor.getByText(`${MARK}-shared.txt`)).toBeVisible()
  await expect(visitor.getByRole('group', { name: 'File details' })).toContainText('Public')
  await expectNoSeriousA11yViolations(visitor, undefined, 'public-download')
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    visitor.getByRole('button', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${MARK}-shared.txt`)
  expect(readFileSync((await download.path())!, 'utf8')).toBe('shared with the world')

  // A temporary link opens for anyone too, for one download.
  await visitor.goto(`/public-download/${once._id}/${onceLink}`)
  await expect(visitor.getByRole('group', { name: 'File details' })).toContainText('Temporary')
  expect((await visitor.request.get(`/file-service/public/download/${once._id}/${onceLink}`)).status()).toBe(200)
  expect((await visitor.request.get(`/file-service/public/download/${once._id}/${onceLink}`)).status()).toBe(404)

  // A removed link, and a real link presented with another file's id, open nothing.
  for (const [id, token] of [
    [unshared._id, oldLink],
    [nested._id, publicLink],
  ]) {
    await visitor.goto(`/public-download/${id}/${token}`)
    await expect(visitor.getByRole('alert')).toHaveText('Error getting public file')
    expect((await visitor.request.get(`/file-service/public/download/${id}/${token}`)).status()).toBe(404)
  }
  await expectNoSeriousA11yViolations(visitor, undefined, 'public-download, error')
  await anonymous.close()
})
