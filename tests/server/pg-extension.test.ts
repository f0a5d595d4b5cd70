// PostgreSQL only (the embedded SQLite has no extensions; skipped without TEST_DATABASE_URL):
// pg_trgm is installed once per database, in whichever schema created it. A Cumulus schema whose
// search_path does not reach that schema (a second installation in the same database) must still
// build its trigram indexes and search with them; and removing the installation that made it
// must not take the others' indexes along.
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { pgUrl, startServer, type TestServer } from './helpers/server.ts'

/** Runs `fn` on a connection to `url` (the shared test database unless told). */
async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = pgUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * Runs `fn` with the URL of a database of its own, dropped after: moving the extension in the
 * shared one broke other files' migrations running beside these (their trigram indexes,
 * "deadlock detected" on drop schema).
 */
async function inOwnDatabase(label: string, fn: (url: string) => Promise<void>) {
  const database = `cumulus_${label}_${Date.now().toString(36)}`
  const url = new URL(pgUrl!)
  url.pathname = `/${database}`
  await admin((c) => c.query(`create database "${database}"`))
  try {
    await fn(url.href)
  } finally {
    await admin((c) => c.query(`drop database if exists "${database}" with (force)`))
  }
}

/** Creates pg_trgm in a new schema `schema` of the database at `url`, as an administrator might. */
const extensionIn = (url: string, schema: string) =>
  admin(async (c) => {
    await c.query(`create schema ${schema}`)
    await c.query(`create extension pg_trgm schema ${schema}`)
  }, url)

/** The server's schema has both trigram indexes, and a substring search finds a new file. */
async function expectTrigramSearch(server: TestServer, url: string) {
  const schema = server.config.databaseSchema!
  const indexes = await admin(
    (c) =>
      c.query<{ indexname: string }>(
        'select indexname from pg_indexes where schemaname = $1 and indexname like $2 order by 1',
        [schema, '%_name_trgm'],
      ),
    url,
  )
  expect(indexes.rows.map((r) => r.indexname)).toEqual(['files_name_trgm', 'folders_name_trgm'])
  const b = new Browser(server.url)
  await b.signup(uniqueEmail('trgm'))
  expect((await b.upload('Quarterly report.pdf', 'x')).status).toBe(201)
  const found = await b.get('/file-service/list?search=RTERLY')
  expect(found.body.map((f: { filename: string }) => f.filename)).toEqual(['Quarterly report.pdf'])
}

describe.skipIf(!pgUrl)('pg_trgm in another schema', () => {
  it('given the extension in a schema off our search_path, then migrations build the trigram indexes and search works', () =>
    inOwnDatabase('ext', async (url) => {
      await extensionIn(url, 'elsewhere')
      const server = await startServer({ env: { DATABASE_URL: url } })
      try {
        await expectTrigramSearch(server, url)
      } finally {
        await server.close()
      }
    }))
})

/** Where pg_trgm lives in the database at `url`. */
const extensionSchema = async (url: string) =>
  (
    await admin(
      (c) =>
        c.query<{ schema: string }>(
          `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`,
        ),
      url,
    )
  ).rows

describe.skipIf(!pgUrl)('several installations in one database', () => {
  it('given one made the extension and is removed (its schema dropped), then the other keeps its trigram indexes and its search', () =>
    inOwnDatabase('two', async (url) => {
      const first = await startServer({ env: { DATABASE_URL: url } })
      const second = await startServer({ env: { DATABASE_URL: url } })
      try {
        expect(await extensionSchema(url)).toEqual([{ schema: 'public' }])
        await first.close() // drops its schema, as removing an installation does
        await expectTrigramSearch(second, url)
      } finally {
        await second.close()
      }
    }))

  it("given pg_trgm in an installation's own schema (made before), then its next start moves it to public, and removing it later leaves the others their search", () =>
    inOwnDatabase('old', async (url) => {
      // As migration 002 used to leave it: inside the first installation's schema.
      await extensionIn(url, 'old_install')
      const first = await startServer({ env: { DATABASE_URL: url }, schema: 'old_install' })
      const second = await startServer({ env: { DATABASE_URL: url } })
      try {
        expect(await extensionSchema(url)).toEqual([{ schema: 'public' }])
        await first.close() // drops old_install
        await expectTrigramSearch(second, url)
      } finally {
        await second.close()
      }
    }))
})
