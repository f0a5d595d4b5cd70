// Share links' public pages (issue #19) on the real server, in a logged-out browser: an owner makes
// links through /share-service/links; a visitor opens a password folder link, browses into a
// subfolder, views a photo, downloads a zip, fills a file request (which the owner then sees), and
// meets an expired link's page.
import { readFileSync } from 'node:fs'
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test'
import type { FileJson } from '../../server/schemas/files.ts'
import type { ShareLinkJson } from '../../server/schemas/sharing.ts'
import sharp from 'sharp'
import { ffmpegAvailable, makeImage, makeSong } from '../../tests/server/helpers/media.ts'
import { heifEncAvailable, makeHeic } from '../../tests/server/helpers/media-fixtures.ts'
import { createFolder, fileInfo, signUp, upload, uuid } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { item } from '../support/browser.ts'
import { E2E_BASE_URL } from '../support/ports.ts'
import { zipEntries } from '../support/zip.ts'

/** An owner with a session of their own (an API context, never the visitor's browser). */
async function owner(): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL })
  await signUp(request)
  return request
}

async function createLink(request: APIRequestContext, body: Record<string, unknown>): Promise<ShareLinkJson> {
  const r = await request.post('/share-service/links', { data: body, headers: { uuid } })
  if (r.status() !== 201) throw new Error(`create link failed: ${r.status()} ${await r.text()}`)
  return ((await r.json()) as { link: ShareLinkJson }).link
}

/** The link's page path, from the url the server gives (PUBLIC_URL/s/{token}). */
const pagePath = (link: ShareLinkJson) => new URL(link.url).pathname

/** A logged-out visitor in a context of its own (no cookies, no session). */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true })
  return context.newPage()
}

async function waitForThumbnail(request: APIRequestContext, id: string): Promise<void> {
  await expect.poll(async () => (await fileInfo(request, id)).metadata.hasThumbnail, { timeout: 30_000 }).toBe(true)
}

/** On a link's page one click opens an item (the view selects with Ctrl or Space). */
const openItem = (page: Page, name: string) => item(page, name).click()

