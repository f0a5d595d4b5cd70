// SQL for the content index (migration 030): the search condition and snippets the listing uses,
// and the queue's rows (claims carry the instance id, as the thumbnail queue's do, so a dead
// instance's job is found and put back). Search text is data: it is folded and split into words
// here (util/text-fold.ts), and only words (letters and digits) reach FTS5 or to_tsquery, each
// quoted, so no operator, quote, NUL or parenthesis of the text ever becomes query syntax.
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'
import { INDEXED_DOCUMENT_TYPES } from '../util/mime.ts'
import { distinctWords, foldText, foldedWords, wordSpans } from '../util/text-fold.ts'
import type { WorkingClaim } from './thumbnail-jobs.ts'

/** UTF-16 offsets into text, ≤ 200 chars. */
export interface Snippet {
  text: string
  marks: Array<[start: number, end: number]>
}

/** Only the first 256 characters of a search are used (the HTTP contract), at most 16 words of them. */
const SEARCH_CHARS = 256
const SEARCH_WORDS = 16
/** A last word this short is matched whole: a 1–2 letter prefix would merge half the vocabulary. */
const PREFIX_MIN = 3
const SNIPPET_CHARS = 200
/** Characters shown before the first word found. */
const SNIPPET_LEAD = 60
/** PostgreSQL's tsvector holds at most 1 MB: distinct words past this many bytes are not indexed. */
const TSVECTOR_BYTES = 900_000
const BACKFILL_KEY = 'content-index-backfill'
/** The cursor once every file was looked at: no file id holds a '!' (and PostgreSQL text no NUL). */
const BACKFILL_DONE = '!done'

/**
 * What a finished job stores. `words`: the text's indexWords, when the caller made them (the
 * queue, off the main thread); else finish makes them.
 */
export type IndexResult =
  | { state: 'indexed'; text: string; words?: string }
  | { state: 'not_indexed'; reason: string }
  | { state: 'skipped'; reason: string }

export interface QueryWords {
  words: string[]
  /** The last word may be a prefix. */
  prefix: boolean
}

export function queryWords(text: string): QueryWords {
  const words = [...new Set(foldedWords(text.slice(0, SEARCH_CHARS)))].slice(0, SEARCH_WORDS)
  const last = words[words.length - 1]
  return { words, prefix: !!last && [...last].length >= PREFIX_MIN }
}

/** FTS5: each word a string, `*` after the last when it may be a prefix. Words hold no quote; quoted anyway. */
export function ftsQuery({ words, prefix }: QueryWords): string {
  return words.map((w, i) => `"${w.replace(/"/g, '""')}"${prefix && i === words.length - 1 ? '*' : ''}`).join(' ')
}

/** to_tsquery: each word a quoted lexeme, `:*` on the last when it may be a prefix, all ANDed. */
export function tsQuery({ words, prefix }: QueryWords): string {
  return words
    .map((w, i) => `'${w.replace(/['\\]/g, (c) => `\\${c}`)}'${prefix && i === words.length - 1 ? ':*' : ''}`)
    .join(' & ')
}

/** What each engine's index takes of a text (distinctWords' limits). */
export interface WordLimits {
  maxBytes: number
  maxWordLength: number
}
/**
 * PostgreSQL: a tsvector holds at most 1 MB, and words of 2 KB and more are dropped with a
 * notice (nobody types them). FTS5 takes every word.
 */
export const wordLimitsFor = (dialect: Dialect): WordLimits =>
  dialect === 'postgres'
    ? { maxBytes: TSVECTOR_BYTES, maxWordLength: 200 }
    : { maxBytes: Infinity, maxWordLength: Infinity }

/** The words a finished job indexes, as the index takes them (tests and the bench seed with it). */
export const indexWords = (text: string, limits: WordLimits) =>
  distinctWords(text, limits.maxBytes, limits.maxWordLength)

const documentCondition = sql<SqlBool>`(files.mime like 'text/%' or files.mime in (${sql.join([...INDEXED_DOCUMENT_TYPES])}))`

/** The snippet of `body` around the first of `q`'s words, and every word of `q` in it marked. */
export function snippetOf(body: string, q: QueryWords): Snippet | undefined {
  const matches = (word: string) =>
    q.words.some((w, i) => word === w || (q.prefix && i === q.words.length - 1 && word.startsWith(w)))
  // The first word found: a lower-cased native search finds most (no accent between them), a
  // walk over the words the rest; a document with none gives no snippet.
  let at = -1
  const lower = body.toLowerCase()
  for (const w of q.words) {
    for (let from = 0; ;) {
      const i = lower.indexOf(w, from)
      if (i < 0) break
      const before = i > 0 ? body[i - 1]! : ' '
      if (!/[\p{L}\p{N}\p{M}]/u.test(before) && (at < 0 || i < at)) {
        const span = wordSpans(body.slice(i, i + w.length + 64))[0]
        if (span && matches(span.word)) {
          at = i
          break
        }
      }
      from = i + 1
      if (at >= 0 && from > at) break
    }
  }
  if (at < 0) at = wordSpans(body).find((s) => matches(s.word))?.start ?? -1
  if (at < 0) return undefined
  let start = Math.max(0, at - SNIPPET_LEAD)
  // Start on a word's beginning, and never inside a surrogate pair.
  if (start > 0) {
    const space = body.slice(start, at).search(/\s/)
    if (space >= 0) start += space + 1
  }
  let end = Math.min(body.length, start + SNIPPET_CHARS)
  if (end < body.length && /[\uDC00-\uDFFF]/.test(body[end]!)) end--
  const text = body.slice(start, end).replace(/\s+/g, ' ')
  const marks: Array<[number, number]> = wordSpans(text)
    .filter((s) => matches(s.word))
    .map((s) => [s.start, s.end])
  return { text, marks }
}

