import type { Kysely } from 'kysely'

// Full-size previews of images (the viewer's picture): made once by the thumbnail queue, capped
// in size, stored as a derived blob beside the thumbnail and deleted with the file.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('preview_key', 'text').execute()
  await db.schema.alterTable('files').addColumn('preview_enc', 'text').execute()
  await db.schema.alterTable('files').addColumn('preview_size', 'bigint').execute()
  await db.schema.alterTable('files').addColumn('preview_type', 'text').execute()
  // The janitor asks "does a row own this key?" for every unsettled key.
  await db.schema.createIndex('files_preview_key').on('files').column('preview_key').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_preview_key').execute()
  for (const c of ['preview_type', 'preview_size', 'preview_enc', 'preview_key'])
    await db.schema.alterTable('files').dropColumn(c).execute()
}
