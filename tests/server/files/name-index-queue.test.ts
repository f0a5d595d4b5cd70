// SQLite's name search index is filled in batches (migration 021, repositories/search.ts): a new
// file's name waits in files_fts_pending until a search reads the index or the next turn of the
// indexer. Whatever waits, a search finds exactly the files whose names hold the term, and the
// index stays whole through renames and deletes of files still waiting.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { pgUrl, startServer, type TestServer } from '../helpers/server.ts'

describe.skipIf(pgUrl)('the search index of SQLite, filled in batches', () => {
  let server: TestServer
  let alice: Browser
  beforeAll(async () => {
    server = await startServer()
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('name-index'))
  })
  afterAll(() => server.close())

  const db = () => server.app.cumulus.db
  const pending = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from files_fts_pending`.execute(db())).rows[0]!.n)
  const search = async (term: string) =>
    ((await alice.get(`/file-service/list?search=${encodeURIComponent(term)}`)).body as Array<{ filename: string }>)
      .map((f) => f.filename)
      .sort()
  /** FTS5's own check that the index matches the files table's names. */
  const integrity = () => sql`insert into files_fts(files_fts, rank) values ('integrity-check', 1)`.execute(db())

  it('given new files, renamed and deleted ones among them, then a search at once finds exactly the right ones and the index is whole', async () => {
    const ids: Record<string, string> = {}
    for (const name of ['quokka one.txt', 'quokka two.txt', 'wombat.txt', 'kept quokka.txt'])
      ids[name] = (await alice.upload(name, name)).body._id
    // Waiting, not indexed: the uploads did not touch the index.
    expect(await pending()).toBeGreaterThanOrEqual(4)
    expect(
      (await alice.patch('/file-service/rename', { id: ids['wombat.txt'], title: 'quokka three.txt' })).status,
    ).toBe(200)
    expect((await alice.delete('/file-service/remove', { id: ids['quokka two.txt'] })).status).toBe(200)
    expect(await search('quokka')).toEqual(['kept quokka.txt', 'quokka one.txt', 'quokka three.txt'])
    expect(await search('wombat')).toEqual([])
    // Two characters go through the index's vocabulary: the same answer.
    expect(await search('qu')).toEqual(['kept quokka.txt', 'quokka one.txt', 'quokka three.txt'])
    expect(await pending()).toBe(0)
    await integrity()

    // Once indexed, a rename and a delete change the index itself.
    expect((await alice.patch('/file-service/rename', { id: ids['quokka one.txt'], title: 'numbat.txt' })).status).toBe(
      200,
    )
    expect((await alice.delete('/file-service/remove', { id: ids['kept quokka.txt'] })).status).toBe(200)
    expect(await search('quokka')).toEqual(['quokka three.txt'])
    expect(await search('numbat')).toEqual(['numbat.txt'])
    await integrity()
  })

  it('given files no search asked for, then the indexer adds their names within a few seconds', async () => {
    await alice.upload('echidna.txt', 'e')
    expect(await pending()).toBeGreaterThan(0)
    const deadline = Date.now() + 10_000
    while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(await pending()).toBe(0)
    const { rows } = await sql<{
      rowid: number
    }>`select rowid from files_fts where files_fts match '"echidna"'`.execute(db())
    expect(rows).toHaveLength(1)
    await integrity()
  })
})
