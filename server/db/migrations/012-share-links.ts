import { createHash, randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

// Share links (DESIGN.md §7): one row per link, on a file or a folder. The token travels in the
// URL and is shown to its owner, so it is kept; lookups go by its SHA-256 (token_hash), so no
// comparison ever runs on the secret itself. files.link_type / link_token stay as the mirror of
// a file's link that the spec's file JSON shows (kept in step by repositories/links.ts, in the
// same transaction), and the links they held become rows here: public = a view link, one = a
// view link with max_downloads 1.
// As services/sharing/links.ts tokenHash (util/crypto sha256): base64url SHA-256 of the token.
const hash = (token: string) => createHash('sha256').update(token).digest('base64url')

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('password_hash', 'text')
    .addColumn('max_downloads', 'bigint')
    .addColumn('downloads', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_file_size', 'bigint')
    .addColumn('max_total_bytes', 'bigint')
    .addColumn('uploaded_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('share_links_token_hash').on('share_links').column('token_hash').unique().execute()
  await db.schema.createIndex('share_links_owner').on('share_links').columns(['owner_id', 'created_at']).execute()
  await db.schema.createIndex('share_links_item').on('share_links').columns(['owner_id', 'item_id']).execute()
  // One link per file (the spec's three levels are views of it); folders may have several.
  await db.schema
    .createIndex('share_links_one_per_file')
    .on('share_links')
    .column('item_id')
    .unique()
    .where(sql.ref('item_type'), '=', 'file')
    .execute()

  const shared = await db
    .selectFrom('files')
    .select(['id', 'owner_id', 'link_type', 'link_token'])
    .where('link_type', 'is not', null)
    .where('link_token', 'is not', null)
    .execute()
  const now = Date.now()
  for (let i = 0; i < shared.length; i += 200) {
    const rows = shared.slice(i, i + 200).map((f) => ({
      id: randomBytes(16).toString('base64url'),
      owner_id: f.owner_id,
      item_type: 'file',
      item_id: f.id,
      token: f.link_token,
      token_hash: hash(f.link_token),
      access: 'view',
      max_downloads: f.link_type === 'one' ? 1 : null,
      created_at: now,
    }))
    await db.insertInto('share_links').values(rows).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_links').execute()
}
