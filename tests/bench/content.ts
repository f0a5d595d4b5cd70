// The content phase of `npm run bench` (DESIGN.md §8 "Search inside files"): what the content
// index costs and how fast it answers.
// (a) Content search at scale: `files` files of one user seeded straight into the server's
//     database, `documents` of them with indexed text (Zipf-distributed words of a 50k-word
//     vocabulary, 2–5 KB each), rows written as repositories/content-index.ts's finish() writes
//     them; then a page of 50 matches for a rare, a medium and a common word. In-process by
//     default (the relevance repository's contentFiles: the read the listing's content tier makes,
//     the owner's untrashed files by name), or over HTTP (`GET /file-service/list?search=
//     &sortBy=relevance`, ranking and paths included) with `http`. SQLite, and PostgreSQL too when
//     BENCH_DATABASE_URL is set.
// (b) The index's size over the indexed text (repo.contentIndex.sizes(): FTS5's shadow tables by
//     dbstat; PostgreSQL's GIN index plus the tsvector column).
// (c) Indexing throughput: documents uploaded over HTTP to a server with CONTENT_INDEX=off (their
//     jobs wait), which is then started again with it on: MB of extracted text per second, from
//     the first job's end to the last's (content_index.updated_at), through the real queue.
// (d) Uploads while the queue works: 100 KB documents uploaded to a server whose queue has a
//     backlog vs to a server with CONTENT_INDEX=off, rounds alternating; ratio of medians.
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { type Insertable, type Kysely, sql } from 'kysely'
import { openDatabase } from '../../server/db/database.ts'
import type { DB, FilesTable } from '../../server/db/schema.ts'
import { createContentIndexRepository, indexWords, wordLimitsFor } from '../../server/repositories/content-index.ts'
import { createRelevanceRepository, type RelevanceRepository } from '../../server/repositories/relevance.ts'
import { Conn, getJson, multipartFraming, streamUpload, timed } from './lib/http.ts'
import { type Latency, latency, MB, median, paired, type Row } from './lib/report.ts'
import { rng } from './lib/seed.ts'

export interface ContentSession {
  userId: string
  cookie: string
  uuid: string
  refresh(): Promise<unknown>
}

export interface ContentServer {
  port: number
  /** The server's SQLite file (SQLite servers). */
  dbFile: string
  session: ContentSession
  stop(): Promise<void>
}

export interface ContentPhaseOptions {
  /**
   * A server signed in as a new user; `env` adds to its environment (CONTENT_INDEX, DATABASE_URL…).
   * Fresh data for each name; the same name again starts on that name's data.
   */
  server(name: string, env?: Record<string, string>): Promise<ContentServer>
  files: number
  documents: number
  /** PostgreSQL (BENCH_DATABASE_URL): the search at scale runs there too, at these sizes. */
  postgres?: { url: string; files: number; documents: number }
  /** Time the search over HTTP (`GET /file-service/list?search=&sortBy=relevance`) instead of in-process. */
  http: boolean
  /** Requests per search word (after one warm-up). */
  searches: number
  /** Indexing throughput: documents of `indexBytes` each. */
  indexDocs: number
  indexBytes: number
  /** Uploads while indexing: rounds (after a warm-up), uploads per round, backlog per round. */
  rounds: number
  uploadsPerRound: number
  backlogDocs: number
  log: (msg: string) => void
}

const VOCABULARY = 50_000
const PAGE = 50

/** A deterministic vocabulary of distinct made-up words (letters only, 4–12 of them). */
export function vocabulary(size: number): string[] {
  const r = rng(42)
  const onsets = ['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z', 'br', 'st', 'tr']
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou', 'y']
  const words = new Set<string>()
  while (words.size < size) {
    let w = ''
    for (let s = 2 + r.int(3); s > 0; s--) w += r.pick(onsets) + r.pick(vowels)
    if (r.int(3) === 0) w += r.pick(['n', 'r', 's', 'l', 't'])
    words.add(w)
  }
  return [...words]
}

/**
 * Words by Zipf's law (s = 1): rank r (0-based) with probability ∝ 1/(r+1). The continuous
 * inverse of its CDF, ln-uniform, is close enough and costs one exp per word.
 */
