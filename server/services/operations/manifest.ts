// A backup folder's manifest: what it holds and each piece's sha256, and the rules for reading
// one back. A backup is a folder `<DIR>/<stamp>/`; DIR may hold many, oldest first by name.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { SnapshotFormat } from '../../db/snapshot.ts'

export const MANIFEST = 'manifest.json'
export const FORMAT = 1

export interface ManifestBlob {
  key: string
  /** Path inside the backup folder. */
  file: string
  /** Stored bytes (encrypted blobs stay encrypted, so this is their ciphertext). */
  size: number
  sha256: string
}

export interface Manifest {
  format: typeof FORMAT
  createdAt: string
  database: {
    file: string
    format: SnapshotFormat
    sha256: string
    size: number
    /** PostgreSQL: the schema the dump recreates. */
    schema?: string
  }
  /** The migrations the database had run: its schema version. */
  migrations: string[]
  /** The generated SECRET of the data directory (absent when SECRET was set in the environment). */
  secret?: { file: string; sha256: string }
  blobStore: 'fs' | 's3'
  blobs: ManifestBlob[]
  /** Keys the database names whose blobs the store did not have (a damaged store, not the backup). */
  missing: string[]
}

export class BackupError extends Error {}

/** `rel` inside `dir`, or a BackupError: a manifest never names a path outside its folder. */
export function inside(dir: string, rel: string): string {
  const full = resolve(dir, rel)
  const back = relative(resolve(dir), full)
  if (isAbsolute(rel) || back === '' || back.startsWith(`..${sep}`) || back === '..' || isAbsolute(back))
    throw new BackupError(`The manifest names a path outside the backup folder: ${rel}`)
  return full
}

/** The stamp a new backup folder is named by: sortable, one per millisecond. */
export const stampOf = (at: Date) => at.toISOString().replace(/[:.]/g, '-')

/** The backup folders in `dir` that hold a manifest, oldest first. */
export async function backupsIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  const found: string[] = []
  for (const name of names.sort()) {
    if (await stat(join(dir, name, MANIFEST)).catch(() => undefined)) found.push(join(dir, name))
  }
  return found
}

/** The backup `dir` names: itself when it holds a manifest, else the newest backup inside it. */
export async function resolveBackup(dir: string): Promise<string> {
  if (await stat(join(dir, MANIFEST)).catch(() => undefined)) return resolve(dir)
  const all = await backupsIn(dir)
  const newest = all.at(-1)
  if (!newest) throw new BackupError(`No backup in ${dir} (no ${MANIFEST} in it or in a folder inside it)`)
  return resolve(newest)
}

export async function readManifest(backup: string): Promise<Manifest> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(join(backup, MANIFEST), 'utf8'))
  } catch (e) {
    throw new BackupError(`The manifest of ${backup} cannot be read: ${(e as Error).message}`)
  }
  const m = parsed as Partial<Manifest>
  if (m.format !== FORMAT || !m.database || !Array.isArray(m.blobs) || !Array.isArray(m.migrations))
    throw new BackupError(`${join(backup, MANIFEST)} is not a Cumulus backup manifest of format ${FORMAT}`)
  return { ...m, missing: m.missing ?? [] } as Manifest
}

/** The sha256 (hex) and size of a file. */
export async function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256')
  let size = 0
  // 1 MiB reads: a 10 GiB backup's hashing is 10k reads, not 160k.
  await pipeline(createReadStream(path, { highWaterMark: 1 << 20 }), async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      size += chunk.length
      hash.update(chunk)
    }
    yield* []
  })
  return { sha256: hash.digest('hex'), size }
}

/** Migrations the backup ran that this code does not know: the backup is of a newer version. */
export const unknownMigrations = (applied: readonly string[], known: readonly string[]) =>
  applied.filter((name) => !known.includes(name))
