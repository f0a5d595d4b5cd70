// Local disk: write to a temp file, rename it into a sharded folder, then fsync the file and the
// folder together. A blob has its final name before its bytes are durable, but nothing reads it
// until a row names it, and that row commits only once both fsyncs have returned; a crash in
// between leaves a blob whose key the janitor recorded durably first (beforePublish), and removes.
import { closeSync, fdatasync, fstatSync, fsync, ftruncateSync, open as openFd, openSync, writev } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isDiskFull } from '../errors.ts'
import { randomId } from '../util/crypto.ts'
import { FileStream } from './file-stream.ts'
import { giveBack } from './loans.ts'
import {
  type AppendOptions,
  type BlobStore,
  type ByteRange,
  Meter,
  type PutOptions,
  SAFE_KEY,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.ts'

/** Bytes written between background flushes of a blob being received. */
const FLUSH_EVERY = 32 << 20

/**
 * Makes a blob durable while it arrives: every FLUSH_EVERY bytes a datasync runs in the thread
 * pool, so the disk writes alongside the network instead of all at once in the final fsync —
 * which with a large page cache would otherwise hold the whole file dirty and stall the reply for
 * seconds. It syncs through the handle the bytes are written with: each extra open, close or
 * mkdir is one more thread-pool round trip, and on a busy 2-core machine each one costs the main
 * thread a context switch (a CPU profile of 100 KB uploads showed them as a fifth of its time).
 */
class Flusher {
  private pending: Promise<void> | undefined
  private unflushed = 0
  constructor(private readonly fd: number) {}

  wrote(bytes: number) {
    this.unflushed += bytes
    if (this.unflushed < FLUSH_EVERY || this.pending) return
    this.unflushed = 0
    // A failed background flush is not fatal: finish() syncs everything and reports errors.
    this.pending = fd.datasync(this.fd).then(
      () => void (this.pending = undefined),
      () => void (this.pending = undefined),
    )
  }

  /** Waits for a background flush in progress (before the handle closes). */
  async settle() {
    await this.pending
  }

  /** The final fsync; resolves once every byte is on disk. */
  async finish() {
    await this.pending
    await fd.sync(this.fd)
  }
}

/** Plain descriptors for the write path, opened and closed by us alone (tests count syncs through it). */
export const fd = { open: promisify(openFd), sync: promisify(fsync), datasync: promisify(fdatasync) }

/**
 * Opens `path` for writing, making its folder only when the open says it is missing. In the
 * thread pool: making a file waits for the file system's journal, which the fsyncs of other
 * uploads keep busy (on this thread that stood still ~0.5 ms per small upload in a profile).
 */
async function openForWrite(path: string, flags: 'a' | 'wx'): Promise<number> {
  return fd.open(path, flags).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err
    await mkdir(join(path, '..'), { recursive: true })
    return fd.open(path, flags)
  })
}

/**
 * A stream writing at the end of a descriptor it does not own, so the final sync can go through
 * the same descriptor. (fs write streams close theirs when destroyed, autoClose or not — and
 * pipeline destroys on error: a second close could hit a descriptor reused meanwhile.) Await
 * `idle()` before closing the descriptor: a destroyed stream may still have a write in the pool.
 */
function writeStreamOn(file: number, wrote?: (bytes: number) => void): { stream: Writable; idle: () => Promise<void> } {
  let inflight = Promise.resolve()
  const writeAll = (chunks: Buffer[], done: (err?: Error | null) => void): void =>
    writev(file, chunks, null, (err, written) => {
      if (err) return done(err)
      // A short write (rare on a regular file): the rest goes again.
      let skip = written
      while (chunks.length && skip >= chunks[0]!.length) skip -= chunks.shift()!.length
      if (!chunks.length) return done()
      chunks[0] = chunks[0]!.subarray(skip)
      writeAll(chunks, done)
    })
  const stream = new Writable({
    highWaterMark: 1 << 20,
    writev(chunks, done) {
      const buffers = chunks.map((c) => c.chunk as Buffer)
      if (wrote) wrote(buffers.reduce((n, b) => n + b.length, 0))
      // Lent buffers (loans.ts) go back once the kernel has their bytes, or the write failed.
      const written = [...buffers]
      inflight = new Promise((resolve) => writeAll(buffers, (err) => (written.forEach(giveBack), resolve(), done(err))))
    },
  })
  return { stream, idle: () => inflight }
}

