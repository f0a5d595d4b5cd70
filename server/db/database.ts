// Opens the metadata database: embedded SQLite under DATA_DIR, or PostgreSQL when DATABASE_URL
// is set. Both run the same migrations at start.
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import {
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  type SqliteStatement,
  sql,
} from 'kysely'
import type { Config } from '../config.ts'
import { migrations } from './migrations/index.ts'
import type { DB } from './schema.ts'
import { CumulusSqliteDialect } from './sqlite-dialect.ts'
import { openWalSync, type WalSync } from './wal-sync.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface MetadataDb {
  db: Kysely<DB>
  dialect: Dialect
  /**
   * SQLite only: a value that changes whenever anything may have been written to the database,
   * by this process or any other, since it was last read. What was read at one epoch is still
   * true while the epoch is unchanged, so a hot read can be remembered (sessions.ts). PostgreSQL
   * is shared by instances that tell each other nothing: undefined, never remember.
   */
  changeEpoch?: () => string
  /**
   * SQLite only: commits are not fsynced as they run (synchronous = NORMAL); what must be durable
   * before it is acted on or answered awaits `walSync.durable()` (group commit, wal-sync.ts).
   */
  walSync?: WalSync
  close(): Promise<void>
}

/**
 * Kysely's migrator reads the catalog of every schema in the database (its introspection). A
 * schema dropped meanwhile by someone else (a second installation, test files side by side) fails
 * that read with 3F000 "schema … does not exist", or, when its tables go mid-read, with 42P01 /
 * 42703 from pg_get_serial_sequence ('relation "t_other.files" does not exist', 'column "token"
 * of relation "dav_locks" does not exist'); and the drop's locks can deadlock it (40P01). All pass
 * on another try; on PostgreSQL the migrations run in one transaction, so a try that failed left
 * nothing behind. A missing table or column is only taken for someone else's when no migration of
 * ours failed: the introspection runs before them.
 */
export async function migrateRetrying(migrator: Pick<Migrator, 'migrateToLatest'>, ownSchema: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    const outcome = await migrator.migrateToLatest()
    const code = (outcome.error as { code?: string } | undefined)?.code
    const message = String((outcome.error as Error | undefined)?.message ?? '')
    const ourMigrationFailed = outcome.results?.some((r) => r.status === 'Error') ?? false
    const someoneElses =
      code === '40P01' ||
      (code === '3F000' && !(ownSchema && message.includes(`"${ownSchema}"`))) ||
      ((code === '42P01' || code === '42703') && !ourMigrationFailed)
    if (!someoneElses || attempt === 4) return outcome
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
  }
}

/** Beside the SQLite file: the database as it was before the last upgrade's migrations ran. */
export const beforeUpgradePath = (dataDir: string) => join(dataDir, 'cumulus.db.before-upgrade')

/** The migrations a database has run; none when it has never been migrated. */
async function appliedMigrations(db: Kysely<DB>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    return rows.map((r) => r.name)
  } catch {
    return []
  }
}

export interface OpenOptions {
  /** The migrations to run (tests add a failing one); the server's own by default. */
  migrations?: Record<string, Migration>
}

