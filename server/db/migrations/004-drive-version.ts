import { type Kysely, PostgresAdapter, sql } from 'kysely'

// users.drive_version changes with every write to that user's files or folders, in the writing
// transaction, so "the drive as of version N" names one exact state: cached list replies are keyed
// by it (server/services/drive/list-cache.ts). Triggers, not calls in the repositories, so that no write
// path (a rename, the thumbnail queue, the trash sweeper, a future one) can forget to bump it.
const TABLES = ['files', 'folders'] as const

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .alterTable('users')
    .addColumn('drive_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()

  if (postgres) {
    // Deferred to commit, so a transaction locks the users row after every row it writes: bumped
    // at the first write instead, one transaction could hold users while waiting for a file row
    // that another one holds while it waits for users (a deadlock). Once per owner and
    // transaction: trashing a subtree of 100k rows bumps once, not 100k times (the owners already
    // bumped live in a transaction-local setting).
    await sql`
      create function cumulus_bump_drive_version() returns trigger language plpgsql as $$
      declare
        owner text := case when tg_op = 'DELETE' then old.owner_id else new.owner_id end;
        bumped text := coalesce(current_setting('cumulus.bumped_drives', true), '');
      begin
        if position(',' || owner || ',' in bumped) = 0 then
          update users set drive_version = drive_version + 1 where id = owner;
          perform set_config('cumulus.bumped_drives', bumped || ',' || owner || ',', true);
        end if;
        return null;
      end $$`.execute(db)
    for (const table of TABLES) {
      await sql`create constraint trigger ${sql.raw(`${table}_drive_version`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function cumulus_bump_drive_version()`.execute(db)
    }
  } else {
    // SQLite has one writer at a time (no deadlock to avoid) and only row triggers.
    for (const table of TABLES) {
      for (const [event, row] of [
        ['insert', 'new'],
        ['update', 'new'],
        ['delete', 'old'],
      ] as const) {
        await sql`create trigger ${sql.raw(`${table}_drive_version_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin
          update users set drive_version = drive_version + 1 where id = ${sql.raw(row)}.owner_id; end`.execute(db)
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) {
    for (const table of TABLES)
      await sql`drop trigger if exists ${sql.raw(`${table}_drive_version`)} on ${sql.table(table)}`.execute(db)
    await sql`drop function if exists cumulus_bump_drive_version()`.execute(db)
  } else {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger if exists ${sql.raw(`${table}_drive_version_${event}`)}`.execute(db)
    }
  }
  await db.schema.alterTable('users').dropColumn('drive_version').execute()
}
