// The local-disk blob store on its own: large blobs are flushed to disk while they arrive (not
// all in the final fsync), come back byte for byte, and a failed write leaves no temp file and
// no open descriptor behind.
import { createHash } from 'node:crypto'
import { mkdtemp, open, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createFsStore } from '../../server/storage/fs-store.ts'
import { randomBytes } from './helpers/drive.ts'

const MiB = 1 << 20
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cumulus-fs-store-'))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

/** `total` bytes of a repeated random block, generated as read; fails after `failAt` if given. */
function source(total: number, failAt = Infinity) {
  const block = randomBytes(MiB, 3)
  let sent = 0
  return new Readable({
    read() {
      if (sent >= failAt) return this.destroy(new Error('client went away'))
      if (sent >= total) return this.push(null)
      const n = Math.min(MiB, total - sent)
      sent += n
      this.push(block.subarray(0, n))
    },
  })
}
const expectedSha = (total: number) => {
  const block = randomBytes(MiB, 3)
  const h = createHash('sha256')
  for (let at = 0; at < total; at += MiB) h.update(block.subarray(0, Math.min(MiB, total - at)))
  return h.digest('hex')
}
const openFds = async () => (await readdir('/proc/self/fd')).length
const handlePrototype = async () => {
  const fh = await open(__filename, 'r')
  await fh.close()
  return Object.getPrototypeOf(fh) as { datasync(): Promise<void>; sync(): Promise<void> }
}

it('given a 100 MiB blob, then it is flushed in the background as it arrives, synced at the end and reads back byte for byte', async () => {
  const proto = await handlePrototype()
  const datasync = vi.spyOn(proto, 'datasync')
  const sync = vi.spyOn(proto, 'sync')
  const store = createFsStore(dir)
  const total = 100 * MiB + 123
  const blob = await store.put(source(total), { key: 'blob-key-large-1' })
  expect(blob).toEqual({ key: 'blob-key-large-1', size: total, sha256: expectedSha(total) })
  // 32 MiB steps: at least two background flushes before the end, and one final fsync.
  expect(datasync.mock.calls.length).toBeGreaterThanOrEqual(2)
  expect(sync).toHaveBeenCalled()
  const back = createHash('sha256')
  for await (const chunk of await store.get('blob-key-large-1')) back.update(chunk as Buffer)
  expect(back.digest('hex')).toBe(blob.sha256)
})

it('given a source that fails after 40 MiB, then the put rejects and leaves no temp file, no blob and no open descriptor', async () => {
  const store = createFsStore(dir)
  const fds = await openFds()
  await expect(store.put(source(100 * MiB, 40 * MiB), { key: 'blob-key-failed-1' })).rejects.toThrow('client went away')
  expect(await readdir(join(dir, 'tmp'))).toEqual([])
  const keys: string[] = []
  for await (const k of store.keys()) keys.push(k)
  expect(keys).toEqual([])
  expect(await openFds()).toBe(fds)
})
