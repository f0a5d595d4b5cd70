import type { Kysely } from 'kysely'

// Resumable uploads through an upload link (DESIGN.md §7, file requests over tus): the row names
// the link it came through, so its id opens it only through that link (null = the owner's own
// upload, reachable only signed in), and what it reserved of the link's total can be given back.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('link_id', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('link_id').execute()
}
