import type { Kysely } from 'kysely'

// Passkeys (DESIGN.md §7 "Two-factor and single sign-on"): an account's WebAuthn credentials, and
// the ceremonies in flight (the challenge an options reply handed out, waiting for its answer).
// Numbered 017: 016 belongs to another change; Kysely runs the names in order either way.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // base64url, as browsers send it; unique across accounts, so a sign-in finds its owner.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's signature counter: an answer must move it forward (0 stays 0 for those that keep none).
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute()
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute()

  // Found by the hash of the token in the browser's cookie; single-use (taken by deletion).
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    // register | login (passwordless) | second-factor
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('browser_id', 'text', (c) => c.notNull())
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute()
  await db.schema.dropTable('passkeys').execute()
}
