import type { Kysely } from 'kysely'

// Resumable uploads (tus, DESIGN.md §7): one row per unfinished upload. Its bytes live in the
// blob store's staging area under the same id; the row holds what the file row will need and the
// lease that lets one PATCH at a time write (across instances too: a conditional update).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('length', 'bigint', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    // The folder it goes to (null = Home), and for a folder upload the path below it.
    .addColumn('parent_id', 'text')
    .addColumn('relative_path', 'text')
    .addColumn('mime', 'text')
    .addColumn('enc', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Set when the upload became a file: the row stays (until it expires) so that a client whose
    // last reply was lost learns the file from HEAD instead of starting again.
    .addColumn('file_id', 'text')
    .addColumn('lease', 'text')
    .addColumn('lease_until', 'bigint')
    .execute()
  await db.schema.createIndex('uploads_owner').on('uploads').column('owner_id').execute()
  await db.schema.createIndex('uploads_expiry').on('uploads').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute()
}
