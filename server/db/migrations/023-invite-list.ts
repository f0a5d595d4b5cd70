import type { Kysely } from 'kysely'
import { randomId } from '../../util/crypto.ts'

// Invites become a list the admin sees and revokes (Settings → Users): each gets an id of its own
// (the token's hash stays the lookup key, and is never shown), and the address it was mailed to.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invites').addColumn('id', 'text').execute()
  await db.schema.alterTable('invites').addColumn('email', 'text').execute()
  // Invites made before this have no id yet: a handful at most (they live 7 days).
  const rows: Array<{ token_hash: string }> = await db.selectFrom('invites').select('token_hash').execute()
  for (const row of rows)
    await db.updateTable('invites').set({ id: randomId() }).where('token_hash', '=', row.token_hash).execute()
  await db.schema.createIndex('invites_id').unique().on('invites').column('id').execute()
  await db.schema.createIndex('invites_created_by').on('invites').column('created_by').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_created_by').execute()
  await db.schema.dropIndex('invites_id').execute()
  await db.schema.alterTable('invites').dropColumn('email').execute()
  await db.schema.alterTable('invites').dropColumn('id').execute()
}
