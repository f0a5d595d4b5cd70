// Keyset paging shared by the file and folder lists.
import type { SelectQueryBuilder } from 'kysely'
import type { DB } from '../db/schema.ts'
import type { SortBy } from '../schemas/files.ts'

export interface Cursor {
  date?: number
  name?: string
  size?: number
  /** The type key of the last name (util/names.ts typeKey): the type sort's first column. */
  type?: string
  id?: string
}

/** What a sort orders by: date, name (`alp`), size or type. */
export type SortField = 'date' | 'alp' | 'size' | 'type'
export const sortField = (sort: SortBy): SortField => sort.slice(0, sort.indexOf('_')) as SortField

/**
 * The column a date sort orders by: a list's upload date, the gallery's taken date, a folder's
 * creation; the trash's lists, when each item went there.
 */
export type DateColumn = 'upload_date' | 'taken_date' | 'created_at' | 'trashed_at'

/** The columns a sort orders by before the id: a type sort orders by extension, then name. */
export function sortColumns(sort: SortBy, dateCol: DateColumn): string[] {
  const field = sortField(sort)
  return field === 'alp'
    ? ['name_key']
    : field === 'size'
      ? ['size']
      : field === 'type'
        ? ['type_key', 'name_key']
        : [dateCol]
}

/** The cursor's values in the sort's columns (names compare by their lower-case key); undefined without them. */
export function cursorKeys(sort: SortBy, cursor?: Cursor): Array<string | number> | undefined {
  switch (sortField(sort)) {
    case 'alp':
      return cursor?.name === undefined ? undefined : [cursor.name.toLowerCase()]
    case 'size':
      return cursor?.size === undefined ? undefined : [cursor.size]
    case 'type':
      return cursor?.type === undefined || cursor.name === undefined
        ? undefined
        : [cursor.type, cursor.name.toLowerCase()]
    default:
      return cursor?.date === undefined ? undefined : [cursor.date]
  }
}

/** A cursor holding `keys` as cursorKeys reads them back (the prepared lists put marks there). */
export function cursorOfKeys(sort: SortBy, keys: readonly unknown[], id?: string): Cursor {
  const [a, b] = keys as [never, never]
  const field = sortField(sort)
  const values: Cursor =
    field === 'alp'
      ? { name: a }
      : field === 'size'
        ? { size: a }
        : field === 'type'
          ? { type: a, name: b }
          : { date: a }
  return { ...values, ...(id !== undefined ? { id } : {}) }
}

/** Keyset paging on (sort columns, id): never skips or repeats an item when values tie. */
export function page<T extends 'files' | 'folders', O>(
  q: SelectQueryBuilder<DB, T, O>,
  sort: SortBy,
  dateCol: DateColumn,
  cursor?: Cursor,
) {
  const desc = sort.endsWith('desc')
  const cols = sortColumns(sort, dateCol) as any[]
  const op = desc ? '<' : '>'
  const keys = cursorKeys(sort, cursor)
  let out = q as SelectQueryBuilder<DB, any, O>
  if (keys !== undefined) {
    // A row-value comparison, not `col < v OR (col = v AND id < i)`: both databases seek the
    // index straight to the cursor with it, so deep pages cost what the first page costs.
    const [refs, values] = cursor?.id
      ? [
          [...cols, 'id'],
          [...keys, cursor.id],
        ]
      : [cols, keys]
    out =
      refs.length === 1
        ? out.where(refs[0], op, values[0])
        : out.where((eb: any) => eb(eb.refTuple(...refs), op, eb.tuple(...values)))
  }
  const dir = desc ? 'desc' : 'asc'
  for (const col of cols) out = out.orderBy(col, dir)
  return out.orderBy('id', dir) as SelectQueryBuilder<DB, T, O>
}

/** The one column a date or name sort orders by (the searches that walk an index read only it). */
export const sortKey = (sort: SortBy) => (sort.startsWith('alp') ? 'name_key' : 'upload_date')
