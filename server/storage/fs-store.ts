// Local disk: write to a temp file, fsync, then rename into a sharded folder, so a blob is either
// complete or absent — never half-written under its final name.
import { createWriteStream } from 'node:fs'
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomId } from '../util/crypto.ts'
import { FileStream } from './file-stream.ts'
import { type BlobStore, type ByteRange, Meter, type PutOptions, SAFE_KEY, type StagedBlob, type StoredBlob } from './blob-store.ts'

/** Bytes written between background flushes of a blob being received. */
const FLUSH_EVERY = 32 << 20

/**
 * Makes a blob durable while it arrives: every FLUSH_EVERY bytes a datasync runs in the thread
 * pool (on a second handle: Linux flushes the file, whichever descriptor wrote it), so the disk
 * writes alongside the network instead of all at once in the final fsync — which with a large
 * page cache would otherwise hold the whole file dirty and stall the reply for seconds.
 */
class Flusher {
  private fh: FileHandle | undefined
  private opening: Promise<void> | undefined
  private pending: Promise<void> | undefined
  private unflushed = 0
  constructor(private readonly path: string) {}

  start() {
    this.opening = open(this.path, 'r').then(
      (fh) => void (this.fh = fh),
      () => undefined,
    )
  }

  wrote(bytes: number) {
    this.unflushed += bytes
    if (this.unflushed < FLUSH_EVERY || this.pending || !this.fh) return
    this.unflushed = 0
    // A failed background flush is not fatal: finish() syncs everything and reports errors.
    this.pending = this.fh.datasync().then(
      () => void (this.pending = undefined),
      () => void (this.pending = undefined),
    )
  }

  /** The final fsync; resolves once every byte is on disk. */
  async finish() {
    await this.opening
    await this.pending
    const fh = this.fh ?? (await open(this.path, 'r'))
    this.fh = undefined
    try {
      await fh.sync()
    } finally {
      await fh.close()
    }
  }

  async close() {
    await this.opening
    await this.pending
    await this.fh?.close()
    this.fh = undefined
  }
}

/** fsync of a file or folder by path: the bytes, or the names in it, are on disk once it resolves. */
async function syncPath(path: string): Promise<void> {
  const fh = await open(path, 'r')
  try {
    await fh.sync()
  } finally {
    await fh.close()
  }
}

const missingIsFine = (err: NodeJS.ErrnoException) => {
  if (err.code !== 'ENOENT') throw err
}

/** Moves `from` to `to` durably: the bytes first, then the folder entry. */
async function durableRename(from: string, to: string): Promise<void> {
  const dir = join(to, '..')
  // The folder exists for all but a shard's first blob: make it only when the rename says it is
  // missing (a recursive mkdir on every write was a thread-pool round trip per small file).
  await rename(from, to).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err
    await mkdir(dir, { recursive: true })
    await rename(from, to)
  })
  await syncPath(dir)
}

/**
 * A staged blob is one file under staging/, appended to in place: resuming costs no copy, and
 * commit is a rename into the store. Its note sits beside it and is replaced by rename.
 */
