// `restore DIR`: a backup put back onto an empty DATA_DIR (or an empty database schema and
// bucket). Everything is checked before anything is written: the schema is one this code knows,
// every path stays inside the backup and every hash matches; then the database, the blobs under
// their own keys (encrypted ones as they were) and the secret go back, and the restored database
// is brought up to this code's migrations.
import { createReadStream } from 'node:fs'
import { chmod, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { migrations } from '../../db/migrations/index.ts'
import { databaseIsEmpty, loadSnapshot, pgSchemaOf } from '../../db/snapshot.ts'
import { createBackupRowsRepository } from '../../repositories/backups.ts'
import { createBlobStore } from '../../storage/create-blob-store.ts'
import { BackupError, inside, unknownMigrations } from './manifest.ts'
import { verifyBackup } from './verify.ts'
import { eachInFlight } from '../../util/in-flight.ts'

export interface RestoreResult {
  dir: string
  blobs: number
  bytes: number
}

/** Blobs written at once. */
const IN_FLIGHT = 4

export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 'blobStore' | 's3'>,
  given: string,
  onProgress?: (done: number, total: number) => void,
): Promise<RestoreResult> {
  const { dir, manifest, problems } = await verifyBackup(given)
  const newer = unknownMigrations(manifest.migrations, Object.keys(migrations))
  if (newer.length)
    throw new BackupError(
      `This backup is of a newer Cumulus (its database ran ${newer.join(', ')}); restore it with that version or later`,
    )
  if (problems.length)
    throw new BackupError(`The backup in ${dir} is damaged; nothing was restored:\n${problems.join('\n')}`)

  const wantsPg = manifest.database.format === 'pg-sql'
  if (wantsPg !== !!config.databaseUrl)
    throw new BackupError(
      wantsPg
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to restore it'
        : 'This backup is of a SQLite database: unset DATABASE_URL to restore it into DATA_DIR',
    )
  if (wantsPg && manifest.database.schema !== pgSchemaOf(config))
    throw new BackupError(
      `This backup is of the schema "${manifest.database.schema}"; set DATABASE_SCHEMA to it (now "${pgSchemaOf(config)}")`,
    )
  if (!(await databaseIsEmpty(config)))
    throw new BackupError(
      config.databaseUrl
        ? `The schema "${pgSchemaOf(config)}" already holds tables: restore into an empty one`
        : `${config.dataDir} already holds a database: restore into an empty DATA_DIR`,
    )
  const store = await createBlobStore(config)
  for await (const key of store.keys())
    throw new BackupError(`The blob store already holds blobs (${key}, …): restore into an empty one`)

  await loadSnapshot(config, manifest.database.format, inside(dir, manifest.database.file))
  let done = 0
  let bytes = 0
  const blobs = manifest.blobs
  await eachInFlight(blobs, IN_FLIGHT, async (b) => {
    await store.put(createReadStream(inside(dir, b.file)), { key: b.key, digest: false })
    bytes += b.size
    onProgress?.(++done, blobs.length)
  })
  if (manifest.secret) {
    // Sessions, links and two-step secrets are sealed with it: the restored server needs the same.
    const target = join(config.dataDir, 'secret')
    await writeFile(target, await readFile(inside(dir, manifest.secret.file)), { mode: 0o600 })
    await chmod(target, 0o600)
  }
  // The restored database is migrated to this code's schema, and forgets the old instances.
  const database = await openDatabase(config)
  try {
    await createBackupRowsRepository(database.db).dropWorkInProgress()
  } finally {
    await database.close()
  }
  return { dir, blobs: blobs.length, bytes }
}
