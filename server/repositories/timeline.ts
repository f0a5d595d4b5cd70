// SQL for the family timeline (issue #39 point 5): the caller's own photos and videos and those
// shared with them, in one date-taken order, a page at a time.
//
// One statement per page: a UNION ALL of one arm per (source, is_video), each arm a seek of
// files_media_taken (owner_id, media, trashed, is_video, taken_date, id) to the cursor, walked
// in order; the outer ORDER BY … LIMIT merges the arms (SQLite: MERGE (UNION ALL), PostgreSQL:
// Merge Append), so a page reads about `limit` entries per arm, wherever the cursor is. The arms
// fix is_video because the index has it before taken_date: an arm over both would sort the whole
// gallery on every page. Merging in SQL keeps ties on the id in the database's own order (its
// collation on PostgreSQL), the one the cursor comparison uses.
//
// A shared arm keeps the owner's rows in the shared folders' subtrees (a set built once per
// statement from the (owner_id, ancestors) index) or among the shared files. The folder test is
// kept off every index (`+` / `|| ''`): given the choice, the planners read every photo of those
// folders through files_folder and sort them, which grows with the folders, not the page.
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB, Folder } from '../db/schema.ts'
import { FILE_SUMMARY, type FileSummary } from './files.ts'
import { subtreePrefix } from './folders.ts'

/** Whose gallery an arm reads: the caller's whole gallery, or what one owner shares. */
export interface TimelineSource {
  ownerId: string
  /** Absent: all of the owner's media (the caller's own). */
  shared?: { folders: ReadonlyArray<Pick<Folder, 'id' | 'ancestors'>>; fileIds: readonly string[] }
}

export interface TimelineQuery {
  media: 'all' | 'photos' | 'videos'
  /** Keyset: the last item's taken date and id. */
  cursor?: { date: number; id?: string }
  /** Oldest first (the gallery's toggle); newest first by default. */
  ascending?: boolean
  limit: number
}

export type TimelineRow = FileSummary & { owner_id: string }

const COLUMNS = [...FILE_SUMMARY, 'owner_id'] as const

export function createTimelineRepository(db: Kysely<DB>, dialect: Dialect) {
  /** The shared folders' live subtrees and the shared files, for one owner's arm. */
  function sharedScope(ownerId: string, shared: NonNullable<TimelineSource['shared']>): RawBuilder<unknown> {
    const terms: RawBuilder<unknown>[] = []
    if (shared.folders.length) {
      const within = [
        sql`id in (${sql.join(shared.folders.map((f) => f.id))})`,
        ...shared.folders.map((f) => {
          const prefix = subtreePrefix(f)
          return sql`(ancestors >= ${prefix} and ancestors < ${`${prefix.slice(0, -1)}0`})`
        }),
      ]
      const folderRef = dialect === 'sqlite' ? sql`+files.folder_id` : sql`(files.folder_id || '')`
      terms.push(
        sql`${folderRef} in (select id from folders where owner_id = ${ownerId} and trashed = 0 and (${sql.join(within, sql` or `)}))`,
      )
    }
    if (shared.fileIds.length) terms.push(sql`files.id in (${sql.join([...shared.fileIds])})`)
    return sql`(${sql.join(terms, sql` or `)})`
  }

  function arm(source: TimelineSource, isVideo: 0 | 1, q: TimelineQuery): RawBuilder<unknown> {
    const op = sql.raw(q.ascending ? '>' : '<')
    const after = q.cursor
      ? q.cursor.id
        ? sql` and (taken_date, id) ${op} (${q.cursor.date}, ${q.cursor.id})`
        : sql` and taken_date ${op} ${q.cursor.date}`
      : sql``
    const scope = source.shared ? sql` and ${sharedScope(source.ownerId, source.shared)}` : sql``
    // `media = 1` is a literal: the index is partial on it (migration 019).
    return sql`select ${sql.join(COLUMNS.map((c) => sql.ref(`files.${c}`)))} from files
      where files.owner_id = ${source.ownerId} and media = 1 and trashed = 0 and is_video = ${sql.lit(isVideo)}
      and files.name_key <> '.ds_store' and substr(files.name_key, 1, 2) <> '._'${after}${scope}`
  }

  return {
    /** One page of the sources' media, newest taken first (or oldest), ties by id. */
    async page(sources: readonly TimelineSource[], q: TimelineQuery): Promise<TimelineRow[]> {
      const kinds: Array<0 | 1> = q.media === 'photos' ? [0] : q.media === 'videos' ? [1] : [0, 1]
      const arms = sources.flatMap((s) =>
        s.shared && !s.shared.folders.length && !s.shared.fileIds.length ? [] : kinds.map((k) => arm(s, k, q)),
      )
      if (arms.length === 0) return []
      const dir = sql.raw(q.ascending ? 'asc' : 'desc')
      const r = await sql<TimelineRow>`${sql.join(arms, sql` union all `)}
        order by taken_date ${dir}, id ${dir} limit ${q.limit}`.execute(db)
      return r.rows
    },

    /** The ancestors of the owner's folders holding a page's items (their roles and view tops). */
    async folderPaths(ownerId: string, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('folders')
        .select(['id', 'ancestors'])
        .where('owner_id', '=', ownerId)
        .where('id', 'in', [...new Set(ids)])
        .execute()
      return new Map(rows.map((r) => [r.id, r.ancestors]))
    },
  }
}

export type TimelineRepository = ReturnType<typeof createTimelineRepository>
