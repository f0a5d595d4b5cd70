import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Files, folders and the blob outbox. Every list query of SPEC §3 has an index that starts with
// the owner, so no query scans another user's rows or a whole drive.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    // "/" + ancestor ids joined by "/" + "/": subtree queries are prefix matches.
    .addColumn('ancestors', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trash_root', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('folders_parent_name')
    .on('folders')
    .columns(['owner_id', 'parent_id', 'trashed', 'name_key', 'id'])
    .execute()
  await db.schema
    .createIndex('folders_parent_date')
    .on('folders')
    .columns(['owner_id', 'parent_id', 'trashed', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('folders_trash').on('folders').columns(['owner_id', 'trash_root', 'trashed_at']).execute()
  await db.schema.createIndex('folders_ancestors').on('folders').columns(['owner_id', 'ancestors']).execute()

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('upload_date', 'bigint', (c) => c.notNull())
    .addColumn('trashed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trash_root', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_at', 'bigint')
    .addColumn('link_type', 'text')
    .addColumn('link_token', 'text', (c) => c.unique())
    .addColumn('is_video', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_thumbnail', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbnail_id', 'text')
    .addColumn('thumbnail_key', 'text')
    // 1 when the file belongs in the media gallery (has a thumbnail or is a video).
    .addColumn('media', 'integer', (c) => c.notNull().defaultTo(0))
    // Wrapped data key when the blob is encrypted at rest.
    .addColumn('enc', 'text')
    .execute()
  await db.schema
    .createIndex('files_folder_date')
    .on('files')
    .columns(['owner_id', 'folder_id', 'trashed', 'upload_date', 'id'])
    .execute()
  await db.schema
    .createIndex('files_folder_name')
    .on('files')
    .columns(['owner_id', 'folder_id', 'trashed', 'name_key', 'id'])
    .execute()
  await db.schema
    .createIndex('files_drive_date')
    .on('files')
    .columns(['owner_id', 'trashed', 'upload_date', 'id'])
    .execute()
  await db.schema
    .createIndex('files_drive_name')
    .on('files')
    .columns(['owner_id', 'trashed', 'name_key', 'id'])
    .execute()
  await db.schema
    .createIndex('files_media_date')
    .on('files')
    .columns(['owner_id', 'media', 'trashed', 'is_video', 'upload_date', 'id'])
    .execute()
  await db.schema
    .createIndex('files_media_name')
    .on('files')
    .columns(['owner_id', 'media', 'trashed', 'is_video', 'name_key', 'id'])
    .execute()
  await db.schema.createIndex('files_trash').on('files').columns(['owner_id', 'trash_root', 'trashed_at']).execute()
  await db.schema.createIndex('files_thumbnail').on('files').column('thumbnail_id').execute()

  // Blob keys whose fate is open: 'pending' (being written; the row commits later) or 'delete'
  // (row gone, blob still to remove). A sweep settles them after a crash or a failed delete.
  await db.schema
    .createTable('blob_outbox')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute()

  // Substring search over names: trigram indexes (DESIGN.md §5).
  if (postgres) {
    // Migrations run in a transaction: only try to create the extension when it is missing.
    const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db)
    // In public, which every schema of the database shares. Made in our own schema (the first on
    // the search_path), it went when that schema was dropped — an installation removed — and took
    // every other schema's trigram indexes with it (CASCADE), locking their tables meanwhile.
    if (rows.length === 0) {
      const { rows: shared } = await sql`select 1 from pg_namespace where nspname = 'public'`.execute(db)
      await sql`create extension pg_trgm ${shared.length ? sql`schema public` : sql``}`.execute(db)
    }
    // The operator class by its schema: the extension may live in a schema not on our
    // search_path (another Cumulus schema in the same database created it there).
    const { rows: ext } = await sql<{
      schema: string
    }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)
    const ops = sql`${sql.id(ext[0]!.schema.replace(/^"|"$/g, ''))}.gin_trgm_ops`
    await sql`create index files_name_trgm on files using gin (name_key ${ops})`.execute(db)
    await sql`create index folders_name_trgm on folders using gin (name_key ${ops})`.execute(db)
  } else {
    await sql`create virtual table files_fts using fts5(name_key, content='files', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    )
    await sql`create trigger files_fts_insert after insert on files begin
      insert into files_fts(rowid, name_key) values (new.rowid, new.name_key); end`.execute(db)
    await sql`create trigger files_fts_delete after delete on files begin
      insert into files_fts(files_fts, rowid, name_key) values ('delete', old.rowid, old.name_key); end`.execute(db)
    await sql`create trigger files_fts_update after update of name_key on files begin
      insert into files_fts(files_fts, rowid, name_key) values ('delete', old.rowid, old.name_key);
      insert into files_fts(rowid, name_key) values (new.rowid, new.name_key); end`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists files_fts`.execute(db)
  for (const t of ['instances', 'blob_outbox', 'files', 'folders']) await db.schema.dropTable(t).ifExists().execute()
}
