import { CompiledQuery, type RawBuilder, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nameContains } from '../../../server/repositories/search.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { pgUrl, startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
let aliceId: string
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  aliceId = (await alice.signup(uniqueEmail('lister'))).user._id
})
afterAll(() => server.close())

const names = (list: any[]) => list.map((f) => f.filename ?? f.name)
/**
 * PostgreSQL only: a new user whose drive holds 20,003 files named by `name` (SQL over `g`, the
 * row number), written straight to the table: the plan is what such tests are about, and the
 * planner needs a table big enough to choose. Then VACUUM ANALYZE, as autovacuum would.
 */
async function bigDrive(label: string, name: RawBuilder<string>): Promise<{ browser: Browser; userId: string }> {
  const browser = new Browser(server.url)
  const userId = (await browser.signup(uniqueEmail(label))).user._id
  await sql`insert into files (id, owner_id, folder_id, filename, name_key, size, sha256, blob_key, mime, upload_date, taken_date)
    select ${label} || g, ${userId}, null, n, lower(n), 1, 'x', ${label} || g, 'text/plain', 1700000000000 + g, 1700000000000 + g
    from (select g, ${name} as n from generate_series(1, 20003) g) s`.execute(server.app.cumulus.db)
  await sql`vacuum analyze files`.execute(server.app.cumulus.db)
  return { browser, userId }
}

/** PostgreSQL's plan for a query, as EXPLAIN prints it. */
async function explain(query: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const rows = (
    await server.app.cumulus.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    )
  ).rows
  return rows.map((r) => r['QUERY PLAN']).join('\n')
}
const setDate = (id: string, ms: number) =>
  server.app.cumulus.db.updateTable('files').set({ upload_date: ms }).where('id', '=', id).execute()

async function uploadAll(b: Browser, files: string[], parent = '/', concurrency = 8) {
  const out: any[] = new Array(files.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) {
        const i = next++
        const r = await b.upload(files[i]!, `content of ${i}`, parent)
        if (r.status !== 201) throw new Error(`upload ${files[i]}: ${r.status} ${r.text}`)
        out[i] = r.body
      }
    }),
  )
  return out
}

