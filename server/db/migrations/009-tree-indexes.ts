import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Deletes, trash and the retention sweep cost what the subtree they touch costs, not what the
// whole database holds.
// - folders.parent_id and files.folder_id reference folders.id `on delete cascade`: deleting a
//   folder makes the database look for rows pointing at it, with no owner in the lookup, and the
//   list indexes all start with the owner. Without an index of their own every deleted folder
//   scanned both tables: 300 folders beside another user's 10k files took ~250 ms (100k: ~5 s),
//   with the whole server waiting on SQLite meanwhile.
// - The retention sweep (purgeTrash) asks for old trash roots of every user at once.
// - Subtree queries are a range over the ancestors path (repositories/folders.ts, inSubtree), which is a prefix
//   match only when text compares byte by byte. PostgreSQL's default collation may not: under
//   en-US, "/ab/x/" falls between "/Ab/" and "/Ab0" (letters compare without case first). The
//   column gets the "C" collation there, and its index is rebuilt with it. SQLite compares text
//   byte by byte already (BINARY).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute()
  await db.schema.createIndex('files_folder').on('files').column('folder_id').execute()
  await db.schema.createIndex('folders_trash_sweep').on('folders').columns(['trash_root', 'trashed_at']).execute()
  await db.schema.createIndex('files_trash_sweep').on('files').columns(['trash_root', 'trashed_at']).execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table folders alter column ancestors type text collate "C"`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table folders alter column ancestors type text collate "default"`.execute(db)
  }
  for (const name of ['files_trash_sweep', 'folders_trash_sweep', 'files_folder', 'folders_parent'])
    await db.schema.dropIndex(name).execute()
}
