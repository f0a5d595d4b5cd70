import { type Kysely, PostgresAdapter, sql } from 'kysely'

// File versions (DESIGN.md §8 "Versions"): the contents a file had before it was written over.
// A version holds its blob by key, as the file row does, so a replace or a restore moves a key
// from one row to the other and copies no bytes. Its bytes count in the owner's used_bytes, kept
// by the same triggers as files' (migration 014). Rows go with their file or owner (cascade);
// their blobs are condemned by whoever deletes the file (services/drive/tree.ts), as a file's are.
// uploads.conflict is what a resumable upload does when its name is taken: replace, keep-both, fail.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('file_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('enc', 'text')
    .addColumn('mime', 'text', (c) => c.notNull())
    // When this content was uploaded, and when it stopped being the current one.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('replaced_at', 'bigint', (c) => c.notNull())
    .addColumn('added_by', 'text')
    .execute()
  // A file's versions newest first; also what a file's delete cascades through, and the order
  // housekeeping's retention pass walks the files that have versions in. No index on owner_id:
  // every read names the file too, and an owner index would tempt SQLite's planner away from this one.
  await db.schema.createIndex('file_versions_file').on('file_versions').columns(['file_id', 'created_at']).execute()
  await sql`update users set used_bytes = used_bytes + coalesce((select sum(size) from file_versions v where v.owner_id = users.id), 0)`.execute(
    db,
  )
  if (postgres) {
    await sql`create constraint trigger file_versions_used_bytes after insert or update of size, owner_id or delete on file_versions
      deferrable initially deferred for each row execute function cumulus_used_bytes()`.execute(db)
  } else {
    await sql`create trigger file_versions_used_bytes_insert after insert on file_versions begin
      update users set used_bytes = used_bytes + new.size where id = new.owner_id; end`.execute(db)
    await sql`create trigger file_versions_used_bytes_delete after delete on file_versions begin
      update users set used_bytes = used_bytes - old.size where id = old.owner_id; end`.execute(db)
  }
  await db.schema
    .alterTable('uploads')
    .addColumn('conflict', 'text', (c) => c.notNull().defaultTo('fail'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema.alterTable('uploads').dropColumn('conflict').execute()
  if (postgres) await sql`drop trigger if exists file_versions_used_bytes on file_versions`.execute(db)
  else
    for (const e of ['insert', 'delete'])
      await sql.raw(`drop trigger if exists file_versions_used_bytes_${e}`).execute(db)
  await sql`update users set used_bytes = used_bytes - coalesce((select sum(size) from file_versions v where v.owner_id = users.id), 0)`.execute(
    db,
  )
  await db.schema.dropTable('file_versions').execute()
}