describe('keyset paging', () => {
  it('given 1,000 files sharing one uploadDate and few distinct names, then every sort pages through all of them exactly once', async () => {
    const folder = (await alice.post('/folder-service/create', { name: 'Paging' })).body._id
    const files = await uploadAll(
      alice,
      Array.from({ length: 1000 }, (_, i) => `Name ${i % 7}.txt`),
      folder,
    )
    const same = Date.UTC(2024, 0, 1)
    await server.app.cumulus.db
      .updateTable('files')
      .set({ upload_date: same })
      .where('folder_id', '=', folder)
      .execute()
    // A few distinct dates too, so date sorts have ties and non-ties.
    for (const f of files.slice(0, 50)) await setDate(f._id, same + 1000)

    for (const sortBy of ['date_desc', 'date_asc', 'alp_desc', 'alp_asc']) {
      const seen: any[] = []
      let query = ''
      for (let guard = 0; guard < 100; guard++) {
        const page = (await alice.get(`/file-service/list?parent=${folder}&sortBy=${sortBy}&limit=37${query}`))
          .body as any[]
        seen.push(...page)
        if (page.length < 37) break
        const last = page.at(-1)
        query = `&startAt=true&startAtDate=${encodeURIComponent(last.uploadDate)}&startAtName=${encodeURIComponent(last.filename)}&startAtId=${last._id}`
      }
      const ids = seen.map((f) => f._id)
      expect(new Set(ids).size, sortBy).toBe(1000)
      expect(ids.length, sortBy).toBe(1000)
      // And in the promised order: (key, id) ascending or descending.
      const key = (f: any) => (sortBy.startsWith('alp') ? f.filename.toLowerCase() : Date.parse(f.uploadDate))
      const sorted = [...seen].sort((a, b) =>
        key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0,
      )
      if (sortBy.endsWith('desc')) sorted.reverse()
      expect(ids, sortBy).toEqual(sorted.map((f) => f._id))
    }
  }, 120_000)

  it('given 200 files of few sizes and types (upper case, none, a trailing dot), then size and type sorts page through all of them exactly once, in order', async () => {
    const folder = (await alice.post('/folder-service/create', { name: 'Size and type' })).body._id
    const extensions = ['.txt', '.PDF', '', '.jpg', '.tar.gz', '.']
    const files = await uploadAll(
      alice,
      Array.from({ length: 200 }, (_, i) => `Item ${i % 4}${extensions[i % extensions.length]}`),
      folder,
    )
    for (const [i, f] of files.entries())
      await server.app.cumulus.db
        .updateTable('files')
        .set({ size: (i * 7) % 5 })
        .where('id', '=', f._id)
        .execute()
    const typeOf = (name: string) => (name.toLowerCase().includes('.') ? name.toLowerCase().split('.').at(-1)! : '')
    const keys: Record<string, (f: any) => Array<string | number>> = {
      size: (f) => [f.length],
      type: (f) => [typeOf(f.filename), f.filename.toLowerCase()],
    }
    const compare = (a: Array<string | number>, b: Array<string | number>) => a.findIndex((v, i) => v !== b[i])
    for (const sortBy of ['size_desc', 'size_asc', 'type_desc', 'type_asc']) {
      const seen: any[] = []
      let query = ''
      for (let guard = 0; guard < 100; guard++) {
        const page = (await alice.get(`/file-service/list?parent=${folder}&sortBy=${sortBy}&limit=23${query}`))
          .body as any[]
        seen.push(...page)
        if (page.length < 23) break
        const last = page.at(-1)
        query = `&startAtName=${encodeURIComponent(last.filename)}&startAtSize=${last.length}&startAtId=${last._id}`
      }
      const ids = seen.map((f) => f._id)
      expect(new Set(ids).size, sortBy).toBe(200)
      expect(ids.length, sortBy).toBe(200)
      const key = (f: any) => [...keys[sortBy.split('_')[0]!]!(f), f._id]
      const sorted = [...seen].sort((a, b) => {
        const i = compare(key(a), key(b))
        return i < 0 ? 0 : key(a)[i]! < key(b)[i]! ? -1 : 1
      })
      if (sortBy.endsWith('desc')) sorted.reverse()
      expect(ids, sortBy).toEqual(sorted.map((f) => f._id))
    }
    // A search sorted by size reads its matches and sorts them: the same order as the folder's.
    const searched = (await alice.get(`/file-service/list?search=item&sortBy=size_asc&limit=1000`)).body as any[]
    expect(searched.map((f) => f.length)).toEqual([...searched.map((f) => f.length)].sort((a, b) => a - b))
  }, 120_000)

  it('given a search that walks the drive (a 1-character term), then name order pages through every match exactly once, and date order too', async () => {
    // A 1-character term is never index-selective: the list walks the drive in sort order, and
    // in name order reads only the name index until the page is full (repositories/files.ts, fileListQuery).
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('walk'))
    const all = await uploadAll(
      b,
      Array.from({ length: 240 }, (_, i) => (i % 3 === 0 ? `R ${i % 4}.dat` : `q ${i % 5}.dat`)),
    )
    await server.app.cumulus.db
      .updateTable('files')
      .set({ upload_date: Date.UTC(2024, 0, 1) })
      .where(
        'id',
        'in',
        all.map((f) => f._id),
      )
      .execute()
    const matching = all.filter((f) => f.filename.includes('q'))
    for (const sortBy of ['alp_asc', 'alp_desc', 'date_desc']) {
      const seen: any[] = []
      let query = ''
      for (let guard = 0; guard < 20; guard++) {
        const page = (await b.get(`/file-service/list?search=Q&sortBy=${sortBy}&limit=37${query}`)).body as any[]
        seen.push(...page)
        if (page.length < 37) break
        const last = page.at(-1)
        query = `&startAt=true&startAtDate=${encodeURIComponent(last.uploadDate)}&startAtName=${encodeURIComponent(last.filename)}&startAtId=${last._id}`
      }
      // Every upload date is the same: date order is id order.
      const key = (f: any) => (sortBy.startsWith('alp') ? f.filename.toLowerCase() : 0)
      const expected = [...matching].sort((x, y) =>
        key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : x._id < y._id ? -1 : x._id > y._id ? 1 : 0,
      )
      if (sortBy.endsWith('desc')) expected.reverse()
      expect(
        seen.map((f) => f._id),
        sortBy,
      ).toEqual(expected.map((f) => f._id))
      // Whole rows, as any list gives them.
      expect(seen[0], sortBy).toEqual(
        expect.objectContaining({
          filename: expect.any(String),
          metadata: expect.objectContaining({ size: expect.any(Number) }),
        }),
      )
    }
  }, 60_000)
})

