import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Names searched without their accents (`cafe` finds `Café`, DESIGN.md §8 "Search inside
// files"): `accent_key` holds the folded name (NFKD, marks dropped, lower case; the fold of
// util/text-fold.ts) when it differs from name_key, else null. Most names have no accent, so
// the column stays mostly null and a partial index over the owner's accented names is small:
// a search reads name_key through its trigram index and the few accented names beside it. The
// repositories keep it on every insert and rename; here the existing rows get theirs.
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
const CHUNK = 500

async function backfill(db: Kysely<any>, table: 'files' | 'folders', nameColumn: string, postgres: boolean) {
  // Only a name with a character outside printable ASCII can fold to something else.
  const wide = postgres ? sql`name_key ~ '[^ -~]'` : sql`name_key glob '*[^ -~]*'`
  for (let after = ''; ;) {
    const { rows } = await sql<{ id: string; name: string; name_key: string }>`select id, ${sql.ref(
      nameColumn,
    )} as name, name_key from ${sql.table(table)} where id > ${after} and ${wide} order by id limit ${CHUNK}`.execute(
      db,
    )
    for (const r of rows) {
      const folded = fold(r.name)
      if (folded !== r.name_key)
        await sql`update ${sql.table(table)} set accent_key = ${folded} where id = ${r.id}`.execute(db)
    }
    if (rows.length < CHUNK) break
    after = rows[rows.length - 1]!.id
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  for (const table of ['files', 'folders'] as const) {
    await sql`alter table ${sql.table(table)} add column accent_key text`.execute(db)
    await backfill(db, table, table === 'files' ? 'filename' : 'name', postgres)
  }
  // See migration 025: the updates' deferred trigger events must run before CREATE INDEX.
  if (postgres) await sql`set constraints all immediate`.execute(db)
  await sql`create index files_accent on files (owner_id, trashed) where accent_key is not null`.execute(db)
  await sql`create index folders_accent on folders (owner_id, trashed) where accent_key is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists files_accent`.execute(db)
  await sql`drop index if exists folders_accent`.execute(db)
  await db.schema.alterTable('files').dropColumn('accent_key').execute()
  await db.schema.alterTable('folders').dropColumn('accent_key').execute()
}
