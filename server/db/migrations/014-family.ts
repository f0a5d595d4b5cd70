import { type Kysely, PostgresAdapter, sql } from 'kysely'

// A server for a family (DESIGN.md §7 "Accounts, admin, quotas"): roles, disabled accounts,
// quotas, devices, app passwords, invites and the audit log.
//
// users.used_bytes is the sum of the user's file sizes, kept by triggers (like drive_version,
// migration 004) so no write or delete path can forget it; users.reserved_bytes is the sum of
// the live rows of quota_reservations. Both sit on the user's row, so a reservation is one
// conditional UPDATE of that row: parallel reservations serialise on its lock and each sees the
// others' bytes (services/drive/quota.ts).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const addUserColumn = (name: string, type: 'text' | 'bigint' | 'integer', build?: (c: any) => any) =>
    db.schema
      .alterTable('users')
      .addColumn(name, type, build ?? ((c) => c))
      .execute()
  await addUserColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
  await addUserColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
  await addUserColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
  await addUserColumn('quota', 'bigint')
  await addUserColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
  await addUserColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0))

  // Existing installs: the oldest account is the admin (ties by id, so exactly one).
  const oldest = await db
    .selectFrom('users')
    .select('id')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (oldest) await db.updateTable('users').set({ role: 'admin' }).where('id', '=', oldest.id).execute()
  await sql`update users set used_bytes = coalesce((select sum(size) from files where files.owner_id = users.id), 0)`.execute(
    db,
  )

  if (postgres) {
    // Deferred to commit, as drive_version's trigger and for the same reason: a transaction that
    // locked the users row at its first file write could deadlock with one holding a file row.
    await sql`
      create function cumulus_used_bytes() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update users set used_bytes = used_bytes + new.size where id = new.owner_id;
        elsif tg_op = 'DELETE' then
          update users set used_bytes = used_bytes - old.size where id = old.owner_id;
        elsif new.size <> old.size or new.owner_id <> old.owner_id then
          update users set used_bytes = used_bytes - old.size where id = old.owner_id;
          update users set used_bytes = used_bytes + new.size where id = new.owner_id;
        end if;
        return null;
      end $$`.execute(db)
    await sql`create constraint trigger files_used_bytes after insert or update of size, owner_id or delete on files
      deferrable initially deferred for each row execute function cumulus_used_bytes()`.execute(db)
  } else {
    await sql`create trigger files_used_bytes_insert after insert on files begin
      update users set used_bytes = used_bytes + new.size where id = new.owner_id; end`.execute(db)
    await sql`create trigger files_used_bytes_delete after delete on files begin
      update users set used_bytes = used_bytes - old.size where id = old.owner_id; end`.execute(db)
    await sql`create trigger files_used_bytes_update after update of size, owner_id on files begin
      update users set used_bytes = used_bytes - old.size where id = old.owner_id;
      update users set used_bytes = used_bytes + new.size where id = new.owner_id; end`.execute(db)
  }

  await db.schema
    .createTable('quota_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('quota_reservations_user').on('quota_reservations').column('user_id').execute()
  await db.schema.createIndex('quota_reservations_expiry').on('quota_reservations').column('expires_at').execute()

  // Devices: where and with what a session signed in, and when it was last refreshed.
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute()

  await db.schema
    .createTable('app_passwords')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute()
  await db.schema.createIndex('app_passwords_user').on('app_passwords').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()

  // No foreign keys: an entry outlives the accounts it names (an admin's "deleted x@y" stays);
  // a deleted user's own entries are removed with them (services/family/user-removal.ts).
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute()
  await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject_id', 'at', 'id']).execute()
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at', 'id']).execute()
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of ['audit_log', 'invites', 'app_passwords', 'quota_reservations'])
    await db.schema.dropTable(table).execute()
  if (postgres) {
    await sql`drop trigger if exists files_used_bytes on files`.execute(db)
    await sql`drop function if exists cumulus_used_bytes()`.execute(db)
  } else {
    for (const event of ['insert', 'delete', 'update'])
      await sql`drop trigger if exists ${sql.raw(`files_used_bytes_${event}`)}`.execute(db)
  }
  for (const column of ['ip', 'user_agent', 'last_seen_at'])
    await db.schema.alterTable('sessions').dropColumn(column).execute()
  for (const column of ['role', 'disabled', 'must_change_password', 'quota', 'used_bytes', 'reserved_bytes']) {
    await db.schema.alterTable('users').dropColumn(column).execute()
  }
}
