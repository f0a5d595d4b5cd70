// A probe of PostgreSQL's content index size (not part of `npm run bench`): the ways the index
// could be stored, side by side over the same documents (the content phase's 2–5 KB of Zipf
// words), each over the indexed text's bytes. What migration 030 stores is the stripped tsvector
// column plus a GIN index on it; the others are what a schema change could keep instead:
//   a. GIN over the stored column (today), and the column itself
//   b. an expression GIN over to_tsvector('simple', body): no column (but PostgreSQL's parser
//      and fold, not util/text-fold.ts's, unless an immutable SQL fold is written to match it)
//   c. the column with lz4 compression
//   d. (a) built as the queue builds it (rows updated batch by batch into a live index), vacuumed,
//      then reindexed
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx tests/bench/pg-index-size-probe.ts [documents]
import pg from 'pg'
import { indexWords, wordLimitsFor } from '../../server/repositories/content-index.ts'
import { vocabulary, zipfText } from './content.ts'
import { rng } from './lib/seed.ts'

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const documents = Number(process.argv[2] ?? 10_000)
const words = vocabulary(50_000)
const r = rng(7)
const schema = `bench_size_${process.pid}`
const c = new pg.Client(url)
await c.connect()
const one = async (q: string) => (await c.query(q)).rows[0] as Record<string, string>
const size = async (rel: string) => Number((await one(`select pg_relation_size('${rel}') as n`)).n)
try {
  await c.query(`create schema ${schema}; set search_path = ${schema}`)
  await c.query('create table t (id serial primary key, body text, words tsvector)')
  for (let i = 0; i < documents; i += 500) {
    const values: string[] = []
    const params: string[] = []
    for (let j = 0; j < Math.min(500, documents - i); j++) {
      const body = zipfText(words, r, 2000 + r.int(3000))
      params.push(body, indexWords(body, wordLimitsFor('postgres')))
      values.push(`($${params.length - 1}, strip(to_tsvector('simple', $${params.length})))`)
    }
    await c.query(`insert into t (body, words) values ${values.join(', ')}`, params)
  }
  const text = Number((await one('select sum(octet_length(body)) as n from t')).n)
  const column = Number((await one('select sum(pg_column_size(words)) as n from t')).n)
  await c.query('create index a on t using gin (words)')
  await c.query(`create index b on t using gin (to_tsvector('simple', body))`)
  await c.query(
    'create table l (like t); alter table l alter column words set compression lz4; insert into l select * from t',
  )
  const lz4 = Number((await one('select sum(pg_column_size(words)) as n from l')).n)
  await c.query('create table q (id int primary key, body text, words tsvector); create index d on q using gin (words)')
  await c.query('insert into q (id, body) select id, body from t')
  for (let i = 0; i < documents; i += 2000)
    await c.query(`update q set words = t.words from t where q.id = t.id and q.id > ${i} and q.id <= ${i + 2000}`)
  await c.query('vacuum q')
  const live = await size('d')
  await c.query('reindex index d')
  const rebuilt = await size('d')
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB (${(n / text).toFixed(2)} of the text)`
  console.log(`${documents} documents, ${(text / 1e6).toFixed(1)} MB of text`)
  console.log(
    `a. GIN over the column ${mb(await size('a'))} + the column ${mb(column)} = ${mb((await size('a')) + column)}`,
  )
  console.log(`b. expression GIN over to_tsvector(body), no column: ${mb(await size('b'))}`)
  console.log(`c. the column with lz4: ${mb(lz4)}`)
  console.log(`d. GIN built as the queue builds it, vacuumed: ${mb(live)}; reindexed: ${mb(rebuilt)}`)
} finally {
  await c.query(`drop schema if exists ${schema} cascade`)
  await c.end()
}
