import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Two-character name search on SQLite (repositories/search.ts). The trigram index holds no pair on
// its own, but a name holds the pair "jq" exactly when one of its trigrams starts with "jq" or the
// name ends with "jq". The first are a range of the index's vocabulary (fts5vocab); the second
// need an index on the last two characters. Without them a rare pair walked the whole drive
// (~300 ms over 1M files). PostgreSQL has its own way (006-pg-pairs).
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await sql`create virtual table files_fts_terms using fts5vocab(files_fts, 'row')`.execute(db)
  await sql`create index files_name_tail on files (substr(name_key, -2))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await sql`drop index if exists files_name_tail`.execute(db)
  await sql`drop table if exists files_fts_terms`.execute(db)
}
