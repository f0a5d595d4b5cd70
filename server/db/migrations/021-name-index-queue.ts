import { type Kysely, PostgresAdapter, sql } from 'kysely'

// SQLite's name search index (the FTS5 trigram table of 002) is filled in batches instead of by
// each insert (issue #18): a file's name added alone, in the commit that makes the file, cost
// ~150 µs and 6 of the commit's ~21 WAL pages (a new index segment per commit); added a thousand
// at a time, ~7 µs. A new file's rowid goes to files_fts_pending, and repositories/search.ts adds
// the pending names to the index before any search reads it and about once a second otherwise.
// A pending file that is renamed needs nothing (its current name is what gets indexed); one that
// is deleted leaves the queue and never touched the index. PostgreSQL searches with pg_trgm.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await sql`create table files_fts_pending (file_rowid integer primary key)`.execute(db)
  await sql`drop trigger files_fts_insert`.execute(db)
  await sql`drop trigger files_fts_delete`.execute(db)
  await sql`drop trigger files_fts_update`.execute(db)
  await sql`create trigger files_fts_insert after insert on files begin
      insert into files_fts_pending(file_rowid) values (new.rowid); end`.execute(db)
  await sql`create trigger files_fts_delete after delete on files begin
      insert into files_fts(files_fts, rowid, name_key) select 'delete', old.rowid, old.name_key
        where not exists (select 1 from files_fts_pending where file_rowid = old.rowid);
      delete from files_fts_pending where file_rowid = old.rowid; end`.execute(db)
  await sql`create trigger files_fts_update after update of name_key on files
      when not exists (select 1 from files_fts_pending where file_rowid = old.rowid) begin
      insert into files_fts(files_fts, rowid, name_key) values ('delete', old.rowid, old.name_key);
      insert into files_fts(rowid, name_key) values (new.rowid, new.name_key); end`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return
  await sql`insert into files_fts(rowid, name_key) select f.rowid, f.name_key from files_fts_pending p join files f on f.rowid = p.file_rowid`.execute(
    db,
  )
  await sql`drop trigger files_fts_insert`.execute(db)
  await sql`drop trigger files_fts_delete`.execute(db)
  await sql`drop trigger files_fts_update`.execute(db)
  await sql`drop table files_fts_pending`.execute(db)
  await sql`create trigger files_fts_insert after insert on files begin
      insert into files_fts(rowid, name_key) values (new.rowid, new.name_key); end`.execute(db)
  await sql`create trigger files_fts_delete after delete on files begin
      insert into files_fts(files_fts, rowid, name_key) values ('delete', old.rowid, old.name_key); end`.execute(db)
  await sql`create trigger files_fts_update after update of name_key on files begin
      insert into files_fts(files_fts, rowid, name_key) values ('delete', old.rowid, old.name_key);
      insert into files_fts(rowid, name_key) values (new.rowid, new.name_key); end`.execute(db)
}
