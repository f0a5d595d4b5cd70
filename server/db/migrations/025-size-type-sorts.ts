import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Sorting a folder by size and by type (its extension, then its name), as a drive does.
// `type_key` is kept by the writes that set `name_key` (util/names.ts typeKey); here the existing
// rows get theirs by the same rule: the lower-case text after the last dot, '' without one. It
// compares byte by byte on both databases ("C" on PostgreSQL, SQLite's BINARY), so both order a
// folder alike. Each sort gets the folder list's index of its own, ending in the id that breaks
// ties, so a page seeks to its cursor as the date and name sorts do.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table files add column type_key text collate "C" not null default ''`.execute(db)
    await sql`update files set type_key = coalesce(substring(name_key from '\\.([^.]*)$'), '')`.execute(db)
    // The update queues the files table's deferred trigger events (its constraint triggers), and
    // PostgreSQL refuses CREATE INDEX on a table with events pending in the transaction: run them now.
    await sql`set constraints all immediate`.execute(db)
  } else {
    await sql`alter table files add column type_key text not null default ''`.execute(db)
    // rtrim drops every trailing character that is not a dot: what is left ends at the last dot.
    await sql`update files set type_key = substr(name_key, length(rtrim(name_key, replace(name_key, '.', ''))) + 1) where instr(name_key, '.') > 0`.execute(
      db,
    )
  }
  await db.schema
    .createIndex('files_folder_size')
    .on('files')
    .columns(['owner_id', 'folder_id', 'trashed', 'size', 'id'])
    .execute()
  await db.schema
    .createIndex('files_folder_type')
    .on('files')
    .columns(['owner_id', 'folder_id', 'trashed', 'type_key', 'name_key', 'id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_folder_type').execute()
  await db.schema.dropIndex('files_folder_size').execute()
  await db.schema.alterTable('files').dropColumn('type_key').execute()
}
