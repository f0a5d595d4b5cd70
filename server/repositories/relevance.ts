// The candidates of a relevance search (DESIGN.md §8 "Search inside files"): the rows that may
// rank, found through the name indexes (SQLite's FTS5 trigram table files_fts, PostgreSQL's
// pg_trgm GIN indexes) and the content index, at most CANDIDATES per way in. The tiers are
// decided in JS (util/name-match.ts), which also checks each typo candidate's edit distance.
// Accented names are read beside through accent_key's partial index (migration 031).
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB, Folder } from '../db/schema.ts'
import { type NameQuery, TYPO_MIN, typoPatterns } from '../util/name-match.ts'
import type { ContentIndexRepository } from './content-index.ts'
import { FILE_SUMMARY, type FileQuery, type FileSummary, scoped as filesIn } from './files.ts'
import { type FolderQuery, scoped as foldersIn } from './folders.ts'
import { indexPendingNames, nameContains } from './search.ts'

/** Rows read per way in (prefix, words, typos, content), each in name order. */
export const CANDIDATES = 1000

const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const like = (column: string, pattern: string) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`
const all = (cs: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(cs, sql` and `)})`
const any = (cs: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(cs, sql` or `)})`

/** The word a typo candidate query is driven by: the longest long enough to forgive a typo. */
const typoWord = (q: NameQuery) =>
  [...q.words].sort((a, b) => [...b].length - [...a].length).find((w) => [...w].length >= TYPO_MIN)

/** The longest word: the most selective for a trigram index. */
const longest = (q: NameQuery) => [...q.words].sort((a, b) => b.length - a.length)[0]

interface Ways {
  prefix?: RawBuilder<SqlBool>
  words?: RawBuilder<SqlBool>
  typo?: RawBuilder<SqlBool>
}
const list = (w: Ways) => [w.prefix, w.words, w.typo].filter((c): c is RawBuilder<SqlBool> => !!c)

export type FileScope = Omit<FileQuery, 'search' | 'sort' | 'limit' | 'cursor'>
export type FolderScope = Omit<FolderQuery, 'search' | 'sort' | 'limit'>

export function createRelevanceRepository(db: Kysely<DB>, dialect: Dialect, content: ContentIndexRepository) {
  const postgres = dialect === 'postgres'
  /**
   * SQLite: the ways in that name their rows by rowid. Left to itself the planner walks the
   * owner's whole name index in order (it gives ORDER BY … LIMIT for free) and tests each row
   * against the list: every file of the owner, seconds at 1M. These read the listed rows and sort.
   */
  const rowidDriven = new WeakSet<RawBuilder<SqlBool>>()

  /** The name conditions per way in, on `key` (name_key, or accent_key for accented names). */
  function nameWays(table: 'files' | 'folders', key: 'name_key' | 'accent_key', q: NameQuery): Ways {
    const col = `${table}.${key}`
    const ref = sql.ref(col)
    const ways: Ways = {}
    // name_key's index serves the range on SQLite; the substr keeps it a true prefix test.
    if (q.text)
      ways.prefix =
        postgres || key === 'accent_key'
          ? like(col, `${esc(q.text)}%`)
          : sql<SqlBool>`(${ref} >= ${q.text} and ${ref} < ${`${q.text}\u{10FFFF}`} and substr(${ref}, 1, ${q.text.length}) = ${q.text})`
    if (q.words.length) ways.words = all(q.words.map((w) => like(col, `%${esc(w)}%`)))
    const typo = typoWord(q)
    if (typo) ways.typo = any(typoPatterns(typo).map((p) => like(col, p)))
    return ways
  }

  /**
   * SQLite: the files_fts rows holding one of these patterns, through the trigram index (words
   * are letters and digits only: no escape is needed, and FTS5 takes no LIKE with ESCAPE);
   * undefined when they are too many to name.
   */
  async function ftsRowids(patterns: string[]): Promise<number[] | undefined> {
    await indexPendingNames(db)
    const found = new Set<number>()
    for (const p of patterns) {
      const { rows } = await sql<{
        rowid: number
      }>`select rowid from files_fts where name_key like ${p} limit ${CANDIDATES * 20 + 1}`.execute(db)
      for (const r of rows) found.add(r.rowid)
      if (found.size > CANDIDATES * 20) return undefined
    }
    return [...found]
  }

  const byRowids = (rowids: number[]) => {
    const cond = rowids.length ? sql<SqlBool>`files.rowid in (${sql.join(rowids)})` : sql<SqlBool>`0 = 1`
    rowidDriven.add(cond)
    return cond
  }

  /** SQLite: the ways in over name_key, driven by the trigram index where it can. */
  async function sqliteFileWays(q: NameQuery): Promise<Ways> {
    const ways = nameWays('files', 'name_key', q)
    if (ways.words) {
      const match = await nameContains(db, dialect, 'files', longest(q)!)
      // Also when nothing matched (`0 = 1`): else the LIKE walks every file for no row.
      ways.words = all([match.condition, ways.words])
      if (match.byRowid) rowidDriven.add(ways.words)
    }
    const word = typoWord(q)
    if (ways.typo && word) {
      const rowids = await ftsRowids(typoPatterns(word))
      if (rowids) ways.typo = byRowids(rowids)
    }
    return ways
  }

  /**
   * The content way: the matching files by id when they are few (a rare word), as the name ways;
   * a common word keeps the walk in name order, which meets a page of them soon. SQLite counts
   * them through FTS5; PostgreSQL asks its planner's estimate first (fewMatchingIds).
   */
  async function contentWay(text: string): Promise<RawBuilder<SqlBool>> {
    if (postgres) {
      const ids = await content.fewMatchingIds(text, CANDIDATES * 20)
      if (ids === undefined) return content.contentMatch(text)
      if (!ids.length) return sql<SqlBool>`0 = 1`
      const cond = sql<SqlBool>`files.id = any(${ids}::text[])`
      rowidDriven.add(cond)
      return cond
    }
    const match = await content.contentMatch(text)
    const rows = await db
      .selectFrom('files')
      .select(sql<number>`files.rowid`.as('rowid'))
      .where(match)
      .limit(CANDIDATES * 20 + 1)
      .execute()
    return rows.length > CANDIDATES * 20 ? match : byRowids(rows.map((r) => r.rowid))
  }

  /** The owner's files in scope under `cond`, in name order, at most CANDIDATES. */
  function readFiles(owner: string, scope: FileScope, cond: RawBuilder<SqlBool>, sorted?: 'accent' | 'rowid') {
    const f = { ...scope, sort: 'alp_asc' as const, limit: CANDIDATES }
    // SQLite, `sorted`: `+` keeps the name index from serving ORDER BY (so the planner takes
    // files_accent for accented names), and off the owner (so it takes a rowid list).
    return (
      filesIn(
        db,
        sorted === 'rowid' && !postgres
          ? sql<SqlBool>`+files.owner_id = ${owner}`
          : sql<SqlBool>`files.owner_id = ${owner}`,
        f,
      )
        .where(cond)
        .select(FILE_SUMMARY)
        // PostgreSQL, 'rowid': a few matches by id are read and sorted; the expression keeps the
        // planner from walking the name index instead, testing each of a million names against
        // the ids (7,578 of 1M: it chose the walk, 246 ms).
        .orderBy(
          sorted && !postgres
            ? sql`+files.name_key`
            : sorted === 'rowid'
              ? sql`(files.name_key || '')`
              : sql`files.name_key`,
        )
        .orderBy('files.id')
        .limit(CANDIDATES)
        .execute()
    )
  }

  /** Files in scope whose indexed text holds the words of `text`, in name order. */
  async function contentFiles(owner: string, scope: FileScope, text: string): Promise<FileSummary[]> {
    const c = await contentWay(text)
    return readFiles(owner, scope, c, rowidDriven.has(c) ? 'rowid' : undefined)
  }

  return {
    contentFiles,

    /** Files that may rank for `q` by name, and (with `contentText`) those whose text holds its words. */
    async files(
      owner: string,
      scope: FileScope,
      q: NameQuery,
      contentText?: string,
    ): Promise<{ byName: FileSummary[]; byContent: FileSummary[] }> {
      const read = (cond: RawBuilder<SqlBool>, sorted?: 'accent' | 'rowid') => readFiles(owner, scope, cond, sorted)
      const plain = list(postgres ? nameWays('files', 'name_key', q) : await sqliteFileWays(q))
      const accented = list(nameWays('files', 'accent_key', q)).map((c) =>
        all([sql<SqlBool>`files.accent_key is not null`, c]),
      )
      const [byName, byContent] = await Promise.all([
        Promise.all([
          ...plain.map((c) => read(c, rowidDriven.has(c) ? 'rowid' : undefined)),
          ...accented.map((c) => read(c, 'accent')),
        ]).then((r) => dedupe(r.flat())),
        contentText === undefined ? [] : contentFiles(owner, scope, contentText),
      ])
      return { byName, byContent }
    },

    async folders(owner: string, scope: FolderScope, q: NameQuery): Promise<Folder[]> {
      const f = { ...scope, sort: 'alp_asc' as const }
      const read = (cond: RawBuilder<SqlBool>) =>
        foldersIn(db, owner, f)
          .where(cond)
          .orderBy('folders.name_key')
          .orderBy('folders.id')
          .limit(CANDIDATES)
          .execute()
      const ways = [
        ...list(nameWays('folders', 'name_key', q)),
        ...list(nameWays('folders', 'accent_key', q)).map((c) =>
          all([sql<SqlBool>`folders.accent_key is not null`, c]),
        ),
      ]
      return dedupe((await Promise.all(ways.map(read))).flat())
    },
  }
}

function dedupe<T extends { id: string }>(rows: T[]): T[] {
  const seen = new Set<string>()
  return rows.filter((r) => !seen.has(r.id) && !!seen.add(r.id))
}

export type RelevanceRepository = ReturnType<typeof createRelevanceRepository>
