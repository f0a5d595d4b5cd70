import type { Kysely } from 'kysely'

// Upload links count files as well as bytes: `max_files` is the owner's limit (null: none),
// `uploaded_files` the files received or promised to unfinished uploads, so an empty file counts
// as one like any other. The index on uploads.link_id serves the owner's list of a link's
// unfinished uploads and the revoke that ends them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('share_links').addColumn('max_files', 'integer').execute()
  await db.schema
    .alterTable('share_links')
    .addColumn('uploaded_files', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('uploads_link').on('uploads').column('link_id').where('link_id', 'is not', null).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_link').execute()
  await db.schema.alterTable('share_links').dropColumn('uploaded_files').execute()
  await db.schema.alterTable('share_links').dropColumn('max_files').execute()
}
