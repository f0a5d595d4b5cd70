// Case-insensitive literal substring match on name_key, index-backed on both databases:
// PostgreSQL's pg_trgm serves LIKE; SQLite's FTS5 trigram table serves terms of 3+ characters
// (shorter terms fall back to instr, which needs no index to stay correct).
import { type ExpressionBuilder, sql, type SqlBool } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function nameContains<T extends 'files' | 'folders'>(dialect: Dialect, table: T, term: string) {
  const key = term.toLowerCase()
  return (eb: ExpressionBuilder<DB, T>) => {
    if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(`${table}.name_key`)} like ${likePattern(key)} escape '\\'`
    if (table === 'files' && [...key].length >= 3) {
      const phrase = `"${key.replace(/"/g, '""')}"`
      return sql<SqlBool>`files.rowid in (select rowid from files_fts where files_fts match ${phrase})`
    }
    void eb
    return sql<SqlBool>`instr(${sql.ref(`${table}.name_key`)}, ${key}) > 0`
  }
}
