// `backup DIR`: a consistent copy of a running server. The database is copied first (SQLite's
// online backup, or pg_dump in an exported snapshot); then exactly the blobs that copy names are
// copied, while condemned blobs wait (the janitor's hold), so no row of the copy lacks its blob
// and no blob is copied that no row names. A blob an earlier backup in DIR holds is hard-linked.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../../config.ts'
import { snapshotDatabase } from '../../db/snapshot.ts'
import { createBackupRowsRepository } from '../../repositories/backups.ts'
import type { BlobOutboxRepository } from '../../repositories/blob-outbox.ts'
import type { SettingsRepository } from '../../repositories/settings.ts'
import type { BlobStore } from '../../storage/blob-store.ts'
import { eachInFlight } from '../../util/in-flight.ts'
import { oncePerName } from '../../util/once-per-name.ts'
import { recordLastBackup } from './last-backup.ts'
import {
  backupsIn,
  FORMAT,
  hashFile,
  inside,
  MANIFEST,
  type Manifest,
  type ManifestBlob,
  readManifest,
  stampOf,
} from './manifest.ts'

export interface BackupDeps {
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'blobStore'>
  store: BlobStore
  outbox: Pick<BlobOutboxRepository, 'holdDeletes' | 'releaseDeletes'>
  settings: Pick<SettingsRepository, 'put'>
}

export interface BackupProgress {
  done: number
  total: number
  bytes: number
}

export interface BackupResult {
  dir: string
  bytes: number
  files: number
  /** Blobs read from the store (the rest were linked from an earlier backup). */
  copied: number
  linked: number
  missing: string[]
}

/** How long a hold on deletes lasts unless renewed: a backup that dies lets them resume. */
const HOLD_MS = 10 * 60_000
const RENEW_MS = 60_000
/** Blobs copied at once. */
const IN_FLIGHT = 4
/** fsyncs at once at the end: enough to fill the journal's group commits. */
const SYNC_IN_FLIGHT = 16

const PRIVATE_DIR = 0o700
const PRIVATE_FILE = 0o600

/** The blobs of the newest earlier backup in `root`, by key (what a new one may hard-link). */
async function previousBlobs(root: string): Promise<Map<string, { path: string; blob: ManifestBlob }>> {
  const earlier = (await backupsIn(root)).at(-1)
  const found = new Map<string, { path: string; blob: ManifestBlob }>()
  if (!earlier) return found
  const manifest = await readManifest(earlier).catch(() => undefined)
  for (const blob of manifest?.blobs ?? []) {
    try {
      found.set(blob.key, { path: inside(earlier, blob.file), blob })
    } catch {
      // A manifest naming a path outside its folder is not linked from.
    }
  }
  return found
}

/** fsyncs files or folders, several at a time: one flush each, batched by the disk's journal. */
async function syncAll(paths: readonly string[]) {
  await eachInFlight(paths, SYNC_IN_FLIGHT, async (path) => {
    const handle = await open(path, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  })
}

/** A store's way of saying the key isn't there: fs's ENOENT, S3's NoSuchKey. */
const isMissingBlob = (err: unknown) =>
  (err as NodeJS.ErrnoException).code === 'ENOENT' || /NoSuchKey|NotFound/.test(String(err))

/**
 * Copies one blob to `path`, hashing as it goes; undefined when the store has no such key. Not
 * synced here: `syncAll` does every file at the end, so the disk writes in long runs rather than
 * a flush per blob (4 copies waiting on their own fsyncs ran at half the speed of `cp -a; sync`).
 */
async function copyBlob(
  store: BlobStore,
  key: string,
  path: string,
): Promise<{ sha256: string; size: number } | undefined> {
  // The target first: a failure here is the backup's own (disk, folder) and must not count as a
  // missing blob, nor leave the source's file handle open.
  const file = await open(path, 'wx', PRIVATE_FILE)
  let copied = false
  try {
    const source = await store.get(key).catch((err: unknown) => {
      if (isMissingBlob(err)) return undefined
      throw err
    })
    if (!source) return undefined
    const hash = createHash('sha256')
    let size = 0
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        hash.update(chunk)
        size += chunk.length
        await file.write(chunk)
      }
    } finally {
      source.destroy()
    }
    copied = true
    return { sha256: hash.digest('hex'), size }
  } finally {
    await file.close()
    if (!copied) await rm(path, { force: true })
  }
}