/**
 * Pipes `source` into `sink` and resolves once the sink has finished. A source that fails, or
 * closes before its end, ends the sink with what arrived and then rejects with its error; a sink
 * that fails stops the source. What stream.pipeline does for two streams, without the
 * AbortController (and, as it finishes, the DOMException with its stack) it makes per call: a
 * few percent of a small upload's main thread in a profile.
 */
function pumpInto(source: Readable, sink: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown
    const sourceFailed = (err: unknown) => {
      if (failure !== undefined) return
      failure = err
      source.unpipe(sink)
      sink.end()
    }
    source.on('error', sourceFailed)
    source.once('close', () => {
      if (!source.readableEnded) sourceFailed(new Error('The upload ended before its last byte'))
    })
    sink.on('error', (err) => {
      source.unpipe(sink)
      source.destroy()
      reject(err)
    })
    sink.once('finish', () => (failure === undefined ? resolve() : reject(failure)))
    source.pipe(sink)
  })
}

/** fsync of a file or folder by path: the bytes, or the names in it, are on disk once it resolves. */
async function syncPath(path: string): Promise<void> {
  const file = openSync(path, 'r')
  try {
    await fd.sync(file)
  } finally {
    closeSync(file)
  }
}

const missingIsFine = (err: NodeJS.ErrnoException) => {
  if (err.code !== 'ENOENT') throw err
}

/**
 * Moves `from` to `to` durably: the folder entry and, with `syncFile`, the file's own bytes,
 * synced side by side after the rename. On ext4 both fsyncs then wait for the same journal commit:
 * one disk wait per small file instead of two in a row (issue #18's many-small-files bench).
 */
async function durableRename(from: string, to: string, syncFile?: () => Promise<void>): Promise<void> {
  const dir = join(to, '..')
  // A folder this process has not yet seen is made first (a failed rename, a mkdir and a second
  // rename would cost three trips to the thread pool); one it makes has its own name synced into
  // the parent beside the rest. Keys from the pool find theirs made already (`prepare`): on a new
  // store, nearly every one of the first few thousand blobs would otherwise make its own.
  const made = knownFolders.has(dir) ? false : await makeFolder(dir)
  await rename(from, to).catch(async (err: NodeJS.ErrnoException) => {
    // Removed behind our back: made again.
    if (err.code !== 'ENOENT') throw err
    await mkdir(dir, { recursive: true })
    await rename(from, to)
  })
  await Promise.all([syncPath(dir), syncFile?.(), made && syncPath(join(dir, '..'))])
}

/** Folders known to exist (blob folders: at most 4096 of the current layout). */
const knownFolders = new Set<string>()

/** Makes `dir` (and what is missing above it); true when it was not there. */
async function makeFolder(dir: string): Promise<boolean> {
  const made = await mkdir(dir).then(
    () => true,
    async (err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return false
      if (err.code !== 'ENOENT') throw err
      await mkdir(dir, { recursive: true })
      return true
    },
  )
  knownFolders.add(dir)
  return made
}

/**
 * A staged blob is one file under staging/, appended to in place: resuming costs no copy, and
 * commit is a rename into the store. Its note sits beside it and is replaced by rename.
 */
