import type { Kysely } from 'kysely'

// Blob keys reserved ahead, a batch at a time (storage/blob-janitor.ts, issue #18): a write takes
// one that is already durable instead of committing a key of its own to the outbox before its
// bytes may get their final name (one commit and one wait for the disk fewer per small file).
// A key stays here until the row that uses it commits (which removes it in the same transaction)
// or it is given up; those of an instance that died are swept like its pending outbox keys: the
// blob goes unless a row names it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blob_key_pool')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('blob_key_pool_instance').on('blob_key_pool').column('instance_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blob_key_pool').execute()
}
