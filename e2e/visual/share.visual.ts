// The public pages of share links (`/s/{token}`, issue #19), as a logged-out visitor sees them: a
// folder link, a file link with its picture, the password form, a file request, and the pages of
// an unknown and an expired link. The links belong to an owner of their own (one per project), so
// the seeded account's screens never show them.
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import sharp from 'sharp'
import type { ShareLinkJson } from '../../server/schemas/sharing.ts'
import { createFolder, fileInfo, signUp, upload, uuid } from '../support/api.ts'
import { PASSWORD } from './support/seed.ts'
import { expect, item, signIn, snap, test } from './support/visual.ts'

/** A W×H picture drawn from raw pixels (two ramps), the same bytes on every run. */
function picture(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = Math.round(40 + 160 * (x / width))
      pixels[i + 1] = Math.round(110 + 80 * (y / height))
      pixels[i + 2] = 170
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer()
}

async function waitForThumbnail(request: APIRequestContext, id: string): Promise<void> {
  await expect.poll(async () => (await fileInfo(request, id)).metadata.hasThumbnail, { timeout: 30_000 }).toBe(true)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Shared {
  folder: ShareLinkJson
  locked: ShareLinkJson
  file: ShareLinkJson
  request: ShareLinkJson
}

/**
 * An owner for this test and project (an address of its own: the suite's server is new each run)
 * with a folder of two files and a subfolder, and the four kinds of link on it.
 */
async function shareSomething(request: APIRequestContext, testInfo: TestInfo, kind: string): Promise<Shared> {
  await signUp(request, `share-${kind}-${testInfo.project.name}@example.com`, PASSWORD)
  const holiday = await createFolder(request, 'Holiday photos')
  await createFolder(request, 'Beach', holiday._id)
  // Oldest first, with a pause, so the list's order (newest first) is the same on every run.
  await upload(request, 'packing-list.txt', Buffer.alloc(2_048, 'p'), holiday._id)
  await sleep(15)
  const photo = await upload(request, 'harbour.jpg', await picture(960, 640), holiday._id)
  await waitForThumbnail(request, photo._id)
  const link = async (body: Record<string, unknown>) => {
    const r = await request.post('/share-service/links', { data: body, headers: { uuid } })
    expect(r.status(), await r.text()).toBe(201)
    return ((await r.json()) as { link: ShareLinkJson }).link
  }
  return {
    folder: await link({ itemType: 'folder', itemId: holiday._id }),
    locked: await link({ itemType: 'folder', itemId: holiday._id, password: 'open sesame' }),
    file: await link({ itemType: 'file', itemId: photo._id }),
    request: await link({ itemType: 'folder', itemId: holiday._id, access: 'upload' }),
  }
}

const open = (page: Page, link: ShareLinkJson) => page.goto(new URL(link.url).pathname)

test.describe('share link pages', () => {
  test('a folder link', { tag: ['@dark', '@mobile', '@mobile-dark'] }, async ({ page, playwright }, testInfo) => {
    const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const shared = await shareSomething(owner, testInfo, 'folder')
    await open(page, shared.folder)
    await expect(page.getByRole('heading', { name: 'Holiday photos', level: 1 })).toBeVisible()
    await expect(item(page, 'harbour.jpg')).toBeVisible()
    await snap(page, 'share-folder')
    await owner.dispose()
  })

  test('a file link shows its picture', { tag: ['@dark', '@mobile'] }, async ({ page, playwright }, testInfo) => {
    const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const shared = await shareSomething(owner, testInfo, 'file')
    await open(page, shared.file)
    await expect(page.getByRole('img', { name: 'Preview of harbour.jpg' })).toBeVisible()
    await snap(page, 'share-file')
    await owner.dispose()
  })

  test(
    'a password link asks for its password',
    { tag: ['@dark', '@mobile'] },
    async ({ page, playwright }, testInfo) => {
      const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
      const shared = await shareSomething(owner, testInfo, 'locked')
      await open(page, shared.locked)
      await expect(page.getByRole('heading', { name: 'This link is protected' })).toBeVisible()
      await snap(page, 'share-password')
      await owner.dispose()
    },
  )

  test('a file request', { tag: ['@dark', '@mobile'] }, async ({ page, playwright }, testInfo) => {
    const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const shared = await shareSomething(owner, testInfo, 'request')
    await open(page, shared.request)
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible()
    await snap(page, 'share-request')
    await owner.dispose()
  })

  test(
    'the owner’s Shared screen lists every link',
    { tag: ['@dark', '@mobile'] },
    async ({ page, playwright }, testInfo) => {
      const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
      await shareSomething(owner, testInfo, 'owner')
      await owner.dispose()
      await signIn(page, '/shared', `share-owner-${testInfo.project.name}@example.com`)
      await expect(
        page
          .getByRole('heading', { name: 'Shared', level: 1 })
          .or(page.getByRole('heading', { name: 'Shared', level: 2 }))
          .first(),
      ).toBeVisible()
      await expect(page.getByRole('button', { name: /^Revoke / })).toHaveCount(4)
      await snap(page, 'shared-links')
    },
  )

  test('an unknown or revoked link', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
    await page.goto('/s/no-such-link')
    await expect(page.getByRole('heading', { name: "This link doesn't exist or was revoked" })).toBeVisible()
    await snap(page, 'share-not-found')
  })

  test('an expired link', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
    // The server's answer for a link past its expiry; waiting for a real one would cost seconds
    // per project (e2e/app/public-share.spec.ts does that against the server).
    await page.route('**/share-service/public/expired-link', (route) =>
      route.fulfill({
        status: 410,
        json: {
          statusCode: 410,
          code: 'SHARE_EXPIRED',
          message: 'This link has expired: ask the person who shared it for a new one',
        },
      }),
    )
    await page.goto('/s/expired-link')
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
    await snap(page, 'share-expired')
  })
})
