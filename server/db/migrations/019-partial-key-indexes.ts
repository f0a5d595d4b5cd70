import { type Kysely, type RawBuilder, sql } from 'kysely'

// Indexes that only some files need hold only those files (issue #18): a fifth of a small
// upload's server CPU went to keeping the files table's 15 secondary indexes, and a document
// (no thumbnail, not media, not in the trash) now skips 7 of them.
// - A thumbnail's id and key and a preview's key stay null for every file without one, and until
//   the thumbnail queue makes them; `trashed_at` is null for everything not in the trash. Every
//   query on them compares them (`thumbnail_id = ?`, `trashed_at < ?`), which implies `is not
//   null`, so SQLite and PostgreSQL use these indexes as before.
// - The gallery's indexes hold media only, and the queue's only the files waiting for it. Their
//   queries spell the same condition as a literal (`media = 1`, `thumb_state = 'pending'`):
//   SQLite uses a partial index only when the query's own terms say what its WHERE says, and it
//   cannot see through a bound value.
const partial: Array<{ name: string; columns: string[]; where: RawBuilder<unknown> }> = [
  { name: 'files_thumbnail', columns: ['thumbnail_id'], where: sql`thumbnail_id is not null` },
  { name: 'files_thumbnail_key', columns: ['thumbnail_key'], where: sql`thumbnail_key is not null` },
  { name: 'files_preview_key', columns: ['preview_key'], where: sql`preview_key is not null` },
  { name: 'files_trash_sweep', columns: ['trash_root', 'trashed_at'], where: sql`trashed_at is not null` },
  {
    name: 'files_media_name',
    columns: ['owner_id', 'media', 'trashed', 'is_video', 'name_key', 'id'],
    where: sql`media = 1`,
  },
  {
    name: 'files_media_taken',
    columns: ['owner_id', 'media', 'trashed', 'is_video', 'taken_date', 'id'],
    where: sql`media = 1`,
  },
  { name: 'files_thumb_pending', columns: ['thumb_state', 'upload_date'], where: sql`thumb_state = 'pending'` },
]

const columnList = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)))

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, columns, where } of partial) {
    await db.schema.dropIndex(name).execute()
    await sql`create index ${sql.id(name)} on files (${columnList(columns)}) where ${where}`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, columns } of partial) {
    await db.schema.dropIndex(name).execute()
    await sql`create index ${sql.id(name)} on files (${columnList(columns)})`.execute(db)
  }
}
