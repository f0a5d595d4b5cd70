import type { Kysely } from 'kysely'

// Sign-in security (DESIGN.md §7 "Two-factor and single sign-on"): an authenticator app's secret
// on the user's row, its single-use recovery codes, and the sign-ins waiting for a second factor.
export async function up(db: Kysely<any>): Promise<void> {
  // Sealed with a key derived from SECRET (services/sign-in/totp.ts); set by setup, live once enabled_at is.
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute()
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'bigint').execute()
  // The time step of the last accepted code: a code is never accepted twice, nor an older one.
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute()

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute()

  // A password that proved right, waiting for its second factor. Found by the hash of the token
  // in the browser's cookie; short-lived, and ended after a few wrong codes.
  await db.schema
    .createTable('login_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('browser_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('login_challenges_expiry').on('login_challenges').column('expires_at').execute()
  await db.schema.createIndex('login_challenges_user').on('login_challenges').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute()
  await db.schema.dropTable('recovery_codes').execute()
  for (const column of ['totp_secret', 'totp_enabled_at', 'totp_last_step'])
    await db.schema.alterTable('users').dropColumn(column).execute()
}
