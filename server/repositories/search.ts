// Case-insensitive literal substring match on name_key, index-backed on both databases.
// PostgreSQL: pg_trgm serves LIKE; a 2-character term, too short for it, uses an index of each
// name's character pairs. SQLite: the FTS5 trigram table finds the rows holding a term
// of 3+ characters; when those are few (a selective term) the query is driven from that list,
// and when they are many (a common term) walking the sorted index with instr is faster and
// stops after one page. A 2-character term is found through the trigrams that start with it (a
// range of the index's vocabulary) plus the names that end with it (an index on the last two
// characters), with the same few-or-many choice. 1-character terms use instr: correct, with no
// index to help, and the first page of a common character comes quickly. New files' names reach
// the trigram index in batches (indexPendingNames), always before a search reads it.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'

/** Up to this many FTS hits, fetch them by rowid; more, and the ordered walk wins. */
const FTS_DRIVE_LIMIT = 2000

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** `column` holds `term` (lower-cased here), literally: LIKE with %, _ and \ escaped. */
export const nameLike = (column: string, term: string) =>
  sql<SqlBool>`${sql.ref(column)} like ${likePattern(term.toLowerCase())} escape '\\'`

export interface NameMatch {
  condition: RawBuilder<SqlBool>
  /** The condition names the few matching rows by rowid: the query should start from them. */
  byRowid: boolean
}

/** More trigrams than this start with a 2-character term: it is common, walk instead. */
const PAIR_TRIGRAMS_LIMIT = 200

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`

/** Rowids of files whose name holds `pair` (2 characters), or undefined when they are many. */
async function filesWithPair(db: Kysely<DB>, pair: string): Promise<number[] | undefined> {
  // Every term that starts with the pair sorts between it and the pair followed by the highest
  // code point (SQLite compares the UTF-8 bytes, which keeps code point order).
  const { rows: trigrams } = await sql<{
    term: string
  }>`select term from files_fts_terms where term >= ${pair} and term < ${`${pair}\u{10FFFF}`} limit ${PAIR_TRIGRAMS_LIMIT + 1}`.execute(
    db,
  )
  if (trigrams.length > PAIR_TRIGRAMS_LIMIT) return undefined
  const found = new Set<number>()
  if (trigrams.length > 0) {
    const anyOf = trigrams.map((t) => quoted(t.term)).join(' OR ')
    const { rows } = await sql<{
      rowid: number
    }>`select rowid from files_fts where files_fts match ${anyOf} limit ${FTS_DRIVE_LIMIT + 1}`.execute(db)
    for (const r of rows) found.add(r.rowid)
  }
  const { rows: tails } = await sql<{
    rowid: number
  }>`select rowid from files where substr(name_key, -2) = ${pair} limit ${FTS_DRIVE_LIMIT + 1}`.execute(db)
  for (const r of tails) found.add(r.rowid)
  return found.size > FTS_DRIVE_LIMIT ? undefined : [...found]
}

const byRowids = (rowids: number[]): NameMatch =>
  rowids.length === 0
    ? { condition: sql<SqlBool>`0 = 1`, byRowid: false }
    : { condition: sql<SqlBool>`files.rowid in (${sql.join(rowids)})`, byRowid: true }

/**
 * SQLite: adds the names of new files waiting in files_fts_pending (migration 021) to the trigram
 * index, at most `limit` of them (all when unset), in one transaction; returns how many. Batched,
 * a name costs the index ~7 µs instead of ~150 in its own commit.
 */
export async function indexPendingNames(db: Kysely<DB>, limit?: number): Promise<number> {
  const run = async (q: Kysely<DB>) => {
    const { rows } = await sql<{
      upTo: number | null
    }>`select max(file_rowid) as "upTo" from (select file_rowid from files_fts_pending order by file_rowid limit ${limit ?? -1})`.execute(
      q,
    )
    const upTo = rows[0]?.upTo
    if (upTo === null || upTo === undefined) return 0
    await sql`insert into files_fts(rowid, name_key) select f.rowid, f.name_key from files_fts_pending p join files f on f.rowid = p.file_rowid where p.file_rowid <= ${upTo}`.execute(
      q,
    )
    return Number(
      (await sql`delete from files_fts_pending where file_rowid <= ${upTo}`.execute(q)).numAffectedRows ?? 0,
    )
  }
  if (db.isTransaction) return run(db)
  // The common case, nothing waiting, costs one read and no transaction.
  if ((await sql`select 1 from files_fts_pending limit 1`.execute(db)).rows.length === 0) return 0
  return db.transaction().execute(run)
}

export async function nameContains(
  db: Kysely<DB>,
  dialect: Dialect,
  table: 'files' | 'folders',
  term: string,
): Promise<NameMatch> {
  const key = term.toLowerCase()
  const column = sql.ref(`${table}.name_key`)
  const length = [...key].length
  if (dialect === 'postgres') {
    const like = nameLike(`${table}.name_key`, key)
    // Too short for pg_trgm: the pairs index (migration 006) finds a rare pair; the LIKE stays so
    // that walking in list order (a common pair) tests the cheap condition first.
    if (table === 'files' && length === 2)
      return {
        condition: sql<SqlBool>`(cumulus_pairs(${column}) @> array[${key}]::text[] and ${like})`,
        byRowid: false,
      }
    return { condition: like, byRowid: false }
  }
  // The index answers for every file once the names waiting for it are in.
  if (table === 'files' && length >= 2) await indexPendingNames(db)
  if (table === 'files' && length >= 3) {
    const { rows } = await sql<{
      rowid: number
    }>`select rowid from files_fts where files_fts match ${quoted(key)} limit ${FTS_DRIVE_LIMIT + 1}`.execute(db)
    if (rows.length <= FTS_DRIVE_LIMIT) return byRowids(rows.map((r) => r.rowid))
  }
  if (table === 'files' && length === 2) {
    const rowids = await filesWithPair(db, key)
    if (rowids) return byRowids(rowids)
  }
  return { condition: sql<SqlBool>`instr(${column}, ${key}) > 0`, byRowid: false }
}
