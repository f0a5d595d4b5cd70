// Case-insensitive literal substring match on name_key, index-backed on both databases.
// PostgreSQL: pg_trgm serves LIKE. SQLite: the FTS5 trigram table finds the rows holding a term
// of 3+ characters; when those are few (a selective term) the query is driven from that list,
// and when they are many (a common term) walking the sorted index with instr is faster and
// stops after one page. Terms under 3 characters use instr: correct, with no index to help.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'

/** Up to this many FTS hits, fetch them by rowid; more, and the ordered walk wins. */
const FTS_DRIVE_LIMIT = 2000

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface NameMatch {
  condition: RawBuilder<SqlBool>
  /** The condition names the few matching rows by rowid: the query should start from them. */
  byRowid: boolean
}

export async function nameContains(db: Kysely<DB>, dialect: Dialect, table: 'files' | 'folders', term: string): Promise<NameMatch> {
  const key = term.toLowerCase()
  const column = sql.ref(`${table}.name_key`)
  if (dialect === 'postgres') return { condition: sql<SqlBool>`${column} like ${likePattern(key)} escape '\\'`, byRowid: false }
  if (table === 'files' && [...key].length >= 3) {
    const phrase = `"${key.replace(/"/g, '""')}"`
    const { rows } = await sql<{ rowid: number }>`select rowid from files_fts where files_fts match ${phrase} limit ${FTS_DRIVE_LIMIT + 1}`.execute(db)
    if (rows.length === 0) return { condition: sql<SqlBool>`0 = 1`, byRowid: false }
    if (rows.length <= FTS_DRIVE_LIMIT) return { condition: sql<SqlBool>`files.rowid in (${sql.join(rows.map((r) => r.rowid))})`, byRowid: true }
  }
  return { condition: sql<SqlBool>`instr(${column}, ${key}) > 0`, byRowid: false }
}
