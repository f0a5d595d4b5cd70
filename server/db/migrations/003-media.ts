import type { Kysely } from 'kysely'

// Media pipeline state and server-wide settings (the encryption key check).
export async function up(db: Kysely<any>): Promise<void> {
  // 'pending' until the thumbnail queue has tried ('working:<instance>' while one does); then 'done', 'failed',
  // or 'none' for files that are neither images nor videos.
  await db.schema
    .alterTable('files')
    .addColumn('thumb_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute()
  await db.schema.alterTable('files').addColumn('thumb_enc', 'text').execute()
  await db.schema.alterTable('files').addColumn('thumb_size', 'bigint').execute()
  await db.schema.createIndex('files_thumb_pending').on('files').columns(['thumb_state', 'upload_date']).execute()
  // The janitor asks "does a row own this key?" for every unsettled key.
  await db.schema.createIndex('files_blob_key').on('files').column('blob_key').execute()
  await db.schema.createIndex('files_thumbnail_key').on('files').column('thumbnail_key').execute()
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute()
  await db.schema.dropIndex('files_thumbnail_key').execute()
  await db.schema.dropIndex('files_blob_key').execute()
  await db.schema.dropIndex('files_thumb_pending').execute()
  await db.schema.alterTable('files').dropColumn('thumb_size').execute()
  await db.schema.alterTable('files').dropColumn('thumb_enc').execute()
  await db.schema.alterTable('files').dropColumn('thumb_state').execute()
}