function stagedFile(
  staging: string,
  id: string,
  pathOf: (key: string) => string,
  beforePublish: (key: string) => Promise<void>,
): StagedBlob {
  if (!SAFE_KEY.test(id)) throw new Error('invalid staging id')
  const path = join(staging, id)
  const notePath = `${path}.note`
  const size = () =>
    stat(path).then(
      (s) => s.size,
      (err: NodeJS.ErrnoException) => (missingIsFine(err), 0),
    )
  /** The handle of a deferred append, kept open for commit (or sync) to fsync through. */
  let unsynced: number | undefined
  /** Whether a note may exist: only an encrypted upload reads or writes one, always before commit. */
  let noted = false
  const syncHeld = async () => {
    const file = unsynced
    unsynced = undefined
    if (file === undefined) return
    try {
      await fd.sync(file)
    } finally {
      closeSync(file)
    }
  }
  return {
    size,
    async append(source: Readable, options: AppendOptions = {}): Promise<number> {
      await syncHeld()
      const file = await openForWrite(path, 'a')
      const start = fstatSync(file).size
      const flusher = new Flusher(file)
      let failure: unknown
      let keep = false
      let reached: number | undefined
      const out = writeStreamOn(file, (bytes) => flusher.wrote(bytes))
      try {
        // A broken source still leaves what reached the file: kept, synced, then the error goes on.
        await pumpInto(source, out.stream).catch((err: unknown) => void (failure = err))
        await out.idle()
        // A full disk: this append's bytes go (the upload resumes from where it was once there is
        // room), and the space they took comes back for the database's own writes.
        if (isDiskFull(failure)) ftruncateSync(file, start)
        keep = options.defer === true && !failure
        if (keep) await flusher.settle()
        else await flusher.finish()
        // Through the descriptor, on this thread: a stat by path was one more thread-pool trip.
        reached = fstatSync(file).size
      } finally {
        await out.idle()
        if (keep) unsynced = file
        else closeSync(file)
      }
      if (failure || reached === undefined) throw failure
      return reached
    },
    sync: syncHeld,
    async truncate(to: number): Promise<void> {
      await truncate(path, to).catch(missingIsFine)
      await syncPath(path).catch(missingIsFine)
    },
    async readNote(): Promise<Buffer | undefined> {
      noted = true
      const fh = await open(notePath, 'r').catch((err: NodeJS.ErrnoException) => (missingIsFine(err), undefined))
      if (!fh) return undefined
      try {
        return await fh.readFile()
      } finally {
        await fh.close()
      }
    },
    async writeNote(note: Buffer | undefined): Promise<void> {
      noted = true
      if (!note) return void (await unlink(notePath).catch(missingIsFine))
      await mkdir(staging, { recursive: true })
      const temp = `${notePath}.${randomId(6)}`
      await writeFile(temp, note, { flag: 'wx' })
      await syncPath(temp)
      await durableRename(temp, notePath)
    },
    read: async () => new FileStream(await open(path, 'r')),
    async commit(key: string): Promise<void> {
      // The file is synced beside the rename: a deferred last append needs it, and after an
      // append that synced it costs nothing more (both wait for the same journal commit). An
      // upload of zero bytes may never have appended anything (a crash right after it was
      // created): its blob is then an empty file, made here.
      await beforePublish(key)
      const final = pathOf(key)
      // Through the deferred append's handle when there is one, else by path.
      const syncFile = () => (unsynced !== undefined ? syncHeld() : syncPath(final))
      const renamed = durableRename(path, final, syncFile).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
        await mkdir(staging, { recursive: true })
        await writeFile(path, Buffer.alloc(0), { flag: 'a' })
        await durableRename(path, final, syncFile)
      })
      // The note (an encrypted upload's unsealed tail) is done with either way: dropped alongside.
      await Promise.all([renamed, noted && unlink(notePath).catch(missingIsFine)])
    },
    async discard(): Promise<void> {
      if (unsynced !== undefined) closeSync(unsynced)
      unsynced = undefined
      await rm(path, { force: true })
      await rm(notePath, { force: true })
    },
  }
}

