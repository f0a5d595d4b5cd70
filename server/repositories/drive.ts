// SQL for files and folders. Every call takes the owner's id, so no query can reach another
// user's rows; callers turn "not found" into 404.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql, type Transaction } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB, FileRow, Folder } from '../db/schema.ts'
import type { SortBy } from '../schemas/files.ts'
import { nameContains, nameLike } from './search.ts'

export interface Cursor {
  date?: number
  name?: string
  id?: string
}

export interface FileQuery {
  /** undefined = the whole drive. null = root. */
  folderId?: string | null
  trashed: boolean
  /** Only items trashed directly (the trash root). */
  trashRootsOnly?: boolean
  search?: string
  media?: 'all' | 'photos' | 'videos'
  sort: SortBy
  limit: number
  cursor?: Cursor
}

type Db = Kysely<DB> | Transaction<DB>

/** What a listed file needs (fileJson), and no more: lists stay cheap to read and to send. */
export const FILE_SUMMARY = [
  'id',
  'filename',
  'size',
  'upload_date',
  'folder_id',
  'has_thumbnail',
  'is_video',
  'thumbnail_id',
  'link_type',
  'link_token',
  'trashed',
] as const satisfies ReadonlyArray<keyof FileRow>
export type FileSummary = Pick<FileRow, (typeof FILE_SUMMARY)[number]>

/** Keyset paging on (sort column, id): never skips or repeats an item when values tie. */
function page<T extends 'files' | 'folders', O>(q: SelectQueryBuilder<DB, T, O>, sort: SortBy, dateCol: 'upload_date' | 'created_at', cursor?: Cursor) {
  const desc = sort.endsWith('desc')
  const byName = sort.startsWith('alp')
  const col = (byName ? 'name_key' : dateCol) as any
  const op = desc ? '<' : '>'
  const value = byName ? cursor?.name?.toLowerCase() : cursor?.date
  let out = q as SelectQueryBuilder<DB, any, O>
  if (value !== undefined) {
    // A row-value comparison, not `col < v OR (col = v AND id < i)`: both databases seek the
    // index straight to the cursor with it, so deep pages cost what the first page costs.
    out = cursor?.id ? out.where((eb) => eb(eb.refTuple(col, 'id'), op, eb.tuple(value, cursor.id!))) : out.where(col, op, value)
  }
  const dir = desc ? 'desc' : 'asc'
  return out.orderBy(col, dir).orderBy('id', dir) as SelectQueryBuilder<DB, T, O>
}

/** Index entries PostgreSQL's bounded walk reads before it gives the search to the planner. */
const PG_WALK_ROWS = 20_000

const sortKey = (sort: SortBy) => (sort.startsWith('alp') ? 'name_key' : 'upload_date')

