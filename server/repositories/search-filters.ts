// The result filters of a list (kind, date range), as conditions on `files` or `folders`. Kinds
// are what the app's chips name: photos and videos by type, documents the content index's
// types and office files, audio audio/*; `folders` leaves no file, any file kind no folder.
import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { SearchKind } from '../schemas/files.ts'
import { INDEXED_DOCUMENT_TYPES } from '../util/mime.ts'

export interface ItemFilter {
  kind?: SearchKind
  /** Inclusive start, ms since the epoch. */
  from?: number
  /** Exclusive end, ms since the epoch. */
  to?: number
}

/** Office files beside the content index's types: listed as documents though not read. */
const OFFICE_TYPES = [
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/rtf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]

const NONE = sql<SqlBool>`0 = 1`

export const hasFilter = (f: ItemFilter | undefined): f is ItemFilter =>
  !!f && (f.kind !== undefined || f.from !== undefined || f.to !== undefined)

function dateRange(column: string, f: ItemFilter): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = []
  if (f.from !== undefined) out.push(sql<SqlBool>`${sql.ref(column)} >= ${f.from}`)
  if (f.to !== undefined) out.push(sql<SqlBool>`${sql.ref(column)} < ${f.to}`)
  return out
}

/** The conditions a file must meet (none: every file). */
export function fileFilter(f: ItemFilter): RawBuilder<SqlBool>[] {
  const out = dateRange('files.upload_date', f)
  switch (f.kind) {
    case 'folders':
      out.push(NONE)
      break
    case 'photos':
      out.push(sql<SqlBool>`files.mime like 'image/%'`)
      break
    case 'videos':
      out.push(sql<SqlBool>`(files.is_video = 1 or files.mime like 'video/%')`)
      break
    case 'audio':
      out.push(sql<SqlBool>`files.mime like 'audio/%'`)
      break
    case 'documents':
      out.push(
        sql<SqlBool>`(files.mime like 'text/%' or files.mime in (${sql.join([...INDEXED_DOCUMENT_TYPES, ...OFFICE_TYPES])}))`,
      )
      break
  }
  return out
}

/** The conditions a folder must meet (none: every folder). */
export function folderFilter(f: ItemFilter): RawBuilder<SqlBool>[] {
  const out = dateRange('folders.created_at', f)
  if (f.kind !== undefined && f.kind !== 'folders') out.push(NONE)
  return out
}