export async function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>,
  options: OpenOptions = {},
): Promise<MetadataDb> {
  const known = options.migrations ?? migrations
  let sqliteFile: { path: string; handle: Database.Database } | undefined
  let db: Kysely<DB>
  let dialect: Dialect
  let changeEpoch: (() => string) | undefined
  let commits: (() => number) | undefined
  let walPath: string | undefined
  if (config.databaseUrl) {
    // Loaded only for PostgreSQL, so the embedded default does not carry the driver.
    const { default: pg } = await import('pg')
    // int8 (count(*), bigint columns) arrives as a string by default; our values fit in a double.
    pg.types.setTypeParser(20, (v) => Number(v))
    const schema = config.databaseSchema
    if (schema) {
      // Create the schema before the pool pins search_path to it.
      const admin = new pg.Client({ connectionString: config.databaseUrl })
      await admin.connect()
      try {
        await admin.query(`create schema if not exists "${schema}"`)
      } finally {
        await admin.end()
      }
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema},public` } : {}),
    })
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    dialect = 'postgres'
  } else {
    mkdirSync(config.dataDir, { recursive: true })
    const dbPath = join(config.dataDir, 'cumulus.db')
    const file = new Database(dbPath)
    sqliteFile = { path: dbPath, handle: file }
    file.pragma('journal_mode = WAL')
    file.pragma('foreign_keys = ON')
    // NORMAL: a commit does not fsync the WAL on the main thread. A commit the client is told
    // about (a 201 for an upload) still survives a power cut: replies, blob renames and blob
    // deletes wait for walSync.durable() first, one fsync in the thread pool for many commits.
    file.pragma('synchronous = NORMAL')
    file.pragma('busy_timeout = 5000')
    // Statement journals in memory: with the default, an upload's commit created, wrote and
    // unlinked a temp file in /var/tmp (2 of 3 small uploads, seen with strace: the statement
    // journal spilling), three syscalls and an inode for bytes that never need to outlive the
    // statement. Temp tables and sorts stay small here (listings page by index).
    file.pragma('temp_store = MEMORY')
    const connection = withStatementCache(file)
    db = new Kysely<DB>({ dialect: new CumulusSqliteDialect({ database: connection }) })
    dialect = 'sqlite'
    changeEpoch = connection.changeEpoch
    commits = connection.commits
    walPath = `${dbPath}-wal`
  }

  // A database that ran a migration this code does not know was written by a newer version: its
  // tables may mean something else now. Refused before anything touches it.
  const applied = await appliedMigrations(db)
  const newer = applied.filter((name) => !(name in known))
  if (newer.length) {
    await db.destroy()
    throw new Error(
      `The database was written by a newer Cumulus (it ran migration ${newer.sort().join(', ')}, unknown to this version): run that version or later, or restore a backup made before the upgrade`,
    )
  }
  // SQLite: an upgrade keeps the database as it was, so a failed migration (SQLite runs DDL outside
  // one transaction) goes back to it, and the admin can go back to the old version with it.
  const pending = Object.keys(known).filter((name) => !applied.includes(name))
  const aside = sqliteFile && applied.length > 0 && pending.length > 0 ? beforeUpgradePath(config.dataDir) : undefined
  if (aside && sqliteFile) await sqliteFile.handle.backup(aside)

  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => known },
    // Branches add migrations side by side (015 and 016 landed in either order): a database that
    // ran a later one first still runs an earlier one that arrives after it. Each migration
    // stands alone, so the order between such siblings does not matter.
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping tables across all schemas; pin it to ours.
    ...(config.databaseUrl && config.databaseSchema ? { migrationTableSchema: config.databaseSchema } : {}),
  })
  const { error, results } = await migrateRetrying(migrator, config.databaseSchema)
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    await db.destroy()
    const why = String((error as Error)?.message ?? error).split('\n')[0]
    let after = config.databaseUrl ? ' Nothing was changed (PostgreSQL ran the migrations in one transaction).' : ''
    if (aside && sqliteFile) {
      putBack(sqliteFile.path, aside)
      after = ` The database is as it was before the upgrade (a copy stays at ${aside}).`
    }
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${why}.${after}`)
  }
  // After the migrations: the -wal file exists from the first write on, until the connection closes.
  const walSync = walPath && commits ? await openWalSync({ path: walPath, commits }) : undefined
  return {
    db,
    dialect,
    ...(changeEpoch ? { changeEpoch } : {}),
    ...(walSync ? { walSync } : {}),
    async close() {
      await walSync?.close()
      await db.destroy()
    },
  }
}

/** Puts the copy taken before the migrations back in place of the SQLite file (closed by then). */
function putBack(dbPath: string, aside: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
  const temp = `${dbPath}.putting-back`
  copyFileSync(aside, temp)
  renameSync(temp, dbPath)
}

/** How stale a remembered read may be when another process wrote the database (see below). */
const DATA_VERSION_EVERY_MS = 100

/**
 * better-sqlite3 compiles SQL on every prepare(); Kysely prepares per query. Reusing compiled
 * statements for the same SQL text removes that from every request. Kysely runs one query at a
 * time on this connection and never iterates a statement, so sharing one is safe.
 *
 * It also keeps the change epoch. This process's writes are counted here, as they run: every
 * statement that is not read-only, `update … returning` included (one later rolled back only
 * costs a re-read). Other processes are not how Cumulus runs on SQLite (the janitor already takes
 * it as one process), but an admin's sqlite3 shell or a bench seeding rows may write: SQLite's
 * data_version, which moves when another connection commits, is read at most every
 * DATA_VERSION_EVERY_MS. Reading it on every request cost ~5 µs under load (a read transaction's
 * file locks), as much as the query it would save.
 */