export function zipfText(words: readonly string[], r: ReturnType<typeof rng>, bytes: number): string {
  const logV = Math.log(words.length + 1)
  const out: string[] = []
  let length = 0
  let sentence = 0
  while (length < bytes) {
    const rank = Math.min(words.length - 1, Math.floor(Math.exp(r.next() * logV)) - 1)
    let w = words[rank]!
    if (sentence === 0) w = w[0]!.toUpperCase() + w.slice(1)
    sentence++
    if (sentence > 8 && r.int(6) === 0) {
      w += '.'
      sentence = 0
    }
    out.push(w)
    length += w.length + 1
  }
  return out.join(' ')
}

/** The search words: the most common, one of rank 500, and one of rank 40,000 (tens of documents in 100k). */
function searchWords(words: readonly string[]) {
  return [
    { what: 'rare', word: words[40_000 % words.length]! },
    { what: 'medium', word: words[500]! },
    { what: 'common', word: words[0]! },
  ]
}

interface Seeded {
  seconds: number
  textBytes: number
}

/** The seeded files in order: every (files / documents)-th a text document with its words. */
function* seedRows(files: number, documents: number, words: string[]) {
  const r = rng(7)
  const now = Date.now()
  const every = files / documents
  for (let i = 0; i < files; i++) {
    const doc = Math.floor(i / every) !== Math.floor((i + 1) / every)
    const base = `${words[r.int(2000)]} ${words[r.int(2000)]} ${i}`
    const name = doc ? `${base}.txt` : `${base}.jpg`
    const text = doc ? zipfText(words, r, 2000 + r.int(3000)) : ''
    yield {
      id: randomUUID(),
      name,
      doc,
      text,
      size: doc ? Buffer.byteLength(text) : 100_000 + r.int(5_000_000),
      mime: doc ? 'text/plain' : 'image/jpeg',
      date: now - i * 1000,
    }
  }
}

/** SQLite: files and indexed documents straight into the server's file, in big transactions. */
function seedSqlite(dbFile: string, owner: string, files: number, documents: number, words: string[]): Seeded {
  const db = new Database(dbFile)
  db.pragma('synchronous = OFF')
  db.pragma('cache_size = -262144')
  db.pragma('busy_timeout = 10000')
  const now = Date.now()
  const t0 = performance.now()
  const insertFile = db.prepare(
    `insert into files (id, owner_id, folder_id, filename, name_key, type_key, size, sha256, blob_key, mime, upload_date,
       taken_date, trashed, trash_root, is_video, has_thumbnail, media)
     values (?, ?, null, ?, ?, ?, ?, 'seed', ?, ?, ?, ?, 0, 0, 0, 0, 0)`,
  )
  // What finish() writes for an indexed document: its row's text and state, and the FTS row of its words.
  const indexed = db.prepare(
    `update content_index set state = 'indexed', reason = null, body = ?, body_bytes = ?, updated_at = ? where file_id = ?`,
  )
  const fts = db.prepare('insert into content_fts(rowid, body) values (?, ?)')
  let textBytes = 0
  const rows = seedRows(files, documents, words)
  const BATCH = 20_000
  for (let start = 0; start < files; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(files, start + BATCH); i++) {
        const f = rows.next().value!
        const ext = f.doc ? 'txt' : 'jpg'
        const row = insertFile.run(
          f.id,
          owner,
          f.name,
          f.name.toLowerCase(),
          ext,
          f.size,
          `seed-${f.id}`,
          f.mime,
          f.date,
          f.date,
        )
        if (!f.doc) continue
        indexed.run(f.text, f.size, now, f.id)
        fts.run(row.lastInsertRowid, indexWords(f.text, wordLimitsFor('sqlite')))
        textBytes += f.size
      }
      db.exec(
        'insert into files_fts(rowid, name_key) select f.rowid, f.name_key from files_fts_pending p join files f on f.rowid = p.file_rowid; delete from files_fts_pending',
      )
    })()
  }
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { seconds: (performance.now() - t0) / 1000, textBytes }
}

