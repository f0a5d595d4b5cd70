// The data disk fills (DESIGN.md §8 Operations): on a size-limited tmpfs made here, writes answer
// 507 DISK_FULL with nothing half-written left (no blob, no row, no temp file), reads and sign-in
// keep working, and writes work again once space is freed. Disk store only: on S3 the blobs
// live elsewhere.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { open, readdir, rm, statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { blobKeys, expectConsistent, fileRows, randomBytes } from '../helpers/drive.ts'
import { startServer, useS3, type TestServer } from '../helpers/server.ts'
import { basic, dav } from '../dav/dav-helpers.ts'

const MiB = 1024 * 1024
const mountPoint = mkdtempSync(join(tmpdir(), 'cumulus-small-disk-'))
/** Why the suite cannot run here, or undefined: mounting a tmpfs needs root (CI and this machine are). */
const cannotMount = (() => {
  if (useS3) return 'the blob store is S3, not the data disk'
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint], { stdio: 'pipe' })
    return undefined
  } catch (err) {
    rmSync(mountPoint, { recursive: true, force: true })
    return `cannot mount a tmpfs: ${(err as Error).message.split('\n')[0]}`
  }
})()

const filler = join(mountPoint, 'filler')
/** Takes all the free space but `leave` bytes, in one file the test removes to free it again. */
async function fill(leave: number) {
  const { bavail, bsize } = await statfs(mountPoint)
  const handle = await open(filler, 'a')
  const chunk = Buffer.alloc(Math.min(MiB, Math.max(bsize, bavail * bsize - leave)))
  try {
    for (;;) {
      const free = (await statfs(mountPoint)).bavail * bsize
      if (free <= leave) break
      await handle.write(chunk, 0, Math.min(chunk.length, free - leave))
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
  } finally {
    await handle.close()
  }
}

/** Every file under DATA_DIR but the database's own and the filler: where a half-written upload would stay. */
async function leftovers(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = relative(dir, join(entry.parentPath, entry.name))
    if (path === 'filler' || path === 'secret' || /^cumulus\.db/.test(path)) continue
    found.push(path)
  }
  return found.sort()
}

const metadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',')

describe.skipIf(cannotMount)(`the data disk full${cannotMount ? ` (skipped: ${cannotMount})` : ''}`, () => {
  let server: TestServer
  let alice: Browser
  let email: string
  let appPassword: string
  let keptId: string
  const kept = randomBytes(200_000, 3)

  beforeAll(async () => {
    server = await startServer({ dataDir: mountPoint, keepData: true })
    alice = new Browser(server.url)
    email = uniqueEmail('alice')
    await alice.signup(email)
    const made = await alice.post('/user-service/app-passwords', {
      name: 'laptop',
      scope: 'write',
      password: 'secret123',
    })
    appPassword = made.body.secret
    const r = await alice.upload('kept.bin', kept)
    expect(r.status).toBe(201)
    keptId = r.body._id
    await server.app.cumulus.thumbnails.idle()
  })
  afterAll(async () => {
    await server?.close()
    execFileSync('umount', [mountPoint])
    rmSync(mountPoint, { recursive: true, force: true })
  })

  it('given a nearly full disk, then uploads, tus and WebDAV PUT answer 507 and keep nothing; reads and sign-in work', async () => {
    const keysBefore = await blobKeys(server)
    const rowsBefore = await fileRows(server)
    const filesBefore = await leftovers(mountPoint)
    // Room for the database's small writes (a session), none for a file's bytes.
    await fill(256 * 1024)
    const big = randomBytes(2 * MiB, 5)

    const upload = await alice.upload('big.bin', big)
    expect(upload.status, upload.text).toBe(507)
    expect(upload.body).toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/disk is full/) })

    const created = await alice.request('POST', '/file-service/uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(big.length),
        'upload-metadata': metadata({ filename: 'tus.bin' }),
      },
    })
    if (created.status === 201) {
      const patch = await alice.request('PATCH', new URL(created.headers.get('location')!, server.url).pathname, {
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(big),
      })
      expect(patch.status, patch.text).toBe(507)
      expect(patch.body).toMatchObject({ code: 'DISK_FULL' })
      // Its parked bytes go with it (the PATCH's hold on the upload ends just after its reply).
      const location = new URL(created.headers.get('location')!, server.url).pathname
      let removed = await alice.request('DELETE', location, { headers: { 'tus-resumable': '1.0.0' } })
      for (let i = 0; removed.status === 423 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        removed = await alice.request('DELETE', location, { headers: { 'tus-resumable': '1.0.0' } })
      }
      expect(removed.status).toBe(204)
    } else {
      expect(created.status, created.text).toBe(507)
    }

    const put = await dav(server, basic(email, appPassword), 'PUT', '/dav/put.bin', { body: new Uint8Array(big) })
    expect(put.status, put.text).toBe(507)
    expect(JSON.parse(put.text)).toMatchObject({ code: 'DISK_FULL' })

    // Nothing half-written: no new blob, no row, no temp file.
    expect(await blobKeys(server)).toEqual(keysBefore)
    expect(await fileRows(server)).toEqual(rowsBefore)
    expect(await leftovers(mountPoint)).toEqual(filesBefore)

    // Reads and sign-in keep working.
    const back = await alice.bytes(`/file-service/download/${keptId}`)
    expect(back.status).toBe(200)
    expect(back.body.equals(kept)).toBe(true)
    expect((await alice.get('/file-service/list?parent=/')).status).toBe(200)
    const bob = new Browser(server.url)
    expect((await bob.login(email)).status).toBe(200)
    expect((await dav(server, basic(email, appPassword), 'GET', '/dav/kept.bin')).buffer.equals(kept)).toBe(true)
  })

  it('given a disk with no byte left, then even a folder create (a database write) answers 507, not 500', async () => {
    await fill(0)
    const r = await alice.post('/folder-service/create', { name: 'Photos' })
    expect(r.status, r.text).toBe(507)
    expect(r.body).toMatchObject({ code: 'DISK_FULL' })
    expect((await alice.bytes(`/file-service/download/${keptId}`)).status).toBe(200)
  })

  it('given the space freed again, then writes work and everything is consistent', async () => {
    await rm(filler)
    expect((await alice.post('/folder-service/create', { name: 'Photos' })).status).toBe(201)
    const data = randomBytes(2 * MiB, 9)
    const r = await alice.upload('after.bin', data)
    expect(r.status, r.text).toBe(201)
    expect((await alice.bytes(`/file-service/download/${r.body._id}`)).body.equals(data)).toBe(true)
    const put = await dav(server, basic(email, appPassword), 'PUT', '/dav/put.bin', { body: new Uint8Array(data) })
    expect(put.status).toBe(201)
    await expectConsistent(server, expect)
  })
})
