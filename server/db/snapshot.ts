// A consistent copy of the metadata database taken while the server runs, and its way back.
// SQLite: better-sqlite3's online backup into one file. PostgreSQL: pg_dump inside an exported
// snapshot, so what the caller reads (the blob keys the copy names) is exactly what was dumped.
import { execFile } from 'node:child_process'
import { copyFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, sql } from 'kysely'
import type { Config } from '../config.ts'
import type { DB } from './schema.ts'
import { CumulusSqliteDialect } from './sqlite-dialect.ts'

const run = promisify(execFile)

export type SnapshotFormat = 'sqlite' | 'pg-sql'

type DbConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>

/** The SQLite file of a data directory. */
export const sqlitePath = (dataDir: string) => join(dataDir, 'cumulus.db')

/** The PostgreSQL schema Cumulus lives in. */
export const pgSchemaOf = (config: DbConfig) => config.databaseSchema ?? 'public'

async function pgKysely(config: DbConfig, max = 1): Promise<Kysely<DB>> {
  const { default: pg } = await import('pg')
  const schema = config.databaseSchema
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  })
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
}

/**
 * Writes a consistent copy of the database to `dest` and calls `read` on that same state before
 * returning what it returned. SQLite: `read` sees the copy itself (made a single file, no WAL).
 */
export async function snapshotDatabase<T>(
  config: DbConfig,
  dest: string,
  read: (db: Kysely<DB>) => Promise<T>,
): Promise<{ format: SnapshotFormat; result: T }> {
  if (!config.databaseUrl) {
    const source = new Database(sqlitePath(config.dataDir), { fileMustExist: true })
    try {
      await source.backup(dest)
    } finally {
      source.close()
    }
    const copy = new Database(dest)
    // One self-contained file: no -wal or -shm beside it in the backup.
    copy.pragma('journal_mode = DELETE')
    const db = new Kysely<DB>({ dialect: new CumulusSqliteDialect({ database: copy }) })
    try {
      return { format: 'sqlite', result: await read(db) }
    } finally {
      await db.destroy()
    }
  }
  const db = await pgKysely(config)
  try {
    const result = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx)
        await run(
          'pg_dump',
          [
            `--snapshot=${rows[0]!.id}`,
            `--schema=${pgSchemaOf(config)}`,
            '--format=plain',
            '--no-owner',
            '--no-privileges',
            `--file=${dest}`,
            config.databaseUrl!,
          ],
          { maxBuffer: 1 << 20 },
        )
        return read(trx)
      })
    return { format: 'pg-sql', result }
  } finally {
    await db.destroy()
  }
}

/**
 * Whether the target holds no Cumulus database yet: no SQLite file, or no table in the schema.
 */
export async function databaseIsEmpty(config: DbConfig): Promise<boolean> {
  if (!config.databaseUrl) {
    const { existsSync } = await import('node:fs')
    return !existsSync(sqlitePath(config.dataDir))
  }
  const db = await pgKysely(config)
  try {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_schema = ${pgSchemaOf(config)}`.execute(db)
    return rows[0]!.n === 0
  } finally {
    await db.destroy()
  }
}

/** Puts a snapshot back: the SQLite file in place, or the dump run by psql (stopping at the first error). */
export async function loadSnapshot(config: DbConfig, format: SnapshotFormat, file: string): Promise<void> {
  if (format === 'sqlite') {
    const target = sqlitePath(config.dataDir)
    const temp = `${target}.restoring`
    await copyFile(file, temp)
    await rename(temp, target)
    return
  }
  const db = await pgKysely(config)
  try {
    // The dump holds the schema's own objects only; pg_trgm lives in public (migration 020), and
    // an empty schema the server made at start would make the dump's CREATE SCHEMA fail.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    if (config.databaseSchema) await sql`drop schema if exists ${sql.id(config.databaseSchema)}`.execute(db)
  } finally {
    await db.destroy()
  }
  await run('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--file', file, config.databaseUrl!], {
    maxBuffer: 8 << 20,
  })
}

/** Removes a half-made snapshot file (a failed backup). */
export const removeSnapshot = (file: string) => rm(file, { force: true })