export interface FsStoreOptions {
  /**
   * Awaited right before a blob gets its final name under `key`: the key's record (in the outbox,
   * or reserved ahead in the pool: storage/blob-janitor.ts) must be durable first, or a power cut
   * could leave a blob nothing records (SQLite's group commit, db/wal-sync.ts).
   */
  beforePublish?: (key: string) => Promise<void>
}

export function createFsStore(dataDir: string, options: FsStoreOptions = {}): BlobStore {
  const beforePublish = options.beforePublish ?? (() => Promise.resolve())
  const root = join(dataDir, 'blobs')
  const tmp = join(dataDir, 'tmp')
  const staging = join(dataDir, 'staging')
  // blobs/ab/<key>: 4096 folders, each holding 1/4096 of the blobs (ext4 indexes large folders).
  // Blobs written before lie one level deeper, blobs/ab/cd/<key>: with 4096 × 4096 folders nearly
  // every blob had a folder of its own, and each upload paid a mkdir and an inode for it (issue
  // #18). They stay where they are and are read, listed and deleted there.
  const pathOf = (key: string) => {
    // Keys are ours, but never let one become a path outside the store.
    if (!SAFE_KEY.test(key)) throw new Error(`invalid blob key`)
    return join(root, key.slice(0, 2), key)
  }
  const legacyPathOf = (key: string) => join(root, key.slice(0, 2), key.slice(2, 4), key)
  /** Runs `fn` on the blob's path, or on its older path when it is not at the first. */
  const atEitherPath = async <R>(key: string, fn: (path: string) => Promise<R>): Promise<R> =>
    fn(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err
      return fn(legacyPathOf(key))
    })

  return {
    // Its disk writer gives lent buffers back (writeStreamOn), and put and append settle only
    // after their last write (`out.idle()`).
    takesLoans: true,
    async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
      const final = pathOf(options.key)
      const temp = join(tmp, `${options.key}.${randomId(6)}`)
      const meter = new Meter(options.maxBytes, options.digest)
      const file = await openForWrite(temp, 'wx')
      const flusher = new Flusher(file)
      meter.on('data', (chunk: Buffer) => flusher.wrote(chunk.length))
      let renamed = false
      const out = writeStreamOn(file)
      try {
        await pipeline(source, meter, out.stream)
        await beforePublish(options.key)
        // The bytes are synced after the rename, beside the folder entry (see durableRename).
        await durableRename(temp, final, () => ((renamed = true), flusher.finish()))
      } catch (err) {
        await rm(renamed ? final : temp, { force: true })
        throw err
      } finally {
        await out.idle()
        await flusher.settle()
        closeSync(file)
      }
      return { key: options.key, size: meter.size, sha256: meter.digest() }
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      // Open first so a missing blob rejects here rather than erroring mid-response.
      return new FileStream(await atEitherPath(key, (path) => open(path, 'r')), range)
    },

    async delete(key: string): Promise<void> {
      await atEitherPath(key, (path) => unlink(path)).catch(missingIsFine)
    },

    async *keys(): AsyncIterable<string> {
      const level = async (dir: string) => await readdir(dir).catch(() => [] as string[])
      for (const a of await level(root)) {
        for (const name of await level(join(root, a))) {
          // A key is at least 8 characters: a 2-character name is a folder of the older layout.
          if (name.length > 2) yield name
          else for (const k of await level(join(root, a, name))) yield k
        }
      }
    },

    async prepare(keys: string[]): Promise<void> {
      const dirs = [...new Set(keys.map((key) => join(pathOf(key), '..')))].filter((dir) => !knownFolders.has(dir))
      const made = await Promise.all(
        dirs.map((dir) => mkdir(dir, { recursive: true }).then((first) => first !== undefined)),
      )
      // New folders' names, synced into blobs/ together: one fsync for the batch. Known (no
      // upload syncs their names again) only once that sync has returned.
      if (made.some(Boolean)) await syncPath(root)
      for (const dir of dirs) knownFolders.add(dir)
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
