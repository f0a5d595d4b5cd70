// Resumable uploads (issue #18) on the real server, counted at the server: a 120 MiB file goes
// through a proxy that slows request bodies down (so it is still in flight when the spec acts) and
// counts the body bytes the server received for its tus upload. A lost connection, and a reload
// followed by picking the same file again, must both end with the file stored whole while the
// bytes sent stay within 10% of its size, i.e. nothing started over.
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { TUS_CHUNK_SIZE } from '../../app/api/resumable-options.ts'
import { addNewUpload, signedIn } from '../support/browser.ts'
import { E2E_BASE_URL, E2E_PROXY_PORT } from '../support/ports.ts'
import { type BodyRecord, startThrottleProxy, type ThrottleProxy } from '../support/throttle-proxy.ts'

const MiB = 1024 * 1024
/** Two full 50 MiB chunks and a partial one. */
const SIZE = 120 * MiB
const NAME = 'big-video.bin'
/** Fast enough to keep each test short, slow enough that a chunk takes about two seconds. */
const FAST = 24 * MiB
/** While the spec looks at a cut request: it stays in flight without sending much. */
const SLOW = 1 * MiB
/** Sent in the interrupted PATCH before the spec cuts it. */
const INTO_CHUNK = 8 * MiB

test.use({ baseURL: `http://127.0.0.1:${E2E_PROXY_PORT}` })

let proxy: ThrottleProxy
let scratch: string
let path: string
let sourceHash: string

test.beforeAll(async () => {
  proxy = await startThrottleProxy({ port: E2E_PROXY_PORT, target: E2E_BASE_URL, bytesPerSecond: FAST })
  scratch = mkdtempSync(join(tmpdir(), 'cumulus-e2e-resumable-'))
  path = join(scratch, NAME)
  const body = randomBytes(SIZE)
  sourceHash = createHash('sha256').update(body).digest('hex')
  writeFileSync(path, body)
})

test.afterAll(async () => {
  await proxy?.close()
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

test.beforeEach(() => {
  proxy.records.length = 0
  proxy.setRate(FAST)
})

const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' })
const row = (page: Page) =>
  panel(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('progressbar', { name: NAME, exact: true }) })

const tusRecords = () => proxy.records.filter((r) => r.path.startsWith('/file-service/uploads'))
const creating = () => tusRecords().find((r) => r.method === 'POST')

/** Waits until the creating POST's 50 MiB were acknowledged and the next PATCH is `INTO_CHUNK` in. */
async function midSecondChunk(): Promise<{ uploadUrl: string; patch: BodyRecord }> {
  await expect.poll(() => creating()?.offset, { timeout: 15_000, intervals: [50] }).toBe(TUS_CHUNK_SIZE)
  const uploadUrl = creating()!.uploadUrl!
  let patch: BodyRecord | undefined
  await expect
    .poll(
      () => (patch = tusRecords().find((r) => r.method === 'PATCH' && r.requestOffset === TUS_CHUNK_SIZE))?.bytes ?? 0,
      { timeout: 15_000, intervals: [20] },
    )
    .toBeGreaterThanOrEqual(INTO_CHUNK)
  expect(patch!.uploadUrl).toBe(uploadUrl)
  return { uploadUrl, patch: patch! }
}

/** The stored file's size and sha256, downloaded through the API straight from the server (Node's fetch: fast for 120 MiB). */
async function storedFile(page: Page, id: string) {
  const cookie = (await page.context().cookies(E2E_BASE_URL)).map((c) => `${c.name}=${c.value}`).join('; ')
  const response = await fetch(`${E2E_BASE_URL}/file-service/download/${id}`, { headers: { cookie } })
  expect(response.status).toBe(200)
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    hash.update(chunk)
  }
  return { size, sha256: hash.digest('hex') }
}

/** The HEAD that asked the server where to go on, after `cut`, and the PATCH that then went on from its offset. */
function resumedAfter(cut: BodyRecord) {
  const after = tusRecords().slice(tusRecords().indexOf(cut) + 1)
  const head = after.find((r) => r.method === 'HEAD' && r.status === 200)
  const resumed = after.find((r) => r.method === 'PATCH' && r.status === 204)
  expect(head, 'a HEAD after the cut').toBeTruthy()
  expect(resumed, 'a PATCH stored after the cut').toBeTruthy()
  // The server kept what arrived of the cut piece (within a few proxy writes the cut may drop).
  expect(head!.offset!).toBeGreaterThan(TUS_CHUNK_SIZE + cut.bytes - MiB)
  expect(head!.offset!).toBeLessThanOrEqual(TUS_CHUNK_SIZE + cut.bytes)
  expect(resumed!.requestOffset).toBe(head!.offset)
  return { head: head!, resumed: resumed!, after }
}

