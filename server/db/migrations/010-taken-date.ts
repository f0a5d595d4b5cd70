import { type Kysely, PostgresAdapter, sql } from 'kysely'

// When a photo was taken (EXIF DateTimeOriginal, read by the thumbnail queue), else when it was
// uploaded: the gallery sorts and groups by it, so a phone's backlog uploaded today lands in the
// months it was shot. Never null, so keyset paging needs no null ordering.
// - SQLite cannot add a NOT NULL column without a default; 0 is only there to satisfy it, every
//   insert writes the column (the row type requires it). PostgreSQL drops the default after the
//   backfill, so a forgotten insert fails there (CI runs the suite on it).
// - files_media_taken serves the media list's date sorts as files_media_date did for the upload
//   date, which nothing else sorts the media scope by, so it goes.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .alterTable('files')
    .addColumn('taken_date', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db
    .updateTable('files')
    .set({ taken_date: sql`upload_date` })
    .execute()
  if (postgres) {
    // The update queued migration 004's deferred triggers, and PostgreSQL alters no table with
    // trigger events pending: run them now.
    await sql`set constraints all immediate`.execute(db)
    await sql`alter table files alter column taken_date drop default`.execute(db)
  }
  await db.schema
    .createIndex('files_media_taken')
    .on('files')
    .columns(['owner_id', 'media', 'trashed', 'is_video', 'taken_date', 'id'])
    .execute()
  await db.schema.dropIndex('files_media_date').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('files_media_date')
    .on('files')
    .columns(['owner_id', 'media', 'trashed', 'is_video', 'upload_date', 'id'])
    .execute()
  await db.schema.dropIndex('files_media_taken').execute()
  await db.schema.alterTable('files').dropColumn('taken_date').execute()
}