function withStatementCache(file: Database.Database): SqliteDatabase & { changeEpoch(): string; commits(): number } {
  const cache = new Map<string, SqliteStatement>()
  const dataVersion = file.prepare('pragma data_version').pluck()
  let ownWrites = 0
  /**
   * Bumped whenever a statement leaves the connection outside a transaction: an autocommit write
   * or `commit` (a rollback too: one needless fsync at worst). What wal-sync covers.
   */
  let commits = 0
  const committed = () => void (file.inTransaction || commits++)
  // `commit` counts as read-only to SQLite; every other statement that changes nothing never commits.
  const mayCommit = (source: string, prepared: Database.Statement) =>
    !prepared.readonly || /^\s*(commit|end|release|rollback)\b/i.test(source)
  const committing = (stmt: SqliteStatement): SqliteStatement => ({
    reader: stmt.reader,
    all(parameters) {
      try {
        return stmt.all(parameters)
      } finally {
        committed()
      }
    },
    run(parameters) {
      try {
        return stmt.run(parameters)
      } finally {
        committed()
      }
    },
    *iterate(parameters) {
      try {
        yield* stmt.iterate(parameters)
      } finally {
        committed()
      }
    },
  })
  let otherWrites = dataVersion.get() as number
  let checkedAt = performance.now()
  const counted = (stmt: SqliteStatement): SqliteStatement => ({
    reader: stmt.reader,
    all(parameters) {
      ownWrites++
      return stmt.all(parameters)
    },
    run(parameters) {
      ownWrites++
      return stmt.run(parameters)
    },
    *iterate(parameters) {
      ownWrites++
      yield* stmt.iterate(parameters)
    },
  })
  return {
    prepare(source: string) {
      let stmt = cache.get(source)
      if (!stmt) {
        const prepared = file.prepare(source)
        stmt = withFastRows(prepared)
        if (!prepared.readonly) stmt = counted(stmt)
        if (mayCommit(source, prepared)) stmt = committing(stmt)
        if (cache.size >= 500) cache.delete(cache.keys().next().value!)
        cache.set(source, stmt)
      }
      return stmt
    },
    close: () => void file.close(),
    commits: () => commits,
    changeEpoch() {
      const now = performance.now()
      if (now - checkedAt >= DATA_VERSION_EVERY_MS) {
        otherWrites = dataVersion.get() as number
        checkedAt = now
      }
      return `${otherWrites}:${ownWrites}`
    },
  }
}

/**
 * Rows as plain objects, built in JS from better-sqlite3's raw (array) rows. better-sqlite3 makes
 * each row object in C++ one property at a time, which was ~40% of a 50-row list query
 * (~108 µs → ~72 µs); objects built by the same sequence of assignments share one hidden class.
 * Same objects as before: own properties in column order, later duplicates winning.
 */
function withFastRows(stmt: Database.Statement): SqliteStatement {
  if (!stmt.reader) return stmt
  let names = stmt.columns().map((c) => c.name)
  // An assignment to "__proto__" would set the prototype instead: leave such rows to the driver.
  if (names.includes('__proto__')) return stmt
  stmt.raw(true)
  const toObject = (row: unknown[]) => {
    // SQLite re-prepares a statement whose tables changed (a migration): re-read its columns.
    if (row.length !== names.length) names = stmt.columns().map((c) => c.name)
    const out: Record<string, unknown> = {}
    for (let i = 0; i < names.length; i++) out[names[i]!] = row[i]
    return out
  }
  return {
    reader: true,
    all(parameters) {
      const rows = stmt.all(parameters) as unknown[]
      for (let i = 0; i < rows.length; i++) rows[i] = toObject(rows[i] as unknown[])
      return rows
    },
    run: (parameters) => stmt.run(parameters),
    *iterate(parameters) {
      for (const row of stmt.iterate(parameters)) yield toObject(row as unknown[])
    },
  }
}

/** Cheap liveness probe for /healthz. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db)
}
