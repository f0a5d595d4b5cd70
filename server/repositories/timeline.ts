// SQL for the family timeline (issue #39 point 5): the caller's own photos and videos and those
// shared with them, in one date-taken order, a page at a time.
//
// One statement per page: a UNION ALL of one arm per (source, is_video), each arm a seek of
// files_media_taken (owner_id, media, trashed, is_video, taken_date, id) to the cursor, walked
// in order up to `limit` rows; the outer ORDER BY … LIMIT merges the arms, so a page reads about
// `limit` entries per arm, wherever the cursor is. The arms
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
  /** Absent: all of the owner's media (the caller's own). The folders must be live (not trashed). */
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
      // The shared folders themselves (live: the caller checked them), and below them one select
      // per range, not one OR: each seeks the (owner_id, ancestors) index, where an OR of ranges
      // read every folder of the owner.
      const below = shared.folders.map((f) => {
        const prefix = subtreePrefix(f)
        return sql`select id from folders where owner_id = ${ownerId} and trashed = 0 and ancestors >= ${prefix} and ancestors < ${`${prefix.slice(0, -1)}0`}`
      })
      const folderRef = dialect === 'sqlite' ? sql`+files.folder_id` : sql`(files.folder_id || '')`
      terms.push(
        sql`${folderRef} in (${sql.join(shared.folders.map((f) => f.id))})`,
        sql`${folderRef} in (${sql.join(below, sql` union all `)})`,
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

  function pageQuery(sources: readonly TimelineSource[], q: TimelineQuery) {
    const kinds: Array<0 | 1> = q.media === 'photos' ? [0] : q.media === 'videos' ? [1] : [0, 1]
    const dir = sql.raw(q.ascending ? 'asc' : 'desc')
    const order = sql`order by taken_date ${dir}, id ${dir} limit ${q.limit}`
    // Each arm ordered and limited on its own: PostgreSQL otherwise appends every arm's rows and
    // sorts them all (80 ms over 5 × 20k photos); so bounded, each arm is an index walk of at
    // most `limit` rows and the outer sort has arms × limit rows at most.
    const arms = sources.flatMap((s) =>
      s.shared && !s.shared.folders.length && !s.shared.fileIds.length
        ? []
        : kinds.map(
            (k, i) => sql`select * from (${arm(s, k, q)} ${order}) as ${sql.id(`a${sources.indexOf(s)}_${i}`)}`,
          ),
    )
    if (arms.length === 0) return undefined
    return sql<TimelineRow>`${sql.join(arms, sql` union all `)} ${order}`
  }

  return {
    /** One page of the sources' media, newest taken first (or oldest), ties by id. */
    async page(sources: readonly TimelineSource[], q: TimelineQuery): Promise<TimelineRow[]> {
      const query = pageQuery(sources, q)
      return query ? (await query.execute(db)).rows : []
    },
    /** The statement of a page (the bench EXPLAINs it); undefined when no source has anything. */
    pageQuery,

    /**
     * Folders by id, whoever owns them: the shared folders of every source, or the folders of a
     * page's items, in one read. Callers match each row's owner to the share that named it.
     */
    async folders(
      ids: readonly string[],
    ): Promise<Map<string, Pick<Folder, 'id' | 'owner_id' | 'ancestors' | 'trashed'>>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('folders')
        .select(['id', 'owner_id', 'ancestors', 'trashed'])
        .where('id', 'in', [...new Set(ids)])
        .execute()
      return new Map(rows.map((r) => [r.id, r]))
    },
  }
}

export type TimelineRepository = ReturnType<typeof createTimelineRepository>
