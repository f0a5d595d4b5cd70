// Keyset paging shared by the file and folder lists.
import type { SelectQueryBuilder } from 'kysely'
import type { DB } from '../db/schema.ts'
import type { SortBy } from '../schemas/files.ts'

export interface Cursor {
  date?: number
  name?: string
  id?: string
}

/** The cursor's value in the sort column (names compare by their lower-case key). */
export const cursorKey = (sort: SortBy, cursor?: Cursor): string | number | undefined => (sort.startsWith('alp') ? cursor?.name?.toLowerCase() : cursor?.date)

/** The column a date sort orders by: a list's upload date, the gallery's taken date, a folder's creation. */
export type DateColumn = 'upload_date' | 'taken_date' | 'created_at'

/** Keyset paging on (sort column, id): never skips or repeats an item when values tie. */
export function page<T extends 'files' | 'folders', O>(q: SelectQueryBuilder<DB, T, O>, sort: SortBy, dateCol: DateColumn, cursor?: Cursor) {
  const desc = sort.endsWith('desc')
  const byName = sort.startsWith('alp')
  const col = (byName ? 'name_key' : dateCol) as any
  const op = desc ? '<' : '>'
  const value = cursorKey(sort, cursor)
  let out = q as SelectQueryBuilder<DB, any, O>
  if (value !== undefined) {
    // A row-value comparison, not `col < v OR (col = v AND id < i)`: both databases seek the
    // index straight to the cursor with it, so deep pages cost what the first page costs.
    out = cursor?.id ? out.where((eb) => eb(eb.refTuple(col, 'id'), op, eb.tuple(value, cursor.id!))) : out.where(col, op, value)
  }
  const dir = desc ? 'desc' : 'asc'
  return out.orderBy(col, dir).orderBy('id', dir) as SelectQueryBuilder<DB, T, O>
}

export const sortKey = (sort: SortBy) => (sort.startsWith('alp') ? 'name_key' : 'upload_date')
