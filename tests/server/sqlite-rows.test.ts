// The SQLite connection builds row objects in JS from better-sqlite3's raw rows (faster than the
// driver's own objects). These pin that the objects are the same as the driver's.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MetadataDb, openDatabase } from '../../server/db/database.ts'

let dir: string
let meta: MetadataDb
let direct: Database.Database
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cumulus-rows-'))
  meta = await openDatabase({ dataDir: dir, databaseUrl: undefined, databaseSchema: undefined })
  // A second, plain connection to the same file: what better-sqlite3 itself returns.
  direct = new Database(join(dir, 'cumulus.db'))
  direct.exec(`create table t (id integer primary key, name text, n integer, x real, b blob, maybe text)`)
  direct.exec(`insert into t values (1, 'één', 5, 1.5, x'00ff', null), (2, '', -9007199254740991, 0, null, 'yes')`)
})
afterAll(async () => {
  direct.close()
  await meta.close()
  await rm(dir, { recursive: true, force: true })
})

const rows = async (query: string) => (await sql.raw<Record<string, unknown>>(query).execute(meta.db)).rows

describe('rows from the SQLite connection', () => {
  it.each([
    'select * from t order by id',
    'select name, id, maybe from t where id = 2',
    'select count(*) as n, max(x) from t',
    'select * from t where id = 3',
    'select t.id, u.id from t join t as u on u.id = t.id order by t.id',
    'select 1 as a, 2 as a',
  ])('given %s, then the same plain objects, keys in the same order, as better-sqlite3 gives', async (query) => {
    const ours = await rows(query)
    const theirs = direct.prepare(query).all() as Array<Record<string, unknown>>
    expect(ours).toStrictEqual(theirs)
    expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)))
    for (const r of ours) expect(Object.getPrototypeOf(r)).toBe(Object.prototype)
  })

  it('given a column named __proto__, then what better-sqlite3 gives, with the usual prototype', async () => {
    const query = `select 'x' as "__proto__", 1 as y`
    const ours = await rows(query)
    expect(ours).toStrictEqual(direct.prepare(query).all())
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype)
  })

  it('given a table that gains a column after a query on it ran, then the same query returns the new column', async () => {
    direct.exec(`create table grows (id integer primary key, a text)`)
    direct.exec(`insert into grows values (1, 'a')`)
    expect(await rows('select * from grows')).toStrictEqual([{ id: 1, a: 'a' }])
    direct.exec(`alter table grows add column b text default 'b'`)
    expect(await rows('select * from grows')).toStrictEqual([{ id: 1, a: 'a', b: 'b' }])
  })

  it('given a write, then Kysely still gets its affected-row count', async () => {
    const res = await sql`update t set n = n + 1 where id in (1, 2)`.execute(meta.db)
    expect(Number(res.numAffectedRows)).toBe(2)
  })
})