describe('GET /file-service/list', () => {
  let folder: string
  beforeAll(async () => {
    folder = (await alice.post('/folder-service/create', { name: 'Sorting' })).body._id
    const files = await uploadAll(alice, ['banana.txt', 'Apple.txt', 'cherry.txt'], folder, 1)
    await setDate(files[0]._id, 3000)
    await setDate(files[1]._id, 1000)
    await setDate(files[2]._id, 2000)
  })

  it('sorts by date and by case-insensitive name, both directions, default date_desc', async () => {
    const q = (s: string) => alice.get(`/file-service/list?parent=${folder}${s}`).then((r) => names(r.body))
    expect(await q('')).toEqual(['banana.txt', 'cherry.txt', 'Apple.txt'])
    expect(await q('&sortBy=date_asc')).toEqual(['Apple.txt', 'cherry.txt', 'banana.txt'])
    expect(await q('&sortBy=alp_asc')).toEqual(['Apple.txt', 'banana.txt', 'cherry.txt'])
    expect(await q('&sortBy=alp_desc')).toEqual(['cherry.txt', 'banana.txt', 'Apple.txt'])
    expect(await q('&limit=2')).toEqual(['banana.txt', 'cherry.txt'])
  })

  it('given sortBy size or type, then folders come by name (they have no size and one type)', async () => {
    for (const name of ['b', 'A', 'c']) await alice.post('/folder-service/create', { name, parent: folder })
    const q = (s: string) => alice.get(`/folder-service/list?parent=${folder}${s}`).then((r) => names(r.body))
    expect(await q('&sortBy=size_asc')).toEqual(['A', 'b', 'c'])
    expect(await q('&sortBy=type_desc')).toEqual(['c', 'b', 'A'])
  })

  it('given bad parameters, then 400', async () => {
    for (const qs of [
      'sortBy=random',
      'limit=0',
      'limit=abc',
      'limit=100000',
      'mediaFilter=docs',
      'startAtDate=yesterday&startAt=true',
    ]) {
      const r = await alice.get(`/file-service/list?${qs}`)
      expect(r.status, qs).toBe(400)
    }
  })

  it('given an unknown parent, then 404', async () => {
    expect((await alice.get('/file-service/list?parent=nope')).status).toBe(404)
    expect((await alice.get('/folder-service/list?parent=nope')).status).toBe(404)
  })
})

