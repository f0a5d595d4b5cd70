import type { Kysely } from 'kysely'

// Single sign-on (DESIGN.md §7): which account an identity of the OpenID Connect provider signs
// in to. Linked once, by a verified email; later sign-ins find the account by (issuer, subject),
// so an email changed at the provider does not lose or move the account.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
    .execute()
  await db.schema.createIndex('oidc_identities_user').on('oidc_identities').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_identities').execute()
}