test.describe('share links, as a logged-out visitor', () => {
  test('a password folder link: unlock, browse into a subfolder, view a photo, download a zip', async ({ browser }) => {
    const request = await owner()
    const trip = await createFolder(request, 'Trip')
    const beach = await createFolder(request, 'Beach', trip._id)
    await upload(request, 'readme.txt', 'hello from the trip', trip._id)
    const photo = await upload(request, 'sunset.png', await makeImage('png'), beach._id)
    await upload(request, 'notes.txt', 'beach notes', beach._id)
    await waitForThumbnail(request, photo._id)
    const link = await createLink(request, { itemType: 'folder', itemId: trip._id, password: 'open sesame' })

    const page = await visitor(browser)
    const response = await page.goto(pagePath(link))
    // The page's address holds the token: it never leaves in a Referer.
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    await expect(page.getByRole('heading', { name: 'This link is protected' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, undefined, 'password form')
    await page.getByLabel('Password').fill('not it')
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect password. Try again.')
    await page.getByLabel('Password').fill('open sesame')
    await page.getByRole('button', { name: 'Open' }).click()

    await expect(page.getByRole('heading', { name: 'Trip', level: 1 })).toBeVisible()
    await expect(item(page, 'readme.txt')).toBeVisible()
    // Nothing of the owner is on the page.
    await expect(page.getByText(/@example\.com/)).toHaveCount(0)
    await expectNoSeriousA11yViolations(page, undefined, 'folder link')

    await openItem(page, 'Beach')
    const crumbs = page.getByRole('navigation', { name: 'Folder path' })
    await expect(crumbs.getByText('Beach')).toHaveAttribute('aria-current', 'page')
    await expect(item(page, 'sunset.png')).toBeVisible()
    // The thumbnail comes through the link.
    await expect(item(page, 'sunset.png').locator('img')).toHaveAttribute(
      'src',
      new RegExp(`/share-service/public/${link.token}/thumbnail/${photo._id}$`),
    )

    await openItem(page, 'sunset.png')
    const viewer = page.getByRole('dialog', { name: 'sunset.png' })
    // The link's preview route, never the original's download.
    await expect(viewer.locator('img')).toHaveAttribute('src', new RegExp(`/preview/${photo._id}$`))
    await expect
      .poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // Back at the shared root through the breadcrumbs, everything as one zip.
    await crumbs.getByRole('button', { name: 'Trip' }).click()
    await expect(item(page, 'readme.txt')).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download all' }).click()
    const entries = await zipEntries(readFileSync(await (await download).path()))
    // The shared folder itself is the zip's one top folder (the visitor sees its name anyway).
    expect(Object.keys(entries).sort()).toEqual(['Trip/Beach/notes.txt', 'Trip/Beach/sunset.png', 'Trip/readme.txt'])
    expect(entries['Trip/readme.txt']!.toString()).toBe('hello from the trip')
    expect(entries['Trip/Beach/notes.txt']!.toString()).toBe('beach notes')

    // A selection: one file of the root and the subfolder.
    await item(page, 'readme.txt').click({ modifiers: ['Control'] })
    await item(page, 'Beach').click({ modifiers: ['Control'] })
    await expect(page.getByRole('toolbar', { name: 'Selection' }).getByText('2 selected')).toBeVisible()
    const selected = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download selected' }).click()
    const picked = await zipEntries(readFileSync(await (await selected).path()))
    expect(Object.keys(picked).sort()).toEqual(['Beach/notes.txt', 'Beach/sunset.png', 'readme.txt'])
    await page.context().close()
    await request.dispose()
  })

  test('a folder link shows an iPhone photo decoded and a song with its cover, from the link’s own routes', async ({
    browser,
  }) => {
    test.skip(!heifEncAvailable || !ffmpegAvailable, 'needs heif-enc and ffmpeg on PATH to make the files')
    const request = await owner()
    const album = await createFolder(request, 'Album')
    const photo = await upload(request, 'IMG_0001.heic', await makeHeic({ width: 320, height: 240 }), album._id)
    const cover = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer()
    const song = await upload(request, 'tune.mp3', makeSong('mp3', { title: 'Tune' }, { cover, seconds: 3 }), album._id)
    await waitForThumbnail(request, photo._id)
    await waitForThumbnail(request, song._id)
    const link = await createLink(request, { itemType: 'folder', itemId: album._id })

    const page = await visitor(browser)
    await page.goto(pagePath(link))
    await openItem(page, 'IMG_0001.heic')
    const viewer = page.getByRole('dialog', { name: 'IMG_0001.heic' })
    const img = viewer.locator('img')
    await expect(img).toHaveAttribute('src', new RegExp(`/share-service/public/${link.token}/preview/${photo._id}$`))
    // Chromium decodes no HEIC: a picture shown means the server's converted preview came.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await openItem(page, 'tune.mp3')
    const player = page.getByRole('dialog', { name: 'tune.mp3' }).getByRole('group', { name: 'tune.mp3' })
    const art = player.getByRole('img', { name: 'Cover art' })
    await expect(art).toHaveAttribute('src', new RegExp(`/share-service/public/${link.token}/thumbnail/${song._id}$`))
    await expect.poll(() => art.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
    const audio = player.locator('audio')
    await expect(audio).toHaveAttribute('src', new RegExp(`/share-service/public/${link.token}/preview/${song._id}$`))
    await expect(player.locator('[data-part="audio-total"]')).toHaveText('0:03')
    await page.context().close()
    await request.dispose()
  })

  test('a file request takes files; the owner finds them in the folder', async ({ browser }) => {
    const request = await owner()
    const inbox = await createFolder(request, 'Inbox')
    await upload(request, 'secret.txt', 'the owner only', inbox._id)
    const link = await createLink(request, { itemType: 'folder', itemId: inbox._id, access: 'upload' })

    const page = await visitor(browser)
    await page.goto(pagePath(link))
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible()
    // An upload link shows nothing that is in the folder.
    await expect(page.getByText('secret.txt')).toHaveCount(0)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Choose files' }).click()
    await (
      await chooser
    ).setFiles([
      { name: 'from-visitor.txt', mimeType: 'text/plain', buffer: Buffer.from('sent through the request') },
      { name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from('same name, kept apart') },
    ])
    const uploads = page.getByRole('region', { name: 'Your uploads' })
    await expect(uploads.getByText('Uploaded 2 file(s)')).toBeVisible()
    await expectNoSeriousA11yViolations(page, undefined, 'file request')

    const r = await request.get(`/file-service/list?parent=${inbox._id}`)
    const names = ((await r.json()) as FileJson[]).map((f) => f.filename).sort()
    expect(names).toEqual(['from-visitor.txt', 'secret (1).txt', 'secret.txt'])
    await page.context().close()
    await request.dispose()
  })

  test('an expired link says it expired; an unknown one that it does not exist', async ({ browser }) => {
    const request = await owner()
    const file = await upload(request, 'harbour.png', await makeImage('png'))
    await waitForThumbnail(request, file._id)
    // The server takes only a future expiry: ahead by enough for the page to load on a busy
    // machine (3 s was not, once), then wait past it.
    const expiresAt = Date.now() + 10_000
    const link = await createLink(request, {
      itemType: 'file',
      itemId: file._id,
      expiresAt: new Date(expiresAt).toISOString(),
    })
    const page = await visitor(browser)
    await page.goto(pagePath(link))
    await expect(page.getByRole('heading', { name: 'harbour.png', level: 1 })).toBeVisible()
    // A file link's page shows the photo itself.
    const picture = page.getByRole('img', { name: 'Preview of harbour.png' })
    await expect(picture).toHaveAttribute('src', `/share-service/public/${link.token}/preview`)
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'Download' })).toBeVisible()
    await expect(page.getByText('Link expires')).toBeVisible()

    await page.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 500)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
    await expect(page.getByText('Ask the person who shared it for a new one.')).toBeVisible()
    await expectNoSeriousA11yViolations(page, undefined, 'expired link')

    await page.goto('/s/this-token-does-not-exist')
    await expect(page.getByRole('heading', { name: "This link doesn't exist or was revoked" })).toBeVisible()
    await page.context().close()
    await request.dispose()
  })
})