describe('search', () => {
  const tricky = [
    '100% done.txt',
    'a_b.txt',
    'ab.txt',
    '(draft) plan.txt',
    'star*.txt',
    'back\\slash.txt',
    'Quote"s.txt',
    'Ünïcode Straße.txt',
  ]
  beforeAll(async () => {
    const deep = (await alice.post('/folder-service/create', { name: 'Deep (1)' })).body._id
    const deeper = (await alice.post('/folder-service/create', { name: 'Deeper_one', parent: deep })).body._id
    await uploadAll(alice, tricky, deeper, 1)
  })

  it.each([
    ['%', ['100% done.txt']],
    ['_', ['a_b.txt']],
    ['(', ['(draft) plan.txt']],
    ['*', ['star*.txt']],
    ['\\', ['back\\slash.txt']],
    ['"', ['Quote"s.txt']],
    ['0% d', ['100% done.txt']],
    ['(draft)', ['(draft) plan.txt']],
    ['STRASSE', []],
    ['straße', ['Ünïcode Straße.txt']],
    ['ÜNÏ', ['Ünïcode Straße.txt']],
    ['AB.T', ['ab.txt']],
  ])('treats %j literally and case-insensitively across the drive', async (term, expected) => {
    const r = await alice.get(`/file-service/list?search=${encodeURIComponent(term)}&sortBy=alp_asc`)
    expect(r.status).toBe(200)
    expect(names(r.body).filter((n) => tricky.includes(n))).toEqual(expected)
    const s = await alice.get(`/file-service/suggested-list?search=${encodeURIComponent(term)}`)
    // Suggestions rank by relevance (typos, accents) and hold every literal match too.
    expect(names(s.body.fileList).filter((n: string) => tricky.includes(n))).toEqual(expect.arrayContaining(expected))
  })

  it('finds folders by name literally, across the drive', async () => {
    expect(names((await alice.get('/folder-service/list?search=_')).body)).toEqual(['Deeper_one'])
    expect(names((await alice.get('/folder-service/list?search=(1)')).body)).toEqual(['Deep (1)'])
    const s = await alice.get('/file-service/suggested-list?search=deep')
    expect(names(s.body.folderList).sort()).toEqual(['Deep (1)', 'Deeper_one'])
  })

  it('suggests at most 10 folders and 10 files, and nothing for an empty search', async () => {
    for (let i = 0; i < 12; i++) await alice.post('/folder-service/create', { name: `many ${i}` })
    await uploadAll(
      alice,
      Array.from({ length: 12 }, (_, i) => `many ${i}.txt`),
    )
    const s = await alice.get('/file-service/suggested-list?search=many')
    expect(s.body.folderList).toHaveLength(10)
    expect(s.body.fileList).toHaveLength(10)
    expect((await alice.get('/file-service/suggested-list?search=')).body).toEqual({ folderList: [], fileList: [] })
  })

  it('given 2-character terms (trigram index vocabulary plus name endings on SQLite, the pairs index on PostgreSQL), then every pair finds exactly the names holding it', async () => {
    const carol = new Browser(server.url)
    await carol.signup(uniqueEmail('pairs'))
    const mine = [
      'jq',
      'JQ start.txt',
      'mid jq mid.txt',
      'ends with jq',
      'x"y.txt',
      '%_.txt',
      'Straße Ü.txt',
      'two 😀😀.txt',
      'q',
      'zz top',
    ]
    await uploadAll(carol, mine, '/', 1)
    // Another user's names holding the same pairs must never show up.
    await uploadAll(alice, ['jq elsewhere.txt', 'zz else'], '/', 1)
    const pairs = new Set<string>(['qj', 'j_', 'xx'])
    for (const name of mine) {
      const chars = [...name.toLowerCase()]
      for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i]! + chars[i + 1]!)
    }
    for (const pair of pairs) {
      // Terms are trimmed ("q " searches for "q").
      const term = pair.trim()
      if (!term) continue
      const expected = mine.filter((n) => n.toLowerCase().includes(term)).sort()
      const list = await carol.get(`/file-service/list?search=${encodeURIComponent(pair)}&sortBy=alp_asc`)
      expect(names(list.body).sort(), `list ${JSON.stringify(pair)}`).toEqual(expected)
      const suggested = await carol.get(`/file-service/suggested-list?search=${encodeURIComponent(pair)}`)
      // Suggestions rank words by relevance ("j_" is the word "j"); the literal matches are among them.
      expect(names(suggested.body.fileList), `suggested ${JSON.stringify(pair)}`).toEqual(
        expect.arrayContaining(expected.slice(0, Math.min(10, expected.length))),
      )
    }
  })

  it.skipIf(!pgUrl)(
    'given a rare 2-character term on PostgreSQL, then the pairs index finds its names without walking the drive',
    async () => {
      // 20,000 names without the pair and 3 with it.
      const { browser: dave, userId: daveId } = await bigDrive(
        'pg-pairs',
        sql<string>`case when g % 7000 = 1 then 'Notes ' || g || ' vqz.txt' else 'Report ' || g || '.txt' end`,
      )
      const db = server.app.cumulus.db
      const match = await nameContains(db, 'postgres', 'files', 'QZ')
      const query = db
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', daveId)
        .where('trashed', '=', 0)
        .where(match.condition)
        .orderBy('upload_date', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
      expect(await explain(query.compile())).toContain('files_name_pairs')
      const list = await dave.get('/file-service/list?search=qz')
      expect(names(list.body)).toEqual(['Notes 14001 vqz.txt', 'Notes 7001 vqz.txt', 'Notes 1 vqz.txt'])
    },
  )

  it.skipIf(!pgUrl)(
    'given a common term on PostgreSQL, then the walk in name or date order reads the sort’s index only and the page’s rows alone',
    async () => {
      // A third of the names match and sort after the rest: the planner walks the name index, and
      // every name before the first match is passed on the way. (The visibility map VACUUM sets
      // lets the walk skip the rows.)
      const { browser: erin, userId: erinId } = await bigDrive(
        'pg-walk',
        sql<string>`case when g % 3 = 0 then 'Zeta ' || g || '.txt' else 'Alpha ' || g || '.txt' end`,
      )
      const plan = async (sort: 'alp_asc' | 'date_desc') =>
        explain(
          (
            await server.app.cumulus.drive.files.fileListQuery(erinId, {
              trashed: false,
              search: 'zeta',
              sort,
              limit: 50,
            })
          ).compile(),
        )
      expect(await plan('alp_asc')).toMatch(/Index Only Scan using files_drive_name/)
      // Date order too, through the date index that carries the names (migration 007).
      expect(await plan('date_desc')).toMatch(/Index Only Scan Backward using files_drive_date_names/)
      expect(names((await erin.get('/file-service/list?search=zeta&limit=3')).body)).toEqual([
        'Zeta 20001.txt',
        'Zeta 19998.txt',
        'Zeta 19995.txt',
      ])
      // What listFiles tries first on PostgreSQL: a bounded walk of the date index, never the
      // trigram index (whose guess for a common term is far too low).
      const walkPlan = await explain(
        server.app.cumulus.drive.files
          .boundedWalkQuery(erinId, { trashed: false, search: 'zeta', sort: 'date_desc', limit: 50 }, 'zeta')
          .compile(),
      )
      expect(walkPlan).toMatch(/Index Only Scan Backward using files_drive_date_names/)
      expect(walkPlan).not.toMatch(/trgm/)
      const expected = Array.from({ length: 6667 }, (_, i) => `Zeta ${3 * (i + 1)}.txt`)
        .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
        .slice(0, 50)
      expect(names((await erin.get('/file-service/list?search=zeta&sortBy=alp_asc')).body)).toEqual(expected)
    },
  )

  it('never finds another user’s files', async () => {
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('bob'))
    expect((await bob.get('/file-service/list?search=done')).body).toEqual([])
    expect((await bob.get('/folder-service/list?search=deep')).body).toEqual([])
  })
})