/** Size and content of the stored file equal the source; the server got at most 10% more than the file. */
async function expectStoredWhole(page: Page, uploadUrl: string) {
  await expect(panel(page).getByRole('heading', { name: 'Uploaded 1 file(s)' })).toBeVisible({ timeout: 20_000 })
  const sent = proxy.bytesFor(uploadUrl)
  console.log(
    `${test.info().title.split(':')[0]}: ${sent} body bytes at the server for a ${SIZE}-byte file (${(sent / SIZE).toFixed(4)}×)\n` +
      tusRecords()
        .map(
          (r) =>
            `  ${r.at} ms ${r.method} @${r.requestOffset ?? '-'} +${r.bytes} → ${r.status ?? '-'} ${r.offset ?? ''} ${r.end}`,
        )
        .join('\n'),
  )
  // Every tus body of this test belongs to this one upload: none started a second one.
  expect(proxy.tusBytes()).toBe(sent)
  expect(sent).toBeGreaterThanOrEqual(SIZE)
  expect(sent).toBeLessThanOrEqual(1.1 * SIZE)
  const fileId = tusRecords().find((r) => r.fileId)?.fileId
  expect(fileId).toBeTruthy()
  expect(await storedFile(page, fileId!)).toEqual({ size: SIZE, sha256: sourceHash })
}

test('a connection lost mid-upload: the row says so, nothing is sent while offline, and once online the upload goes on from the server offset', async ({
  page,
  context,
}) => {
  await signedIn(page)
  await addNewUpload(page, 'Upload Files', path)
  const { uploadUrl, patch } = await midSecondChunk()

  proxy.setRate(SLOW)
  await context.setOffline(true)
  // What Chromium's offline emulation does on a local line: new requests fail at once...
  expect(
    await page.evaluate(() =>
      fetch('/healthz').then(
        () => 'reached',
        () => 'failed',
      ),
    ),
  ).toBe('failed')
  // ...but a request already streaming is not cut: the PATCH still sends a second later.
  const before = patch.bytes
  await page.waitForTimeout(1_000)
  expect(patch.end).toBe('open')
  expect(patch.bytes).toBeGreaterThan(before)
  // So the proxy cuts the connection, as the lost network would.
  expect(proxy.cut()).toBe(1)
  await expect(row(page)).toHaveAttribute('data-state', 'retrying')
  await expect(row(page).getByText('Connection lost, retrying…')).toBeVisible()

  // Offline, the upload waits for the connection instead of spending its retries: nothing more
  // reaches the server for two seconds.
  await page.waitForTimeout(300)
  const requestsWhileOffline = tusRecords().length
  await page.waitForTimeout(2_000)
  expect(tusRecords()).toHaveLength(requestsWhileOffline)
  await expect(row(page)).toHaveAttribute('data-state', 'retrying')

  proxy.setRate(FAST)
  await context.setOffline(false)
  await expect(row(page)).not.toHaveAttribute('data-state', 'retrying')
  await expectStoredWhole(page, uploadUrl)
  // Back online it asked the server where to go on and sent from there, not from the chunk's start.
  const { head, after } = resumedAfter(patch)
  // Before that, the only request was Chromium's own resend of the cut PATCH on a fresh connection
  // (same stale offset, sent while offline: the network stack retries a reset reused connection
  // below the emulation). The server refused it unread: 409, or 423 while it still stored the cut piece.
  for (const stale of after.slice(0, after.indexOf(head))) {
    expect([stale.method, stale.requestOffset]).toEqual(['PATCH', TUS_CHUNK_SIZE])
    expect([409, 423]).toContain(stale.status)
    expect(stale.bytes).toBeLessThan(MiB)
  }
})

test('a reload mid-upload: the row waits for the file, and the same file sends only the remainder', async ({
  page,
}) => {
  await signedIn(page)
  await addNewUpload(page, 'Upload Files', path)
  const { uploadUrl, patch } = await midSecondChunk()

  await page.reload()
  await expect.poll(() => patch.end).toBe('aborted')
  const sentBeforeReload = proxy.bytesFor(uploadUrl)
  await expect(row(page)).toHaveAttribute('data-state', 'paused')
  // The bar shows what the server holds (read with a HEAD), before the file is picked again.
  await expect
    .poll(() => tusRecords().find((r) => r.method === 'HEAD' && r.status === 200)?.offset)
    .toBeGreaterThan(TUS_CHUNK_SIZE)
  const offset = tusRecords().find((r) => r.method === 'HEAD' && r.status === 200)!.offset!
  // (A HEAD right after the reload may meet 423 while the server still stores the cut piece; the
  // app asks again.)
  await expect(row(page).getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    String(Math.floor((offset / SIZE) * 100)),
  )
  await expect(row(page).getByText('Paused')).toBeVisible()

  const chooser = page.waitForEvent('filechooser')
  await row(page).getByRole('button', { name: 'Choose the file to resume' }).click()
  await (await chooser).setFiles(path)
  await expectStoredWhole(page, uploadUrl)
  const { head } = resumedAfter(patch)
  expect(head.offset).toBe(offset)
  // After the reload only the remainder went: nothing the server held was sent again.
  expect(proxy.bytesFor(uploadUrl) - sentBeforeReload).toBe(SIZE - offset)
})