function stagedFile(staging: string, id: string, pathOf: (key: string) => string, beforePublish: () => Promise<void>): StagedBlob {
  if (!SAFE_KEY.test(id)) throw new Error('invalid staging id')
  const path = join(staging, id)
  const notePath = `${path}.note`
  const size = () => stat(path).then((s) => s.size, (err: NodeJS.ErrnoException) => (missingIsFine(err), 0))
  return {
    size,
    async append(source: Readable): Promise<number> {
      await mkdir(staging, { recursive: true })
      const out = createWriteStream(path, { flags: 'a', highWaterMark: 1 << 20 })
      const flusher = new Flusher(path)
      out.once('open', () => flusher.start())
      let failure: unknown
      const counted = new Transform({
        highWaterMark: 1 << 20,
        transform(chunk: Buffer, _enc, done) {
          flusher.wrote(chunk.length)
          done(null, chunk)
        },
      })
      // A broken source still leaves what reached the file: kept, synced, then the error goes on.
      await pipeline(source, counted, out).catch((err: unknown) => void (failure = err))
      await flusher.finish()
      if (failure) throw failure
      return size()
    },
    async truncate(to: number): Promise<void> {
      await truncate(path, to).catch(missingIsFine)
      await syncPath(path).catch(missingIsFine)
    },
    async readNote(): Promise<Buffer | undefined> {
      const fh = await open(notePath, 'r').catch((err: NodeJS.ErrnoException) => (missingIsFine(err), undefined))
      if (!fh) return undefined
      try {
        return await fh.readFile()
      } finally {
        await fh.close()
      }
    },
    async writeNote(note: Buffer | undefined): Promise<void> {
      if (!note) return void (await unlink(notePath).catch(missingIsFine))
      await mkdir(staging, { recursive: true })
      const temp = `${notePath}.${randomId(6)}`
      await writeFile(temp, note, { flag: 'wx' })
      await syncPath(temp)
      await durableRename(temp, notePath)
    },
    read: async () => new FileStream(await open(path, 'r')),
    async commit(key: string): Promise<void> {
      // Every append synced the file before it resolved, so its bytes need no second fsync; only
      // the rename does. An upload of zero bytes may never have appended anything (a crash right
      // after it was created): its blob is then an empty file, made here.
      await beforePublish()
      const renamed = durableRename(path, pathOf(key)).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
        await mkdir(staging, { recursive: true })
        await writeFile(path, Buffer.alloc(0), { flag: 'a' })
        await syncPath(path)
        await durableRename(path, pathOf(key))
      })
      // The note (an encrypted upload's unsealed tail) is done with either way: dropped alongside.
      await Promise.all([renamed, unlink(notePath).catch(missingIsFine)])
    },
    async discard(): Promise<void> {
      await rm(path, { force: true })
      await rm(notePath, { force: true })
    },
  }
}

export interface FsStoreOptions {
  /**
   * Awaited right before a blob gets its final name: the key's outbox record (committed before
   * the bytes were written) must be durable first, or a power cut could leave a blob nothing
   * records (SQLite's group commit, db/wal-sync.ts).
   */
  beforePublish?: () => Promise<void>
}

export function createFsStore(dataDir: string, options: FsStoreOptions = {}): BlobStore {
  const beforePublish = options.beforePublish ?? (() => Promise.resolve())
  const root = join(dataDir, 'blobs')
  const tmp = join(dataDir, 'tmp')
  const staging = join(dataDir, 'staging')
  const pathOf = (key: string) => {
    // Keys are ours, but never let one become a path outside the store.
    if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key`)
    return join(root, key.slice(0, 2), key.slice(2, 4), key)
  }

  return {
    async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
      const final = pathOf(options.key)
      await mkdir(tmp, { recursive: true })
      const temp = join(tmp, `${options.key}.${randomId(6)}`)
      const meter = new Meter(options.maxBytes, options.digest)
      const out = createWriteStream(temp, { flags: 'wx', highWaterMark: 1 << 20 })
      const flusher = new Flusher(temp)
      out.once('open', () => flusher.start())
      meter.on('data', (chunk: Buffer) => flusher.wrote(chunk.length))
      try {
        await pipeline(source, meter, out)
        await flusher.finish()
        await beforePublish()
        // The rename itself is durable only once the directory entry is on disk.
        await durableRename(temp, final)
      } catch (err) {
        await flusher.close()
        await rm(temp, { force: true })
        throw err
      }
      return { key: options.key, size: meter.size, sha256: meter.digest() }
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      const path = pathOf(key)
      // Open first so a missing blob rejects here rather than erroring mid-response.
      return new FileStream(await open(path, 'r'), range)
    },

    async delete(key: string): Promise<void> {
      await unlink(pathOf(key)).catch(missingIsFine)
    },

    async *keys(): AsyncIterable<string> {
      const level = async (dir: string) => (await readdir(dir).catch(() => [] as string[]))
      for (const a of await level(root)) for (const b of await level(join(root, a))) for (const k of await level(join(root, a, b))) yield k
    },

    async cleanup(): Promise<void> {
      await rm(tmp, { recursive: true, force: true })
    },

    staged: (id) => stagedFile(staging, id, pathOf, beforePublish),

    async *stagedIds(): AsyncIterable<string> {
      for (const name of await readdir(staging).catch(() => [] as string[])) if (SAFE_KEY.test(name)) yield name
    },
  }
}
