import { type Kysely, PostgresAdapter, sql } from 'kysely'

// The content index (DESIGN.md §8 "Search inside files"): the text of each document, extracted
// off the request path by services/content/, kept here (the first 1 MiB) for snippets, and
// indexed for contentMatch (repositories/content-index.ts).
//
// A row is the file's job and its result: `pending` (queued), `working:<instance>` (claimed, as
// the thumbnail queue claims), `indexed`, `not_indexed` (with a reason: unreadable, a bomb, too
// slow) or `skipped` (nothing to read). Triggers queue a document when it is created or its
// content changes (a new sha256: upload, tus, WebDAV PUT, a restore, a copy, whatever path
// wrote it), so no write path can forget one; a file's delete cascades to its row.
//
// SQLite: an FTS5 table without content of its own (content='', contentless_delete=1), its rowid
// the file's rowid. unicode61 with remove_diacritics 2 folds case and every accent (2 also folds
// those 1 misses on composed letters), so `cafe` finds `Café`; detail=none keeps no positions or
// columns: the search is every word, the last one a prefix, which needs neither, and it is the
// smallest index (tests/bench/content.ts measures index / text). Snippets are cut from the kept
// text in JS, so no FTS5 auxiliary function needs the content.
//
// PostgreSQL: a stripped tsvector (lexemes only, no positions) of the `simple` configuration
// with a GIN index. The text is folded (accents, case) and split into words in JS, the same fold
// the query gets on both engines; unaccent is not used: it needs an extension in every schema's
// database and is not immutable, and the JS fold keeps SQLite and PostgreSQL finding the same words.
//
// Documents: every text/* type, JSON, XML, YAML, TOML, PDF, docx, odt (util/mime.ts's names).
// The list is this migration's, frozen: services/content/extractors.ts reads the same kinds.
const DOCUMENT_MIMES = [
  'application/json',
  'application/xml',
  'application/yaml',
  'application/toml',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
]
const isDocument = (row: string) =>
  `(${row}.mime like 'text/%' or ${row}.mime in (${DOCUMENT_MIMES.map((m) => `'${m}'`).join(', ')}))`

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  let table = db.schema
    .createTable('content_index')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    // The extracted text, at most CONTENT_INDEX's bytes; null until indexed.
    .addColumn('body', 'text')
    .addColumn('body_bytes', 'bigint')
    .addColumn('updated_at', 'bigint')
  // SQLite: the file's rowid, the FTS5 row's id.
  table = postgres
    ? table.addColumn('words', sql`tsvector`)
    : table.addColumn('file_rowid', 'integer', (c) => c.notNull())
  await table.execute()
  // The queue's next job: pending rows only (a literal in the query, as the thumbnail queue's).
  await sql`create index content_index_pending on content_index (file_id) where state = 'pending'`.execute(db)
  await sql`create index content_index_working on content_index (state) where state like 'working:%'`.execute(db)
  if (postgres) {
    await sql`create index content_index_words on content_index using gin (words)`.execute(db)
    await sql
      .raw(
        `create function cumulus_content_queue() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          delete from content_index where file_id = new.id;
        end if;
        if ${isDocument('new')} then
          insert into content_index (file_id, state) values (new.id, 'pending') on conflict (file_id) do nothing;
        end if;
        return null;
      end $$`,
      )
      .execute(db)
    await sql`create trigger files_content_insert after insert on files for each row execute function cumulus_content_queue()`.execute(
      db,
    )
    await sql`create trigger files_content_replace after update of sha256 on files for each row
      when (new.sha256 is distinct from old.sha256) execute function cumulus_content_queue()`.execute(db)
  } else {
    await sql`create virtual table content_fts using fts5(body, content='', contentless_delete=1,
      tokenize='unicode61 remove_diacritics 2', detail=none)`.execute(db)
    await sql
      .raw(
        `create trigger files_content_insert after insert on files when ${isDocument('new')} begin
      insert into content_index (file_id, file_rowid, state) values (new.id, new.rowid, 'pending'); end`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger files_content_replace after update of sha256 on files when new.sha256 is not old.sha256 begin
      delete from content_index where file_id = new.id;
      insert into content_index (file_id, file_rowid, state) select new.id, new.rowid, 'pending' where ${isDocument('new')}; end`,
      )
      .execute(db)
    // The FTS row goes with its content row (a file's delete cascades here; a replace deletes it).
    await sql`create trigger content_index_delete after delete on content_index when old.state = 'indexed' begin
      delete from content_fts where rowid = old.file_rowid; end`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await sql`drop trigger if exists files_content_insert${sql.raw(postgres ? ' on files' : '')}`.execute(db)
  await sql`drop trigger if exists files_content_replace${sql.raw(postgres ? ' on files' : '')}`.execute(db)
  if (postgres) await sql`drop function if exists cumulus_content_queue()`.execute(db)
  else await sql`drop trigger if exists content_index_delete`.execute(db)
  await db.schema.dropTable('content_index').execute()
  if (!postgres) await sql`drop table if exists content_fts`.execute(db)
}