/** PostgreSQL: the same rows, in multi-row statements, each batch one transaction (the queue sees no pending row). */
async function seedPostgres(
  db: Kysely<DB>,
  owner: string,
  files: number,
  documents: number,
  words: string[],
): Promise<Seeded> {
  const now = Date.now()
  const t0 = performance.now()
  let textBytes = 0
  const seeded = seedRows(files, documents, words)
  const BATCH = 2000
  for (let start = 0; start < files; start += BATCH) {
    const rows: Insertable<FilesTable>[] = []
    const docs: Array<{ id: string; text: string; bytes: number }> = []
    for (let i = start; i < Math.min(files, start + BATCH); i++) {
      const f = seeded.next().value!
      rows.push({
        id: f.id,
        owner_id: owner,
        folder_id: null,
        filename: f.name,
        name_key: f.name.toLowerCase(),
        type_key: f.doc ? 'txt' : 'jpg',
        size: f.size,
        sha256: 'seed',
        blob_key: `seed-${f.id}`,
        mime: f.mime,
        upload_date: f.date,
        taken_date: f.date,
        trashed: 0,
        trash_root: 0,
        is_video: 0,
        has_thumbnail: 0,
        media: 0,
        thumb_state: 'none',
      })
      if (f.doc) {
        docs.push({ id: f.id, text: f.text, bytes: f.size })
        textBytes += f.size
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('files').values(rows).execute()
      if (!docs.length) return
      await sql`update content_index c set state = 'indexed', reason = null, body = v.body, body_bytes = v.bytes::bigint,
          updated_at = ${now}::bigint, words = strip(to_tsvector('simple', v.words))
        from (values ${sql.join(docs.map((d) => sql`(${d.id}, ${d.text}, ${d.bytes}, ${indexWords(d.text, wordLimitsFor('postgres'))})`))})
          as v(id, body, bytes, words)
        where c.file_id = v.id`.execute(trx)
    })
  }
  await sql`analyze`.execute(db)
  return { seconds: (performance.now() - t0) / 1000, textBytes }
}

/** The listing's content read (`sortBy=relevance`'s content tier), first page of its name order. */
async function contentPage(relevance: RelevanceRepository, owner: string, word: string) {
  return (await relevance.contentFiles(owner, { trashed: false }, word)).slice(0, PAGE)
}

async function searchAtScale(
  o: ContentPhaseOptions,
  engine: 'SQLite' | 'PostgreSQL',
  files: number,
  documents: number,
  words: string[],
  rows: Row[],
): Promise<Record<string, unknown>> {
  const schema = `bench_content_${randomUUID().slice(0, 8)}`
  const pgEnv = engine === 'PostgreSQL' ? { DATABASE_URL: o.postgres!.url, DATABASE_SCHEMA: schema } : undefined
  const server = await o.server(`cumulus-content-${engine.toLowerCase()}`, pgEnv)
  const owner = server.session.userId
  o.log(`content (${engine}): seeding ${files} files, ${documents} with indexed text`)
  const opened = await openDatabase(
    pgEnv
      ? { dataDir: '', databaseUrl: pgEnv.DATABASE_URL, databaseSchema: schema }
      : { dataDir: server.dbFile.replace(/\/cumulus\.db$/, ''), databaseUrl: undefined, databaseSchema: undefined },
  )
  try {
    const seeded = pgEnv
      ? await seedPostgres(opened.db, owner, files, documents, words)
      : seedSqlite(server.dbFile, owner, files, documents, words)
    o.log(
      `content (${engine}): seeded in ${seeded.seconds.toFixed(0)} s, ${(seeded.textBytes / MB).toFixed(0)} MB of text`,
    )
    const repo = createContentIndexRepository(opened.db, opened.dialect)
    const relevance = createRelevanceRepository(opened.db, opened.dialect, repo)
    const sizes = await repo.sizes()
    const ratio = sizes.indexBytes / sizes.textBytes
    // PostgreSQL's figure is two parts: the GIN index, and the stored tsvector column it is built on.
    const gin = pgEnv
      ? Number(
          (await sql<{ n: number }>`select pg_relation_size('content_index_words') as n`.execute(opened.db)).rows[0]!.n,
        )
      : undefined
    rows.push({
      metric: `content index size / indexed text (${engine}, ${sizes.documents} documents, ${(sizes.textBytes / MB).toFixed(0)} MB${gin === undefined ? '' : `; GIN ${(gin / MB).toFixed(1)} MB + tsvector column ${((sizes.indexBytes - gin) / MB).toFixed(1)} MB`})`,
      unit: 'MB',
      cumulus: sizes.indexBytes / MB,
      baseline: sizes.textBytes / MB,
      ratio,
      budget: '≤ 0.30',
      ok: ratio <= 0.3,
    })
    const results: Record<string, Latency & { hits: number }> = {}
    await server.session.refresh()
    const conn = o.http ? await Conn.open(server.port) : undefined
    let n = 0
    for (const { what, word } of searchWords(words)) {
      const path = `/file-service/list?search=${encodeURIComponent(word)}&sortBy=relevance`
      const once = async (): Promise<number> => {
        if (conn) return timed(conn, Conn.get(`${path}&uncached=${++n}`, server.session.cookie))
        const t = performance.now()
        await contentPage(relevance, owner, word)
        return performance.now() - t
      }
      const hits = conn
        ? ((await getJson<{ fileList?: unknown[] }>(conn, path, server.session.cookie)).fileList?.length ?? 0)
        : (await contentPage(relevance, owner, word)).length
      // Documents holding the word (the page is the first 50 of them).
      const holding = (
        await opened.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(await repo.contentMatch(word))
          .executeTakeFirstOrThrow()
      ).n
      await once()
      const ms: number[] = []
      for (let i = 0; i < o.searches; i++) ms.push(await once())
      const l = latency(ms)
      results[what] = { ...l, hits }
      o.log(
        `content (${engine}) search "${word}" (${what}, ${Number(holding)} documents, ${hits} on the page): p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms`,
      )
      rows.push({
        metric: `content search, ${what} word (${Number(holding)} docs) of ${documents} docs in ${files} files, ${engine}${conn ? ', HTTP' : ', in-process'} p50 / p99`,
        unit: 'ms',
        cumulus: `${l.p50.toFixed(2)} / ${l.p99.toFixed(2)}`,
        budget: '≤ 50 / ≤ 200 ms',
        ok: l.p50 <= 50 && l.p99 <= 200,
      })
    }
    conn?.close()
    return {
      files,
      documents,
      seedSeconds: seeded.seconds,
      sizes,
      ...(gin !== undefined && { ginBytes: gin }),
      results,
    }
  } finally {
    if (pgEnv) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(opened.db).catch(() => undefined)
    await opened.close()
  }
}

