import { type Kysely, PostgresAdapter, sql } from 'kysely'

// PostgreSQL: pg_trgm moves to public when it lives in this installation's own schema. Migration
// 002 used to create it there (the first schema on the search_path), so dropping this schema —
// removing the installation — dropped the extension with CASCADE, and with it every other
// installation's trigram indexes in the same database. 002 now creates it in public; this moves
// it for databases made before. Only from our own schema: we created it there, so we own it, and
// an extension an administrator placed elsewhere stays where they put it. SQLite: nothing to do.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  const { rows } = await sql<{
    ours: boolean
  }>`select e.extnamespace = (select oid from pg_namespace where nspname = current_schema()) as ours
    from pg_extension e where e.extname = 'pg_trgm' and exists (select 1 from pg_namespace where nspname = 'public')`.execute(
    db,
  )
  if (rows[0]?.ours) await sql`alter extension pg_trgm set schema public`.execute(db)
}

export async function down(): Promise<void> {
  // Where the extension lives does not change what this schema holds: nothing to undo.
}