export function createDriveRepository(db: Kysely<DB>, dialect: Dialect) {
  /**
   * `owner_id = owner and id in (ids)`, found through the primary key. Given the owner to match,
   * SQLite chose one of the indexes that start with it and walked the owner's whole drive testing
   * ids; `+owner_id` takes that column out of its choice. PostgreSQL plans from statistics.
   */
  const ownedIds = (owner: string, ids: readonly string[]) =>
    dialect === 'sqlite' ? sql<SqlBool>`(+owner_id = ${owner} and id in (${sql.join(ids)}))` : sql<SqlBool>`(owner_id = ${owner} and id in (${sql.join(ids)}))`

  /** The files a list may show before any search: owner, trash, folder, media. */
  function scoped(ownerFilter: RawBuilder<SqlBool>, f: FileQuery) {
    let q = db.selectFrom('files').where(ownerFilter).where('trashed', '=', f.trashed ? 1 : 0)
    if (f.folderId !== undefined) q = f.folderId === null ? q.where('folder_id', 'is', null) : q.where('folder_id', '=', f.folderId)
    if (f.trashRootsOnly) q = q.where('trash_root', '=', 1)
    if (f.media) {
      q = q.where('media', '=', 1)
      if (f.media !== 'all') q = q.where('is_video', '=', f.media === 'videos' ? 1 : 0)
    }
    return q
  }

  /** The rows of a page found as (id, sort key) pairs, in the keys' order. */
  function wholeRows(keys: SelectQueryBuilder<any, any, { id: string; name_key?: string; upload_date?: number }>, sort: SortBy) {
    const key = sortKey(sort)
    const dir = sort.endsWith('desc') ? 'desc' : 'asc'
    return db
      .selectFrom(keys.as('m'))
      .innerJoin('files', 'files.id', 'm.id')
      .select(FILE_SUMMARY.map((c) => `files.${c}` as const))
      .orderBy(`m.${key}`, dir)
      .orderBy('m.id', dir)
  }

  const repo = {
    db,
    transaction: <R>(fn: (trx: Transaction<DB>) => Promise<R>) => db.transaction().execute(fn),

    folder: (owner: string, id: string, q: Db = db): Promise<Folder | undefined> =>
      q.selectFrom('folders').selectAll().where('owner_id', '=', owner).where('id', '=', id).executeTakeFirst(),
    file: (owner: string, id: string, q: Db = db): Promise<FileRow | undefined> =>
      q.selectFrom('files').selectAll().where('owner_id', '=', owner).where('id', '=', id).executeTakeFirst(),
    foldersByIds: (owner: string, ids: string[], q: Db = db): Promise<Folder[]> =>
      ids.length ? q.selectFrom('folders').selectAll().where(ownedIds(owner, ids)).execute() : Promise.resolve([]),
    filesByIds: (owner: string, ids: string[], q: Db = db): Promise<FileRow[]> =>
      ids.length ? q.selectFrom('files').selectAll().where(ownedIds(owner, ids)).execute() : Promise.resolve([]),
    /** The condition for the owner's rows with these ids (non-empty), for updates and deletes by id. */
    ownedIds,

    async listFiles(owner: string, f: FileQuery): Promise<FileSummary[]> {
      if (f.search && !f.media && dialect === 'postgres') {
        const walked = await repo.boundedWalkQuery(owner, f, f.search).execute()
        if (walked.length === f.limit) return walked
      }
      return (await repo.fileListQuery(owner, f)).execute()
    },

    /** What listFiles runs (on PostgreSQL when the bounded walk did not fill the page); tests EXPLAIN it. */
    async fileListQuery(owner: string, f: FileQuery) {
      const match = f.search ? await nameContains(db, dialect, 'files', f.search) : undefined
      // With a short list of matching rowids, `+owner_id` (no index on it) keeps SQLite from
      // walking the owner's whole drive in sort order: it fetches those rows and sorts a few.
      const ownerFilter = match?.byRowid ? sql<SqlBool>`+files.owner_id = ${owner}` : sql<SqlBool>`files.owner_id = ${owner}`
      const q = scoped(ownerFilter, f)
      if (!match) return page(q.select(FILE_SUMMARY), f.sort, 'upload_date', f.cursor).limit(f.limit)
      const found = q.where(match.condition)
      if (match.byRowid || f.media) return page(found.select(FILE_SUMMARY), f.sort, 'upload_date', f.cursor).limit(f.limit)
      // A search walking the drive in list order (a common term): the walk reads only the sort's
      // index, which holds the names (files_drive_name; files_drive_date_names on PostgreSQL,
      // migration 007), testing each name there, and rows are read for the page's matches
      // alone. Read in full, every name passed on the way was a row fetched: matches that sort
      // late ("Invoice 1…" in 1M files) walked 371k rows in 2.5 s on PostgreSQL, 56 ms
      // index-only.
      const key = sortKey(f.sort)
      return wholeRows(page(found.select(['files.id', `files.${key}`]), f.sort, 'upload_date', f.cursor).limit(f.limit), f.sort)
    },

    /**
     * PostgreSQL's first try for a search: walk the first PG_WALK_ROWS entries of the sort's
     * index and keep the names that match. pg_trgm cannot tell a common term from a rare one
     * (it guessed 100 rows for a term in 10,000 of 1M names) and fetched all 10,000 through the
     * trigram index (~80 ms) where the walk fills a page from ~5,000 index entries (~3 ms). The
     * walk bounds what a rare term wastes; when it does not fill the page, fileListQuery runs.
     */
    boundedWalkQuery(owner: string, f: FileQuery, term: string) {
      const key = sortKey(f.sort)
      const columns = key === 'name_key' ? (['files.id', 'files.name_key'] as const) : (['files.id', 'files.upload_date', 'files.name_key'] as const)
      const walk = page(scoped(sql<SqlBool>`files.owner_id = ${owner}`, f).select(columns), f.sort, 'upload_date', f.cursor).limit(PG_WALK_ROWS)
      const dir = f.sort.endsWith('desc') ? 'desc' : 'asc'
      const keys = db
        .selectFrom(walk.as('w'))
        .select(['w.id', `w.${key}`])
        .where(nameLike('w.name_key', term))
        .orderBy(`w.${key}`, dir)
        .orderBy('w.id', dir)
        .limit(f.limit)
      return wholeRows(keys, f.sort)
    },

    async listFolders(
      owner: string,
      f: { parentId?: string | null; trashed: boolean; trashRootsOnly?: boolean; search?: string; sort: SortBy; limit?: number },
    ): Promise<Folder[]> {
      let q = db.selectFrom('folders').selectAll().where('owner_id', '=', owner).where('trashed', '=', f.trashed ? 1 : 0)
      if (f.parentId !== undefined) q = f.parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', f.parentId)
      if (f.trashRootsOnly) q = q.where('trash_root', '=', 1)
      if (f.search) q = q.where((await nameContains(db, dialect, 'folders', f.search)).condition)
      const sorted = page(q, f.sort, 'created_at')
      return (f.limit ? sorted.limit(f.limit) : sorted).execute()
    },

    /** Folders strictly inside `folder` (prefix match on the ancestors path). */
    descendants: (owner: string, folder: Folder, q: Db = db): Promise<Folder[]> =>
      q.selectFrom('folders').selectAll().where('owner_id', '=', owner).where(inSubtree(subtreePrefix(folder))).execute(),

    /** The level of the deepest folder strictly inside `folder` (Home's children are 1), or undefined. */
    async deepestBelow(owner: string, folder: Folder, q: Db = db): Promise<number | undefined> {
      // Counts the "/" of each path: no assumption on how long ids are.
      const r = await q
        .selectFrom('folders')
        .select(sql<number | null>`max(length(ancestors) - length(replace(ancestors, '/', '')))`.as('depth'))
        .where('owner_id', '=', owner)
        .where(inSubtree(subtreePrefix(folder)))
        .executeTakeFirst()
      return r?.depth == null ? undefined : Number(r.depth)
    },

    /** Ids of the folders whose parent is one of `parents` (non-empty). */
    childFolderIds: async (owner: string, parents: readonly string[], q: Db = db): Promise<string[]> =>
      (await q.selectFrom('folders').select('id').where('owner_id', '=', owner).where('parent_id', 'in', parents).execute()).map((r) => r.id),

    /**
     * The owner's folders among `ids` that are still `root` or inside it; on PostgreSQL they stay
     * locked until the transaction ends, so no upload or move lands in them meanwhile.
     */
    async stillInside(owner: string, root: Folder, ids: readonly string[], q: Db = db): Promise<string[]> {
      const prefix = subtreePrefix(root)
      // substr on rows found by id, not the range: the range would walk the whole subtree.
      const found = q
        .selectFrom('folders')
        .select('id')
        .where(ownedIds(owner, ids))
        .where(sql<SqlBool>`(id = ${root.id} or substr(ancestors, 1, ${prefix.length}) = ${prefix})`)
      return (await (dialect === 'postgres' ? found.forUpdate() : found).execute()).map((r) => r.id)
    },

    /** Whether a folder outside `ids` has its parent among them (non-empty). */
    async hasOtherChildren(ids: readonly string[], q: Db = db): Promise<boolean> {
      return !!(await q.selectFrom('folders').select('id').where('parent_id', 'in', ids).where('id', 'not in', ids).limit(1).executeTakeFirst())
    },

    async insertFolder(row: Folder, q: Db = db): Promise<void> {
      await q.insertInto('folders').values(row).execute()
    },
    async insertFile(row: FileRow, q: Db = db): Promise<void> {
      await q.insertInto('files').values(row).execute()
    },

    async usage(owner: string): Promise<{ usedBytes: number; fileCount: number }> {
      const r = await db
        .selectFrom('files')
        .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'), eb.fn.countAll<number>().as('n')])
        .where('owner_id', '=', owner)
        .executeTakeFirst()
      return { usedBytes: Number(r?.bytes ?? 0), fileCount: Number(r?.n ?? 0) }
    },
  }
  return repo
}
export type DriveRepository = ReturnType<typeof createDriveRepository>

/** The ancestors value of a folder's direct children. */
export const subtreePrefix = (f: Pick<Folder, 'ancestors' | 'id'>) => `${f.ancestors}${f.id}/`

/** How many levels below Home a folder sits: Home's children are level 1. */
export const folderDepth = (f: Pick<Folder, 'ancestors'>) => f.ancestors.split('/').length - 1

/**
 * Folders whose ancestors path starts with `prefix` (which ends in "/"): a range on the
 * (owner_id, ancestors) index. The paths that start so are exactly those from the prefix up to,
 * not including, the prefix with its last "/" raised to the next character, "0"; that holds where
 * text compares byte by byte (SQLite; the "C" collation of the column on PostgreSQL, migration
 * 009). `substr(ancestors, 1, n) = prefix` said the same but read every folder of the owner.
 */
export function inSubtree(prefix: string) {
  if (!prefix.endsWith('/')) throw new Error(`not a subtree prefix: ${prefix}`)
  return sql<SqlBool>`(ancestors >= ${prefix} and ancestors < ${`${prefix.slice(0, -1)}0`})`
}