async function uploadText(s: ContentServer, name: string, text: Buffer): Promise<number> {
  const m = multipartFraming(name, text.length)
  const r = await streamUpload({
    port: s.port,
    path: '/file-service/upload',
    headers: { cookie: s.session.cookie, uuid: s.session.uuid, 'content-type': m.contentType },
    prefix: m.prefix,
    suffix: m.suffix,
    bytes: text.length,
    data: text,
  })
  if (r.status !== 201) throw new Error(`upload ${name} → ${r.status} ${r.text.slice(0, 200)}`)
  return r.seconds
}

/** Jobs not ended yet in a SQLite server's content index, and the text it indexed. */
function queueState(dbFile: string) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare(
        `select sum(state = 'pending' or state like 'working:%') as open, coalesce(sum(case when state = 'indexed' then body_bytes end), 0) as text,
           sum(state = 'indexed') as indexed, min(updated_at) as first, max(updated_at) as last from content_index`,
      )
      .get() as { open: number | null; text: number; indexed: number | null; first: number; last: number }
  } finally {
    db.close()
  }
}

async function drained(dbFile: string, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while ((queueState(dbFile).open ?? 0) > 0) {
    if (Date.now() > until) throw new Error('the content queue did not drain')
    await new Promise((r) => setTimeout(r, 20))
  }
}