export function createBackupService(deps: BackupDeps) {
  const { config, store } = deps

  /** Writes a new backup folder under `root`; records its outcome as `backup.last`. */
  async function backup(root: string, onProgress?: (p: BackupProgress) => void): Promise<BackupResult> {
    const startedAt = new Date()
    let dir = join(root, stampOf(startedAt))
    try {
      await mkdir(root, { recursive: true, mode: PRIVATE_DIR })
      await chmod(root, PRIVATE_DIR)
      for (let n = 1; existsSync(dir); n++) dir = join(root, `${stampOf(startedAt)}-${n}`)
      const previous = await previousBlobs(root)
      await mkdir(join(dir, 'blobs'), { recursive: true, mode: PRIVATE_DIR })
      const result = await withDeletesHeld(() => writeBackup(dir, previous, onProgress))
      await recordLastBackup(deps.settings, {
        at: new Date().toISOString(),
        ok: result.missing.length === 0,
        dir,
        bytes: result.bytes,
        files: result.files,
        ...(result.missing.length
          ? { error: `${result.missing.length} blobs the database names are missing from the store` }
          : {}),
      })
      return result
    } catch (err) {
      // A half-written backup is no backup: nothing of it stays to be restored by mistake.
      await rm(dir, { recursive: true, force: true }).catch(() => {})
      const error = (err as Error).message?.split('\n')[0] ?? String(err)
      await recordLastBackup(deps.settings, { at: new Date().toISOString(), ok: false, dir, bytes: 0, files: 0, error })
      throw err
    }
  }

  async function withDeletesHeld<T>(fn: () => Promise<T>): Promise<T> {
    await deps.outbox.holdDeletes(Date.now() + HOLD_MS)
    const renew = setInterval(() => void deps.outbox.holdDeletes(Date.now() + HOLD_MS).catch(() => {}), RENEW_MS)
    renew.unref()
    try {
      return await fn()
    } finally {
      clearInterval(renew)
      await deps.outbox.releaseDeletes()
    }
  }

  async function writeBackup(
    dir: string,
    previous: Map<string, { path: string; blob: ManifestBlob }>,
    onProgress?: (p: BackupProgress) => void,
  ): Promise<BackupResult> {
    const dbFile = config.databaseUrl ? 'database.sql' : 'database.sqlite'
    const dbPath = join(dir, dbFile)
    const { format, result } = await snapshotDatabase(config, dbPath, async (db) => {
      const rows = createBackupRowsRepository(db)
      return { keys: await rows.namedBlobKeys(), migrations: await rows.appliedMigrations() }
    })
    await chmod(dbPath, PRIVATE_FILE)
    const dbHash = await hashFile(dbPath)
    let bytes = dbHash.size

    let secret: Manifest['secret']
    const secretPath = join(config.dataDir, 'secret')
    if (existsSync(secretPath)) {
      const value = await readFile(secretPath)
      await writeFile(join(dir, 'secret'), value, { mode: PRIVATE_FILE, flag: 'wx' })
      secret = { file: 'secret', sha256: createHash('sha256').update(value).digest('hex') }
      bytes += value.length
    }

    const blobs: ManifestBlob[] = []
    const missing: string[] = []
    let copied = 0
    let linked = 0
    // Keys in flight together can share a folder: each waits for its one mkdir, or its copy
    // would find no folder and be miscounted as a missing blob.
    const folders = new Set<string>()
    const folderReady = oncePerName((folder) => {
      folders.add(folder)
      return mkdir(join(dir, 'blobs', folder), { recursive: true, mode: PRIVATE_DIR })
    })
    const copiedPaths: string[] = []
    const keys = result.keys
    const progress = () => onProgress?.({ done: blobs.length + missing.length, total: keys.length, bytes })
    const one = async (key: string) => {
      const folder = key.slice(0, 2)
      const file = `blobs/${folder}/${key}`
      const path = inside(dir, file)
      await folderReady(folder)
      const earlier = previous.get(key)
      if (earlier) {
        // Blobs never change under a key: the earlier copy is this one.
        const linkedOk = await link(earlier.path, path).then(
          () => true,
          () => false,
        )
        if (linkedOk) {
          blobs.push({ ...earlier.blob, file })
          bytes += earlier.blob.size
          linked++
          return progress()
        }
      }
      const made = await copyBlob(store, key, path)
      if (made) {
        copiedPaths.push(path)
        blobs.push({ key, file, size: made.size, sha256: made.sha256 })
        bytes += made.size
        copied++
      } else missing.push(key)
      progress()
    }
    await eachInFlight(keys, IN_FLIGHT, one)
    // Durable before the manifest names them: the files, then the folders holding their names.
    await syncAll([
      dbPath,
      ...(secret ? [join(dir, secret.file)] : []),
      ...copiedPaths,
      ...[...folders].map((f) => join(dir, 'blobs', f)),
      join(dir, 'blobs'),
    ])

    blobs.sort((a, b) => (a.key < b.key ? -1 : 1))
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: {
        file: dbFile,
        format,
        sha256: dbHash.sha256,
        size: dbHash.size,
        ...(config.databaseUrl ? { schema: config.databaseSchema ?? 'public' } : {}),
      },
      migrations: result.migrations,
      ...(secret ? { secret } : {}),
      blobStore: config.blobStore,
      blobs,
      missing,
    }
    // Written last, by rename: a folder with a manifest is a whole backup.
    const temp = join(dir, `${MANIFEST}.partial`)
    await writeFile(temp, JSON.stringify(manifest, null, 1), { mode: PRIVATE_FILE })
    await syncAll([temp])
    await rename(temp, join(dir, MANIFEST))
    await syncAll([dir])
    return { dir, bytes, files: blobs.length, copied, linked, missing }
  }

  return { backup }
}
export type BackupService = ReturnType<typeof createBackupService>
