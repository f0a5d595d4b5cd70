import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Two-character name search on PostgreSQL (repositories/search.ts). pg_trgm's index cannot serve a
// term shorter than a trigram, so a rare pair walked the whole drive (~180 ms over 1M files). A
// name holds the pair "jq" exactly when "jq" is one of its two-character substrings: a GIN index
// over that set (30 MB for 1M names, against pg_trgm's 53 MB) finds the few names holding it.
// SQLite has its own way (005-short-search).
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  // COST 10, ten times a LIKE: walking rows in list order (a common pair), the planner then tests
  // the cheap LIKE first and computes a name's pairs only for rows that already match. Much
  // higher (1000 was tried) inflates the walk's estimate until a parallel plan with ~40 ms of
  // worker start-up wins for a page that takes 2 ms.
  await sql`create function cumulus_pairs(name text) returns text[] language sql immutable strict parallel safe cost 10
    as $$ select coalesce(array_agg(distinct substr(name, i, 2)), '{}') from generate_series(1, char_length(name) - 1) i $$`.execute(
    db,
  )
  await sql`create index files_name_pairs on files using gin (cumulus_pairs(name_key))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql`drop index if exists files_name_pairs`.execute(db)
  await sql`drop function if exists cumulus_pairs(text)`.execute(db)
}
