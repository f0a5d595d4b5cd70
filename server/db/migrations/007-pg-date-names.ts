import { type Kysely, PostgresAdapter, sql } from 'kysely'

// A search sorted by date that walks the drive (a common term) tests each name it passes. On
// PostgreSQL files_drive_date held no names, so every row passed was fetched from the table: a
// term in 1% of 1M files took ~50 ms a page. With the names in the index (INCLUDE: carried, not
// sorted on) the walk is index-only, like the name-sorted one (repositories/files.ts, fileListQuery). The
// index replaces files_drive_date and serves everything it did. SQLite walks its own date index
// fast enough (~1 µs a row) not to need the extra bytes. Building it on an existing drive of 1M
// files takes a few seconds at the first start after the upgrade.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`create index files_drive_date_names on files (owner_id, trashed, upload_date, id) include (name_key)`.execute(
    db,
  )
  await sql`drop index files_drive_date`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`create index files_drive_date on files (owner_id, trashed, upload_date, id)`.execute(db)
  await sql`drop index files_drive_date_names`.execute(db)
}