describe('quick-list, media and trash modes', () => {
  it('quick-list gives the 20 newest non-trashed files', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('quick'))
    const files = await uploadAll(
      b,
      Array.from({ length: 25 }, (_, i) => `q${i}.txt`),
      '/',
      1,
    )
    for (let i = 0; i < files.length; i++) await setDate(files[i]._id, 10_000 + i * 1000)
    await b.patch('/file-service/trash', { id: files[24]._id })
    const r = await b.get('/file-service/quick-list')
    expect(names(r.body)).toEqual(Array.from({ length: 20 }, (_, i) => `q${23 - i}.txt`))
  })

  it('mediaMode lists videos and thumbnailed files across the drive, filtered by mediaFilter', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('media'))
    const folder = (await b.post('/folder-service/create', { name: 'Clips' })).body._id
    const [video, photo] = await uploadAll(b, ['clip.mp4', 'pic.jpg', 'doc.txt'], folder, 1)
    // A photo counts once it has a thumbnail (made by the media pipeline).
    await server.app.cumulus.db
      .updateTable('files')
      .set({ has_thumbnail: 1, media: 1, thumbnail_id: 't1' })
      .where('id', '=', photo._id)
      .execute()
    const q = (f: string) =>
      b.get(`/file-service/list?mediaMode=true&mediaFilter=${f}&sortBy=alp_asc&limit=100`).then((r) => names(r.body))
    expect(await q('all')).toEqual(['clip.mp4', 'pic.jpg'])
    expect(await q('photos')).toEqual(['pic.jpg'])
    expect(await q('videos')).toEqual(['clip.mp4'])
    await b.patch('/file-service/trash', { id: video._id })
    expect(await q('all')).toEqual(['pic.jpg'])
  })

  it('trashMode lists trash roots, and inside a trashed folder its trashed contents', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('trash'))
    const top = (await b.post('/folder-service/create', { name: 'Top' })).body._id
    const inner = (await b.post('/folder-service/create', { name: 'Inner', parent: top })).body._id
    await b.upload('in-top.txt', 'x', top)
    await b.upload('in-inner.txt', 'x', inner)
    const loose = (await b.upload('loose.txt', 'x')).body._id
    await b.patch('/folder-service/trash', { id: top })
    await b.patch('/file-service/trash', { id: loose })

    expect(names((await b.get('/folder-service/list?trashMode=true')).body)).toEqual(['Top'])
    expect(names((await b.get('/file-service/list?trashMode=true')).body)).toEqual(['loose.txt'])
    expect(names((await b.get(`/folder-service/list?trashMode=true&parent=${top}`)).body)).toEqual(['Inner'])
    expect(names((await b.get(`/file-service/list?trashMode=true&parent=${top}`)).body)).toEqual(['in-top.txt'])
    expect(names((await b.get(`/file-service/list?trashMode=true&parent=${inner}`)).body)).toEqual(['in-inner.txt'])
    // Not in the normal views any more.
    expect(names((await b.get('/folder-service/list')).body)).toEqual([])
    expect((await b.get(`/file-service/list?parent=${top}`)).status).toBe(404)
    expect(names((await b.get('/file-service/list?search=in-&trashMode=true&sortBy=alp_asc')).body)).toEqual([
      'in-inner.txt',
      'in-top.txt',
    ])
    expect((await b.get('/file-service/list?search=in-')).body).toEqual([])
    expect((await b.get(`/folder-service/info/${inner}`)).body).toMatchObject({
      name: 'Inner',
      trashed: true,
      parentList: ['/', top],
    })
  })
})