export function createContentIndexRepository(db: Kysely<DB>, dialect: Dialect, enabled = true) {
  const postgres = dialect === 'postgres'
  const wordLimits = wordLimitsFor(dialect)
  return {
    /** What this engine's index takes of a text (the queue makes the words off the main thread). */
    wordLimits,
    /**
     * A condition on `files` (alias `files`) true for files whose indexed text holds every word of
     * `text`, the last one as a prefix (3+ letters). Never throws on any text: no words, no match.
     */
    async contentMatch(text: string): Promise<RawBuilder<SqlBool>> {
      const q = queryWords(text)
      if (!enabled || !q.words.length) return sql<SqlBool>`0 = 1`
      return postgres
        ? sql<SqlBool>`files.id in (select c.file_id from content_index c where c.words @@ to_tsquery('simple', ${tsQuery(q)}))`
        : sql<SqlBool>`files.rowid in (select rowid from content_fts where content_fts match ${ftsQuery(q)})`
    },
    /**
     * PostgreSQL: the ids of the files whose text holds every word of `text`, read through the GIN
     * index, when the planner expects at most `max` (its statistics of lexemes); undefined when it
     * expects or finds more. Its own plan for such a word scans the whole table instead: it prices
     * testing a TOASTed tsvector like any column (a word of 1,371 in 20k documents: 214 ms scanned,
     * 33 ms through the index), so the listing reads these few files by id rather than walking names.
     */
    async fewMatchingIds(text: string, max: number): Promise<string[] | undefined> {
      if (!postgres) return undefined
      const q = queryWords(text)
      if (!enabled || !q.words.length) return []
      const matches = sql<SqlBool>`words @@ to_tsquery('simple', ${tsQuery(q)})`
      const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json)
        select file_id from content_index where ${matches}`.execute(db)
      const expected = plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY
      if (expected > max) return undefined
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        const found = await trx
          .selectFrom('content_index')
          .select('file_id')
          .where(matches)
          .limit(max + 1)
          .execute()
        return found.length > max ? undefined : found.map((r) => r.file_id)
      })
    },
    /** Snippets for these files (a page of results, ≤ 100 ids) around the words of `text`. */
    async snippets(fileIds: readonly string[], text: string): Promise<Map<string, Snippet>> {
      const out = new Map<string, Snippet>()
      const q = queryWords(text)
      if (!enabled || !q.words.length || !fileIds.length) return out
      const rows = await db
        .selectFrom('content_index')
        .select(['file_id', 'body'])
        .where('file_id', 'in', fileIds.slice(0, 100))
        .where('state', '=', 'indexed')
        .execute()
      for (const r of rows) {
        const s = r.body && snippetOf(r.body, q)
        if (s) out.set(r.file_id, s)
      }
      return out
    },

    /** The next pending job, in id order (any will do; the partial index holds pending rows only). */
    nextPending: async (): Promise<string | undefined> =>
      (
        await db
          .selectFrom('content_index')
          .select('file_id')
          .where(sql<SqlBool>`state = 'pending'`)
          .limit(1)
          .executeTakeFirst()
      )?.file_id,
    async claim(fileId: string, claim: WorkingClaim): Promise<boolean> {
      const res = await db
        .updateTable('content_index')
        .set({ state: claim })
        .where('file_id', '=', fileId)
        .where('state', '=', 'pending')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** Ends a claimed job; false when the claim was lost (the file deleted or replaced meanwhile). */
    async finish(fileId: string, claim: WorkingClaim, result: IndexResult): Promise<boolean> {
      const now = Date.now()
      const words = () => (result.state === 'indexed' ? (result.words ?? indexWords(result.text, wordLimits)) : '')
      return db.transaction().execute(async (trx) => {
        const base = { state: result.state, updated_at: now }
        const set =
          result.state === 'indexed'
            ? { ...base, reason: null, body: result.text, body_bytes: Buffer.byteLength(result.text) }
            : { ...base, reason: result.reason, body: null, body_bytes: null }
        const update = trx.updateTable('content_index').where('file_id', '=', fileId).where('state', '=', claim)
        const res = await (
          postgres && result.state === 'indexed'
            ? update.set({ ...set, words: sql<string>`strip(to_tsvector('simple', ${words()}))` })
            : update.set(set)
        ).executeTakeFirst()
        if (Number(res.numUpdatedRows) !== 1) return false
        if (!postgres && result.state === 'indexed') {
          await sql`insert into content_fts(rowid, body)
            select file_rowid, ${words()} from content_index where file_id = ${fileId}`.execute(trx)
        }
        return true
      })
    },
    /** Puts back the jobs claimed by anyone but these claims. */
    async releaseClaimsExcept(live: readonly WorkingClaim[]): Promise<void> {
      let q = db.updateTable('content_index').set({ state: 'pending' }).where('state', 'like', 'working:%')
      if (live.length) q = q.where('state', 'not in', live as WorkingClaim[])
      await q.execute()
    },
    /** A file's row for its job, whoever owns it (the queue works for every user). */
    file: (fileId: string) => db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst(),
    state: (fileId: string) =>
      db.selectFrom('content_index').select(['state', 'reason']).where('file_id', '=', fileId).executeTakeFirst(),

    /** Where the backfill goes on from: the last file id it looked at, '' at first, null once done. */
    async backfillCursor(): Promise<string | null> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', BACKFILL_KEY).executeTakeFirst()
      if (!row) return ''
      return row.value === BACKFILL_DONE ? null : row.value
    },
    /**
     * Queues the documents among the next `limit` files after `afterId` (id order) that have no
     * row yet, and moves the cursor, in one transaction: a restart goes on where it stopped.
     */
    async backfillPass(afterId: string, limit: number): Promise<{ looked: number; queued: number; done: boolean }> {
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('files')
          .select(['id', 'mime', ...(postgres ? [] : [sql<number>`files.rowid`.as('rowid')])])
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(limit)
          .execute()
        const docs = await trx
          .selectFrom('files')
          .select(['id', ...(postgres ? [] : [sql<number>`files.rowid`.as('rowid')])])
          .where('id', 'in', found.length ? found.map((f) => f.id) : [''])
          .where(documentCondition)
          .execute()
        let queued = 0
        if (docs.length) {
          const res = await trx
            .insertInto('content_index')
            .values(
              docs.map((d) => ({
                file_id: d.id,
                state: 'pending',
                ...(!postgres && { file_rowid: (d as unknown as { rowid: number }).rowid }),
              })),
            )
            .onConflict((oc) => oc.column('file_id').doNothing())
            .executeTakeFirst()
          queued = Number(res.numInsertedOrUpdatedRows ?? 0)
        }
        const done = found.length < limit
        const value = done ? BACKFILL_DONE : found[found.length - 1]!.id
        await trx
          .insertInto('settings')
          .values({ key: BACKFILL_KEY, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute()
        return { looked: found.length, queued, done }
      })
    },
    /** Files looked at by the backfill so far, and files in all (its progress line). */
    async backfillProgress(cursor: string | null): Promise<{ looked: number; total: number }> {
      const count = (q: ReturnType<typeof filesQ>) =>
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      const filesQ = () => db.selectFrom('files')
      const total = Number((await count(filesQ())).n)
      const looked = cursor === null ? total : Number((await count(filesQ().where('id', '<=', cursor))).n)
      return { looked, total }
    },
    /** CONTENT_INDEX=off: every extracted word goes, and the backfill starts over once it is on again. */
    async dropAll(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!postgres) await sql`insert into content_fts(content_fts) values ('delete-all')`.execute(trx)
        await trx
          .updateTable('content_index')
          .set({ state: 'pending', body: null, body_bytes: null, reason: null, ...(postgres && { words: null }) })
          .execute()
        await trx.deleteFrom('settings').where('key', '=', BACKFILL_KEY).execute()
      })
    },
    /** Bytes of indexed text, and of the index over it (the bench's ratio). */
    async sizes(): Promise<{ textBytes: number; indexBytes: number; documents: number }> {
      const t = await db
        .selectFrom('content_index')
        .select((eb) => [eb.fn.sum<number>('body_bytes').as('bytes'), eb.fn.countAll<number>().as('n')])
        .where('state', '=', 'indexed')
        .executeTakeFirstOrThrow()
      const { rows } = postgres
        ? await sql<{
            bytes: number
          }>`select pg_relation_size('content_index_words') + coalesce(sum(pg_column_size(words)), 0) as bytes from content_index`.execute(
            db,
          )
        : await sql<{
            bytes: number
          }>`select coalesce(sum(pgsize), 0) as bytes from dbstat where name like 'content_fts_%'`.execute(db)
      return { textBytes: Number(t.bytes ?? 0), indexBytes: Number(rows[0]?.bytes ?? 0), documents: Number(t.n) }
    },
  }
}
export type ContentIndexRepository = ReturnType<typeof createContentIndexRepository>

/** Folds as the index does (tests and the bench compare with it). */
export { foldText }
