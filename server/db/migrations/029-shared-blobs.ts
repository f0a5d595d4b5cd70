import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Exact duplicates share one blob (services/drive/dedup.ts): several file and version rows of an
// owner may name the same blob_key. blob_refs holds one row per distinct blob with how many rows
// name it, kept by triggers on files and file_versions, so no write or delete path can forget it.
// users.used_bytes now counts each blob once (what is on disk), by triggers on blob_refs: a blob's
// bytes are added when its first row appears and taken away when its last one goes. This replaces
// the per-row used_bytes triggers of migrations 014 and 028.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) {
    await sql`drop trigger if exists files_used_bytes on files`.execute(db)
    await sql`drop trigger if exists file_versions_used_bytes on file_versions`.execute(db)
  } else {
    for (const t of ['files_used_bytes_insert', 'files_used_bytes_delete', 'files_used_bytes_update'])
      await sql.raw(`drop trigger if exists ${t}`).execute(db)
    for (const t of ['file_versions_used_bytes_insert', 'file_versions_used_bytes_delete'])
      await sql.raw(`drop trigger if exists ${t}`).execute(db)
  }
  await db.schema
    .createTable('blob_refs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('refs', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('blob_refs_owner').on('blob_refs').column('owner_id').execute()
  // Where an upload looks for its twin (same content, same owner), and whether a condemned key is
  // still named by a version. Content first: an index led by owner_id would tempt SQLite's planner
  // away from the narrower ones of reads that name the owner and something else.
  await db.schema.createIndex('files_sha256_owner').on('files').columns(['sha256', 'owner_id']).execute()
  await db.schema.createIndex('file_versions_blob_key').on('file_versions').column('blob_key').execute()
  await sql`insert into blob_refs (key, owner_id, size, refs)
    select blob_key, min(owner_id), max(size), count(*) from (
      select blob_key, owner_id, size from files union all select blob_key, owner_id, size from file_versions
    ) named group by blob_key`.execute(db)
  await sql`update users set used_bytes = coalesce((select sum(size) from blob_refs b where b.owner_id = users.id), 0)`.execute(
    db,
  )

  if (postgres) {
    // Immediate, so a blob's count is right within the transaction (an upload that adopts a twin
    // drops its own key's row at once); used_bytes stays deferred (migration 014's function, on
    // blob_refs' size and owner_id).
    await sql`
      create function cumulus_blob_refs() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update blob_refs set refs = refs - 1 where key = old.blob_key;
          delete from blob_refs where key = old.blob_key and refs <= 0;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into blob_refs (key, owner_id, size, refs) values (new.blob_key, new.owner_id, new.size, 1)
            on conflict (key) do update set refs = blob_refs.refs + 1;
        end if;
        return null;
      end $$`.execute(db)
    for (const table of ['files', 'file_versions'])
      await sql
        .raw(
          `create trigger ${table}_blob_refs after insert or update of blob_key, size, owner_id or delete on ${table}
          for each row execute function cumulus_blob_refs()`,
        )
        .execute(db)
    await sql`create constraint trigger blob_refs_used_bytes after insert or update of size, owner_id or delete on blob_refs
      deferrable initially deferred for each row execute function cumulus_used_bytes()`.execute(db)
  } else {
    const add = `insert into blob_refs (key, owner_id, size, refs) values (new.blob_key, new.owner_id, new.size, 1)
      on conflict (key) do update set refs = refs + 1;`
    const remove = `update blob_refs set refs = refs - 1 where key = old.blob_key;
      delete from blob_refs where key = old.blob_key and refs <= 0;`
    for (const table of ['files', 'file_versions']) {
      await sql.raw(`create trigger ${table}_blob_refs_insert after insert on ${table} begin ${add} end`).execute(db)
      await sql.raw(`create trigger ${table}_blob_refs_delete after delete on ${table} begin ${remove} end`).execute(db)
      await sql
        .raw(
          `create trigger ${table}_blob_refs_update after update of blob_key, size, owner_id on ${table} begin ${remove} ${add} end`,
        )
        .execute(db)
    }
    await sql`create trigger blob_refs_used_bytes_insert after insert on blob_refs begin
      update users set used_bytes = used_bytes + new.size where id = new.owner_id; end`.execute(db)
    await sql`create trigger blob_refs_used_bytes_delete after delete on blob_refs begin
      update users set used_bytes = used_bytes - old.size where id = old.owner_id; end`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) {
    for (const table of ['files', 'file_versions'])
      await sql.raw(`drop trigger if exists ${table}_blob_refs on ${table}`).execute(db)
    await sql`drop trigger if exists blob_refs_used_bytes on blob_refs`.execute(db)
    await sql`drop function if exists cumulus_blob_refs()`.execute(db)
  } else {
    for (const table of ['files', 'file_versions'])
      for (const e of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger if exists ${table}_blob_refs_${e}`).execute(db)
    for (const e of ['insert', 'delete']) await sql.raw(`drop trigger if exists blob_refs_used_bytes_${e}`).execute(db)
  }
  await db.schema.dropTable('blob_refs').execute()
  await db.schema.dropIndex('files_sha256_owner').execute()
  await db.schema.dropIndex('file_versions_blob_key').execute()
  // Back to counting every row, with the triggers of migrations 014 and 028.
  await sql`update users set used_bytes = coalesce((select sum(size) from files f where f.owner_id = users.id), 0)
    + coalesce((select sum(size) from file_versions v where v.owner_id = users.id), 0)`.execute(db)
  if (postgres) {
    await sql`create constraint trigger files_used_bytes after insert or update of size, owner_id or delete on files
      deferrable initially deferred for each row execute function cumulus_used_bytes()`.execute(db)
    await sql`create constraint trigger file_versions_used_bytes after insert or update of size, owner_id or delete on file_versions
      deferrable initially deferred for each row execute function cumulus_used_bytes()`.execute(db)
  } else {
    for (const [table, name] of [
      ['files', 'files_used_bytes'],
      ['file_versions', 'file_versions_used_bytes'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${name}_insert after insert on ${table} begin
          update users set used_bytes = used_bytes + new.size where id = new.owner_id; end`,
        )
        .execute(db)
      await sql
        .raw(
          `create trigger ${name}_delete after delete on ${table} begin
          update users set used_bytes = used_bytes - old.size where id = old.owner_id; end`,
        )
        .execute(db)
    }
    await sql`create trigger files_used_bytes_update after update of size, owner_id on files begin
      update users set used_bytes = used_bytes - old.size where id = old.owner_id;
      update users set used_bytes = used_bytes + new.size where id = new.owner_id; end`.execute(db)
  }
}
