// PostgreSQL only (the embedded SQLite has no extensions; skipped without TEST_DATABASE_URL):
// pg_trgm is installed once per database, in whichever schema created it. A Cumulus schema whose
// search_path does not reach that schema (a second installation in the same database) must still
// build its trigram indexes and search with them.
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { pgUrl, startServer } from './helpers/server.ts'

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

describe.skipIf(!pgUrl)('pg_trgm in another schema', () => {
  it('given the extension in a schema off our search_path, then migrations build the trigram indexes and search works', async () => {
    const elsewhere = `ext_${Date.now().toString(36)}`
    const home = await admin(async (c) => {
      await c.query('create extension if not exists pg_trgm')
      const { rows } = await c.query<{ schema: string }>(`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`)
      await c.query(`create schema "${elsewhere}"`)
      await c.query(`alter extension pg_trgm set schema "${elsewhere}"`)
      return rows[0]!.schema
    })
    try {
      const server = await startServer()
      try {
        const schema = server.config.databaseSchema!
        const indexes = await admin((c) => c.query<{ indexname: string }>('select indexname from pg_indexes where schemaname = $1 and indexname like $2 order by 1', [schema, '%_name_trgm']))
        expect(indexes.rows.map((r) => r.indexname)).toEqual(['files_name_trgm', 'folders_name_trgm'])
        const b = new Browser(server.url)
        await b.signup(uniqueEmail('ext'))
        expect((await b.upload('Quarterly report.pdf', 'x')).status).toBe(201)
        const found = await b.get('/file-service/list?search=RTERLY')
        expect(found.body.map((f: { filename: string }) => f.filename)).toEqual(['Quarterly report.pdf'])
      } finally {
        await server.close()
      }
    } finally {
      await admin(async (c) => {
        await c.query(`alter extension pg_trgm set schema ${home}`)
        await c.query(`drop schema "${elsewhere}"`)
      })
    }
  })
})
