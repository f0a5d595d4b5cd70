import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Living together: display names, groups, and member shares (DESIGN.md §8 "Names", "Sharing
// between accounts").
// - users.display_name: what the app shows of another person; existing accounts get their
//   email's local part, as new ones do by default.
// - groups + group_members: the admin's groups. *Everyone* is a row with the fixed id 'everyone'
//   and no member rows: every enabled account belongs to it.
// - member_shares: one recipient's role on one item. The access check reads it by the item ids
//   of a path (the item and the folders above it), so it is keyed by item then recipient;
//   "Shared with me" reads it by recipient.
// - files/folders/uploads.added_by: who put an item in, when that was not its owner (null = the
//   owner), so a shared folder says who did what.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .alterTable('users')
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  if (pg) await sql`update users set display_name = split_part(email, '@', 1)`.execute(db)
  else await sql`update users set display_name = substr(email, 1, instr(email, '@') - 1)`.execute(db)

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db
    .insertInto('groups')
    .values({ id: 'everyone', name: 'Everyone', name_key: 'everyone', created_at: Date.now() })
    .execute()
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute()
  await db.schema.createIndex('group_members_user').on('group_members').columns(['user_id', 'group_id']).execute()

  await db.schema
    .createTable('member_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('recipient_type', 'text', (c) => c.notNull())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('member_shares_item')
    .unique()
    .on('member_shares')
    .columns(['item_id', 'recipient_type', 'recipient_id'])
    .execute()
  await db.schema
    .createIndex('member_shares_recipient')
    .on('member_shares')
    .columns(['recipient_id', 'created_at', 'id'])
    .execute()
  await db.schema.createIndex('member_shares_owner').on('member_shares').columns(['owner_id', 'item_id']).execute()

  for (const table of ['files', 'folders', 'uploads'])
    await db.schema.alterTable(table).addColumn('added_by', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['uploads', 'folders', 'files'])
    await db.schema.alterTable(table).dropColumn('added_by').execute()
  await db.schema.dropTable('member_shares').execute()
  await db.schema.dropTable('group_members').execute()
  await db.schema.dropTable('groups').execute()
  await db.schema.alterTable('users').dropColumn('display_name').execute()
}
