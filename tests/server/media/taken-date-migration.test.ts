// Migration 010 on a drive from before it: every existing row gets its upload date as the taken
// date, and the gallery's date sort walks the new index. Runs on the suite's dialect (SQLite, or
// PostgreSQL with TEST_DATABASE_URL), migrating the test server's own database down and up again.
import { CompiledQuery, type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testMigrator } from '../helpers/migrations.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
let owner: string
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  owner = (await alice.signup(uniqueEmail('migrate'))).user._id
})
afterAll(() => server.close())

const postgres = () => !!server.config.databaseUrl

const migrator = () => testMigrator(server)

/** The plan of a query: EXPLAIN QUERY PLAN on SQLite; EXPLAIN on PostgreSQL with sequential scans discouraged (the table is small). */
async function plan(q: CompiledQuery): Promise<string> {
  const db = server.app.cumulus.db
  if (!postgres()) {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    )
    return rows.map((r) => r.detail).join('\n')
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
    )
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  })
}

describe('migration 010 (taken date)', () => {
  // First, on the schema as a new installation migrates it (an empty table). After the migration
  // below, on PostgreSQL, the index is made over a row that 010's UPDATE changed in place (a HOT
  // chain), so PostgreSQL marks it `indcheckxmin`: the planner ignores it while any transaction
  // older than it is open anywhere in the cluster, and CI's other files always have some.
  it('given the gallery sorted by date, then its query walks files_media_taken', async () => {
    const { files } = server.app.cumulus.drive
    for (const sort of ['date_desc', 'date_asc'] as const) {
      const q = await files.fileListQuery(owner, {
        trashed: false,
        media: 'photos',
        sort,
        limit: 50,
        cursor: { date: 1, id: 'x' },
      })
      expect(await plan(q.compile()), sort).toContain('files_media_taken')
    }
  })

  it('given a file row written before it, then the migration gives it its upload date as the taken date, and the API no takenDate', async () => {
    expect((await migrator().to('009-tree-indexes')).error).toBeUndefined()
    // The columns a row had at 009 (the rest take their defaults).
    const db = server.app.cumulus.db as Kysely<any>
    await db
      .insertInto('files')
      .values({
        id: 'old-photo',
        owner_id: owner,
        folder_id: null,
        filename: 'Old.jpg',
        name_key: 'old.jpg',
        size: 1,
        sha256: 'x',
        blob_key: 'old-blob',
        mime: 'image/jpeg',
        upload_date: 1_500_000_000_123,
        media: 1,
        has_thumbnail: 1,
        thumb_state: 'done',
      })
      .execute()
    const up = await migrator().latest()
    expect(up.error).toBeUndefined()
    expect(up.results?.map((r) => r.migrationName)).toContain('010-taken-date')
    const row = await server.app.cumulus.db
      .selectFrom('files')
      .select(['upload_date', 'taken_date'])
      .where('id', '=', 'old-photo')
      .executeTakeFirstOrThrow()
    expect(Number(row.taken_date)).toBe(1_500_000_000_123)
    const info = await alice.get('/file-service/info/old-photo')
    expect(info.body.uploadDate).toBe('2017-07-14T02:40:00.123Z')
    expect(info.body.metadata).not.toHaveProperty('takenDate')
  })
})
