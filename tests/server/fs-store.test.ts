// The local-disk blob store on its own: large blobs are flushed to disk while they arrive (not
// all in the final fsync), come back byte for byte, and a failed write leaves no temp file and
// no open descriptor behind.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { ChunkSlots } from '../../server/storage/chunk-opener.ts'
import { createFsStore, fd } from '../../server/storage/fs-store.ts'
import { Lender } from '../../server/storage/loans.ts'
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

it('given a 100 MiB blob, then it is flushed in the background as it arrives, synced at the end and reads back byte for byte', async () => {
  const datasync = vi.spyOn(fd, 'datasync')
  const sync = vi.spyOn(fd, 'sync')
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

/** Counts the store's fsyncs, noting for each whether `final` had its name yet. */
function syncsAround(final: () => string) {
  const calls: Array<{ named: boolean }> = []
  const real = fd.sync
  vi.spyOn(fd, 'sync').mockImplementation((file) => {
    calls.push({ named: existsSync(final()) })
    return real(file)
  })
  return calls
}

it('given a put, then the bytes and the folder entry are synced together after the rename, before it resolves', async () => {
  const store = createFsStore(dir)
  const key = 'blob-key-together-1'
  const calls = syncsAround(() => join(dir, 'blobs', key.slice(0, 2), key))
  await store.put(source(3 * MiB), { key })
  // One disk wait instead of two in a row: the file's fsync and its folder's, both after the name;
  // the first blob of a folder also syncs the folder's own name into its parent, beside them.
  expect(calls).toEqual([{ named: true }, { named: true }, { named: true }])
  calls.length = 0
  const second = 'blob-key-together-2'
  await store.put(source(MiB), { key: second })
  expect(existsSync(join(dir, 'blobs', 'bl', second))).toBe(true)
  expect(calls).toHaveLength(2)
})

it('given keys readied ahead (the key pool), then their folders are made with one sync for the batch, and a blob under one syncs only itself and its folder', async () => {
  const store = createFsStore(dir)
  const keys = ['Aa-readied-key-1', 'Aa-readied-key-2', 'Bb-readied-key-3']
  const sync = vi.spyOn(fd, 'sync')
  await store.prepare!(keys)
  expect(existsSync(join(dir, 'blobs', 'Aa'))).toBe(true)
  expect(existsSync(join(dir, 'blobs', 'Bb'))).toBe(true)
  // Two new folders, one fsync of blobs/ for both.
  expect(sync).toHaveBeenCalledTimes(1)
  // Folders that are there already cost no second sync.
  await store.prepare!(keys)
  expect(sync).toHaveBeenCalledTimes(1)
  sync.mockRestore()

  const calls = syncsAround(() => join(dir, 'blobs', 'Bb', keys[2]!))
  await store.put(source(MiB), { key: keys[2]! })
  // The file and its folder, not the folder's name in blobs/ (synced ahead).
  expect(calls).toEqual([{ named: true }, { named: true }])
})

it('given a deferred append, then nothing is synced until commit syncs the bytes beside the name, or sync() does', async () => {
  const store = createFsStore(dir)
  const key = 'blob-key-deferred-1'
  const calls = syncsAround(() => join(dir, 'blobs', key.slice(0, 2), key))
  const staged = store.staged('upload-deferred-1')
  expect(await staged.append(source(2 * MiB), { defer: true })).toBe(2 * MiB)
  expect(calls).toEqual([])
  await staged.commit(key)
  // The file, its folder, and (the folder being new) the folder's name in its parent.
  expect(calls).toEqual([{ named: true }, { named: true }, { named: true }])
  const back = createHash('sha256')
  for await (const chunk of await store.get(key)) back.update(chunk as Buffer)
  expect(back.digest('hex')).toBe(expectedSha(2 * MiB))

  // A piece that does not complete its upload is synced before its offset is told.
  const other = store.staged('upload-deferred-2')
  await other.append(source(MiB), { defer: true })
  expect(calls).toHaveLength(3)
  await other.sync()
  expect(calls).toHaveLength(4)
  // Without defer an append syncs before it resolves, as it always did.
  await other.append(source(MiB))
  expect(calls).toHaveLength(5)
  expect(await other.size()).toBe(2 * MiB)
})

it('given a source that fails mid-append, then what arrived is kept and synced, and no descriptor stays open', async () => {
  const store = createFsStore(dir)
  const fds = await openFds()
  const staged = store.staged('upload-failing-1')
  const sync = vi.spyOn(fd, 'sync')
  await expect(staged.append(source(20 * MiB, 8 * MiB), { defer: true })).rejects.toThrow('client went away')
  // Deferred or not, a broken piece is synced before the append rejects: its offset may be told.
  expect(sync).toHaveBeenCalledTimes(1)
  // What reached the file (a chunk still buffered when the source broke is not), byte for byte.
  const kept = await staged.size()
  expect(kept).toBeGreaterThanOrEqual(4 * MiB)
  expect(kept).toBeLessThanOrEqual(8 * MiB)
  const back = createHash('sha256')
  for await (const chunk of await staged.read()) back.update(chunk as Buffer)
  expect(back.digest('hex')).toBe(expectedSha(kept))
  expect(await openFds()).toBe(fds)
})

it('given blobs of the older two-level layout beside new ones, then both are read, listed and deleted, and new blobs share 4096 folders', async () => {
  const store = createFsStore(dir)
  // Written before: blobs/ab/cd/<key>.
  const old = 'abcdOlderLayoutKey1'
  await mkdir(join(dir, 'blobs', 'ab', 'cd'), { recursive: true })
  await writeFile(join(dir, 'blobs', 'ab', 'cd', old), 'older bytes')
  // Written now: blobs/ab/<key>, in the same first-level folder, with no folder of its own.
  const fresh = 'abXYNewerLayoutKey1'
  await store.put(Readable.from([Buffer.from('newer bytes')]), { key: fresh })
  expect((await readdir(join(dir, 'blobs', 'ab'))).sort()).toEqual([fresh, 'cd'].sort())

  const text = async (key: string) => {
    const parts: Buffer[] = []
    for await (const chunk of await store.get(key)) parts.push(chunk as Buffer)
    return Buffer.concat(parts).toString()
  }
  expect(await text(old)).toBe('older bytes')
  expect(await text(fresh)).toBe('newer bytes')
  const listed: string[] = []
  for await (const key of store.keys()) listed.push(key)
  expect(listed.sort()).toEqual([old, fresh].sort())

  await store.delete(old)
  await store.delete(fresh)
  await store.delete('abMissingKey12345') // a missing blob is no error
  await expect(store.get(old)).rejects.toMatchObject({ code: 'ENOENT' })
  await expect(store.get(fresh)).rejects.toMatchObject({ code: 'ENOENT' })
  const left: string[] = []
  for await (const key of store.keys()) left.push(key)
  expect(left).toEqual([])
})

it('gives lent buffers back once their bytes are written, on put and on append', async () => {
  const store = createFsStore(dir)
  expect(store.takesLoans).toBe(true)
  const parts = [randomBytes(MiB, 7), randomBytes(MiB, 8), randomBytes(100, 9)]
  // Three slots for three parts: a part not given back leaves the pool one short.
  const pool = new ChunkSlots(MiB, 3)
  const lent = () => {
    const lender = new Lender(pool)
    return Readable.from(
      parts.map((part) => lender.lend(part)!),
      { objectMode: false },
    )
  }
  const slotsFree = () => {
    const taken: number[] = []
    for (let slot = pool.take(); slot !== undefined; slot = pool.take()) taken.push(slot)
    taken.forEach((slot) => pool.release(slot))
    return taken.length
  }
  const stored = await store.put(lent(), { key: 'lent0000aa' })
  expect(slotsFree()).toBe(3)
  const back: Buffer[] = []
  for await (const c of await store.get(stored.key)) back.push(c as Buffer)
  expect(Buffer.concat(back).equals(Buffer.concat(parts))).toBe(true)

  await store.staged('lent-append').append(lent())
  expect(slotsFree()).toBe(3)
})