export async function contentPhase(
  o: ContentPhaseOptions,
): Promise<{ rows: Row[]; report: Record<string, unknown>; notes: string[] }> {
  const rows: Row[] = []
  const report: Record<string, unknown> = {}
  const notes: string[] = []
  const words = vocabulary(VOCABULARY)

  // (a, b) Search at scale, and the index's size.
  report.sqlite = await searchAtScale(o, 'SQLite', o.files, o.documents, words, rows)
  if (o.postgres)
    report.postgres = await searchAtScale(o, 'PostgreSQL', o.postgres.files, o.postgres.documents, words, rows)

  // (c) Indexing throughput through the real queue, from a backlog: uploaded while it was off.
  const r = rng(11)
  const waiting = await o.server('cumulus-content-index', { CONTENT_INDEX: 'off' })
  for (let i = 0; i < o.indexDocs; i++)
    await uploadText(waiting, `doc ${i}.txt`, Buffer.from(zipfText(words, r, o.indexBytes)))
  await waiting.stop()
  const indexer = await o.server('cumulus-content-index')
  await drained(indexer.dbFile)
  const state = queueState(indexer.dbFile)
  if (state.indexed !== o.indexDocs) throw new Error(`${state.indexed} of ${o.indexDocs} documents indexed`)
  // The first job's text is not counted: its clock starts when it ended.
  const indexS = (state.last - state.first) / 1000
  const mbps = (state.text * (o.indexDocs - 1)) / o.indexDocs / MB / indexS
  await indexer.stop()
  o.log(
    `content: indexed ${o.indexDocs} × ${o.indexBytes / 1000} KB (${(state.text / MB).toFixed(1)} MB of text) in ${indexS.toFixed(1)} s: ${mbps.toFixed(2)} MB/s`,
  )
  rows.push({
    metric: `content indexing, a backlog of ${o.indexDocs} text documents of ${o.indexBytes / 1000} KB`,
    unit: 'MB/s',
    cumulus: mbps,
  })
  report.indexing = { docs: o.indexDocs, bytes: o.indexBytes, textBytes: state.text, seconds: indexS, mbps }

  // (d) Uploads with the queue busy vs CONTENT_INDEX=off, alternating.
  const busy = await o.server('cumulus-content-busy')
  const off = await o.server('cumulus-content-off', { CONTENT_INDEX: 'off' })
  const doc = () => Buffer.from(zipfText(words, r, 100_000))
  const rates = { busy: [] as number[], off: [] as number[] }
  const stillBusy: boolean[] = []
  let k = 0
  for (let round = 0; round <= o.rounds; round++) {
    const set = Array.from({ length: o.uploadsPerRound }, doc)
    const backlog = Array.from({ length: o.backlogDocs }, () => Buffer.from(zipfText(words, r, 1_000_000)))
    const bytes = set.reduce((n, d) => n + d.length, 0)
    const timedUploads = async (s: ContentServer) => {
      const t = performance.now()
      for (const d of set) await uploadText(s, `upload ${++k}.txt`, d)
      return bytes / MB / ((performance.now() - t) / 1000)
    }
    const order = round % 2 === 0 ? (['busy', 'off'] as const) : (['off', 'busy'] as const)
    const got: Record<string, number> = {}
    for (const side of order) {
      if (side === 'busy') {
        // The queue gets a backlog first, so it works through the whole timed set.
        for (const d of backlog) await uploadText(busy, `backlog ${++k}.txt`, d)
        got.busy = await timedUploads(busy)
        stillBusy.push((queueState(busy.dbFile).open ?? 0) > 0)
        // Drained before the other side runs: its CPU is not the other side's load.
        await drained(busy.dbFile)
      } else {
        got.off = await timedUploads(off)
      }
    }
    if (round === 0) continue
    rates.busy.push(got.busy!)
    rates.off.push(got.off!)
    o.log(
      `content uploads round ${round}: queue busy ${got.busy!.toFixed(1)} MB/s, CONTENT_INDEX=off ${got.off!.toFixed(1)} MB/s`,
    )
  }
  const ratio = median(rates.busy) / median(rates.off)
  const spread = paired(rates.busy, rates.off)
  rows.push({
    metric: `${o.uploadsPerRound} uploads of 100 KB documents, content queue busy vs CONTENT_INDEX=off (median of ${o.rounds}; per-round ${spread.min.toFixed(2)}–${spread.max.toFixed(2)})`,
    unit: 'MB/s',
    cumulus: median(rates.busy),
    baseline: median(rates.off),
    ratio,
    budget: '≥ 0.90',
    ok: ratio >= 0.9,
  })
  report.uploadsWhileIndexing = { rates, ratio, perRound: spread.ratios, queueBusyAtEndOfRound: stillBusy.slice(1) }
  if (stillBusy.slice(1).some((b) => !b))
    notes.push('content: in some rounds the queue had emptied before the timed uploads ended (queueBusyAtEndOfRound).')
  notes.push(
    `content: search = a page of ${PAGE} of the owner's untrashed files by name whose indexed text holds the word (${o.http ? 'GET /file-service/list?search=&sortBy=relevance over HTTP' : "the relevance repository's contentFiles (the listing's content read), in-process"}), ${o.searches} requests per word after one warm-up; documents of 2–5 KB of Zipf words from a 50k-word vocabulary, written as the queue's finish() writes them (no blobs); size = sizes() (SQLite: dbstat of content_fts_*; PostgreSQL: the GIN index + the tsvector column) over the text's bytes; indexing = a backlog uploaded with CONTENT_INDEX=off, the server started again with it on, first to last job's end; uploads = ${o.uploadsPerRound} sequential 100 KB text uploads, the busy server given ${o.backlogDocs} × 1 MB documents first and drained before the other side runs.`,
  )
  return { rows, report, notes }
}