describe('the trash, by deletion date', () => {
  it('given items trashed in another order than they were made, then date sorts follow when each was trashed, and pages follow too', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('trash-order'))
    const ids: Record<string, string> = {}
    for (const n of ['first.txt', 'second.txt', 'third.txt']) ids[n] = (await b.upload(n, n)).body._id
    const folders: Record<string, string> = {}
    for (const n of ['Old', 'New']) folders[n] = (await b.post('/folder-service/create', { name: n })).body._id
    const pause = () => new Promise((r) => setTimeout(r, 5))
    for (const n of ['second.txt', 'third.txt', 'first.txt']) {
      await b.patch('/file-service/trash', { id: ids[n] })
      await pause()
    }
    for (const n of ['New', 'Old']) {
      await b.patch('/folder-service/trash', { id: folders[n] })
      await pause()
    }
    const list = async (q: string) => (await b.get(`/file-service/list?trashMode=true&${q}`)).body as any[]
    const newest = await list('sortBy=date_desc')
    expect(names(newest)).toEqual(['first.txt', 'third.txt', 'second.txt'])
    expect(names(await list('sortBy=date_asc'))).toEqual(['second.txt', 'third.txt', 'first.txt'])
    expect(names((await b.get('/folder-service/list?trashMode=true&sortBy=date_desc')).body)).toEqual(['Old', 'New'])
    // The next page starts after the last item's trashedAt, as the app asks for it.
    const last = newest[0]
    const next = await list(
      `sortBy=date_desc&limit=1&startAtDate=${encodeURIComponent(last.metadata.trashedAt)}&startAtId=${last._id}`,
    )
    expect(names(next)).toEqual(['third.txt'])
  })
})

describe('move-folder-list', () => {
  it('excludes the moved folders, everything inside them, and the trash', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('mover'))
    const mk = async (name: string, parent = '/') => (await b.post('/folder-service/create', { name, parent })).body._id
    const a = await mk('A')
    const a1 = await mk('A1', a)
    await mk('A1x', a1)
    const bId = await mk('B')
    await mk('B1', bId)
    const t = await mk('T')
    await b.patch('/folder-service/trash', { id: t })
    const list = (qs: string) => b.get(`/folder-service/move-folder-list?${qs}`).then((r) => names(r.body))
    expect(await list(`folderIDs[]=${a1}`)).toEqual(['A', 'B'])
    expect(await list(`folderIDs[]=${a}`)).toEqual(['B'])
    expect(await list(`parent=${a}&folderIDs[]=${a1}`)).toEqual([])
    expect(await list(`search=1&folderIDs[]=${a1}&folderIDs[]=${bId}`)).toEqual([])
    expect(await list(`search=A1&folderIDs=${bId}`)).toEqual(['A1', 'A1x'])
    void aliceId
  })
})
