import { type Kysely, PostgresAdapter, sql } from 'kysely'

// WebDAV (DESIGN.md §7): dead properties a client set with PROPPATCH, and locks.
//
// A property belongs to a file or a folder (resource_id, either table): it moves and is trashed
// with its item, and goes when the item is deleted for good, by triggers, so no delete path
// (the trash sweep, a user's removal, a folder's batched delete) can leave one behind.
// Locks name a path of the owner's WebDAV namespace, as RFC 4918 locks do: a lock on an unmapped
// URL exists before any item, and a MOVE does not take its locks along.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('dav_properties')
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Clark notation, "{namespace}local".
    .addColumn('name', 'text', (c) => c.notNull())
    /** The property element's content, serialised with its namespaces declared. */
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_properties_pk', ['resource_id', 'name'])
    .execute()
  await db.schema.createIndex('dav_properties_owner').on('dav_properties').column('owner_id').execute()

  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The lock root: the decoded path below /dav/, without a trailing slash ("" = Home).
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('depth', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    // The client's <owner> element, as it sent it.
    .addColumn('lock_owner', 'text')
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dav_locks_path').on('dav_locks').columns(['owner_id', 'path']).execute()
  await db.schema.createIndex('dav_locks_expiry').on('dav_locks').column('expires_at').execute()

  for (const table of ['files', 'folders']) {
    if (postgres) {
      await sql`create or replace function cumulus_dav_properties_gone() returns trigger language plpgsql as $$
        begin delete from dav_properties where resource_id = old.id; return null; end $$`.execute(db)
      await sql`create trigger ${sql.raw(`${table}_dav_properties`)} after delete on ${sql.table(table)}
        for each row execute function cumulus_dav_properties_gone()`.execute(db)
    } else {
      await sql`create trigger ${sql.raw(`${table}_dav_properties`)} after delete on ${sql.table(table)} begin
        delete from dav_properties where resource_id = old.id; end`.execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of ['files', 'folders']) {
    await sql`drop trigger if exists ${sql.raw(`${table}_dav_properties`)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(
      db,
    )
  }
  if (postgres) await sql`drop function if exists cumulus_dav_properties_gone()`.execute(db)
  await db.schema.dropTable('dav_locks').execute()
  await db.schema.dropTable('dav_properties').execute()
}
