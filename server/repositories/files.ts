// SQL for file rows. Every call that reads a user's rows takes the owner's id, so no query can
// reach another user's files; callers turn "not found" into 404.
import { type CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely'
import type { Dialect } from '../db/database.ts'
import { preparedShapes, type Shaped } from '../db/prepared.ts'
import type { DB, FileRow, Folder } from '../db/schema.ts'
import { inSubtree, subtreePrefix } from './folders.ts'
import type { SortBy } from '../schemas/files.ts'
import { ownedIdsFor } from './owned-ids.ts'
import { type Cursor, cursorKeys, cursorOfKeys, type DateColumn, page, sortField, sortKey } from './paging.ts'
import { nameContains, nameLike } from './search.ts'
import { fileFilter, hasFilter, type ItemFilter } from './search-filters.ts'
import { accentKey } from '../util/name-match.ts'
import { nameKey as nameKeyOf } from '../util/names.ts'

export interface FileQuery {
  /** undefined = the whole drive. null = root. */
  folderId?: string | null
  /**
   * A folder and every live folder below it (a member's search inside a share): the files in
   * any of them. Trashed folders below hold trashed files only, which `trashed: false` leaves out.
   */
  subtree?: Pick<Folder, 'id' | 'ancestors' | 'owner_id'>
  trashed: boolean
  /** Only items trashed directly (the trash root). */
  trashRootsOnly?: boolean
  search?: string
  media?: 'all' | 'photos' | 'videos'
  sort: SortBy
  limit: number
  cursor?: Cursor
  /** Kind and date range (search-filters.ts). */
  filter?: ItemFilter
}

/** What a listed file needs (fileJson), and no more: lists stay cheap to read and to send. */
export const FILE_SUMMARY = [
  'id',
  'filename',
  'size',
  'upload_date',
  'taken_date',
  'folder_id',
  'has_thumbnail',
  'is_video',
  'thumbnail_id',
  'thumb_state',
  'link_type',
  'link_token',
  'trashed',
  'trashed_at',
  'added_by',
  'mime',
  'width',
  'height',
] as const satisfies ReadonlyArray<keyof FileRow>
export type FileSummary = Pick<FileRow, (typeof FILE_SUMMARY)[number]>

/** What a file's content sets on its row (services/drive/versions.ts). */
export type ContentColumns = Pick<
  FileRow,
  'blob_key' | 'size' | 'sha256' | 'enc' | 'mime' | 'upload_date' | 'is_video' | 'media' | 'thumb_state' | 'added_by'
>

/** The columns a delete needs: the row and the keys of its blobs. */
export type DoomedFile = Pick<FileRow, 'id' | 'blob_key' | 'thumbnail_key' | 'preview_key'>

/** Index entries PostgreSQL's bounded walk reads before it gives the search to the planner. */
const PG_WALK_ROWS = 20_000

/**
 * macOS's Finder files (.DS_Store, and "._name" AppleDouble files beside what it copies): kept for
 * Finder over WebDAV, left out of every web app list, in SQL so a page still holds `limit` rows.
 */
const NOT_FINDER_FILE = sql<SqlBool>`files.name_key <> '.ds_store' and substr(files.name_key, 1, 2) <> '._'`

/** The files a list may show before any search: owner, trash, folder, media, filters; never Finder's. */
export function scoped(db: Kysely<DB>, ownerFilter: RawBuilder<SqlBool>, f: FileQuery) {
  let q = db
    .selectFrom('files')
    .where(ownerFilter)
    .where('trashed', '=', f.trashed ? 1 : 0)
    .where(NOT_FINDER_FILE)
  if (f.folderId !== undefined)
    q = f.folderId === null ? q.where('folder_id', 'is', null) : q.where('folder_id', '=', f.folderId)
  if (f.subtree) {
    const { id, owner_id } = f.subtree
    const below = sql`select sub.id from folders sub where sub.owner_id = ${owner_id} and sub.trashed = 0 and ${inSubtree(subtreePrefix(f.subtree), 'sub.ancestors')}`
    q = q.where(sql<SqlBool>`(files.folder_id = ${id} or files.folder_id in (${below}))`)
  }
  if (f.trashRootsOnly) q = q.where('trash_root', '=', 1)
  if (f.media) {
    // A literal, not a bound 1: the gallery's indexes hold media rows only (migration 019).
    q = q.where(sql<SqlBool>`media = 1`)
    if (f.media !== 'all') q = q.where('is_video', '=', f.media === 'videos' ? 1 : 0)
  }
  if (f.filter) for (const c of fileFilter(f.filter)) q = q.where(c)
  return q
}

/**
 * The gallery's date is when a photo was taken; the trash's, when a file was trashed (a search in
 * the trash walks the upload-date index as every search does); every other list's, when a file
 * was uploaded.
 */
const dateColumn = (f: FileQuery): DateColumn =>
  f.media ? 'taken_date' : f.trashed && !f.search ? 'trashed_at' : 'upload_date'

/**
 * Whether a search may walk the sort's index testing names (date and name sorts, whose indexes
 * over the drive hold the names). Sorted by size or type, a search reads its matches and sorts them.
 */
const walksIndex = (f: FileQuery) => sortField(f.sort) === 'date' || sortField(f.sort) === 'alp'

/** A list without a search: its rows straight from the scope, in sort order, from the cursor on. */
const plainListQuery = (db: Kysely<DB>, { owner, f }: { owner: string; f: FileQuery }) =>
  page(
    scoped(db, sql<SqlBool>`files.owner_id = ${owner}`, f).select(FILE_SUMMARY),
    f.sort,
    dateColumn(f),
    f.cursor,
  ).limit(f.limit)

/**
 * The lists a folder view, the trash and the gallery ask for all the time, compiled once per
 * shape (prepared.ts): owner, folder, cursor and limit are bound, everything else picks the SQL.
 */
const plainListShapes: Shaped<{ owner: string; f: FileQuery }> = {
  shape: ({ f }) =>
    `${f.sort} ${f.trashed} ${f.folderId === undefined ? 'drive' : f.folderId === null ? 'root' : 'folder'} ${!!f.trashRootsOnly} ${f.media ?? ''} ${cursorKeys(f.sort, f.cursor) === undefined ? '' : f.cursor?.id ? 'key+id' : 'key'}`,
  // Two key slots: the type sort's cursor holds the type and the name; the others fill one.
  values: ({ owner, f }) => {
    const keys = cursorKeys(f.sort, f.cursor)
    return [
      owner,
      typeof f.folderId === 'string' ? f.folderId : undefined,
      keys?.[0],
      keys?.[1],
      keys !== undefined && f.cursor?.id ? f.cursor.id : undefined,
      f.limit,
    ]
  },
  // Marks are lower case: the cursor name's lowering in page() leaves its mark as it is.
  withMarks: ({ f }, [owner, folderId, key, second, id, limit]) => {
    const { cursor: _, ...rest } = f
    const marked =
      cursorKeys(f.sort, f.cursor) === undefined
        ? undefined
        : cursorOfKeys(f.sort, [key, second], f.cursor?.id ? id : undefined)
    return {
      owner: owner!,
      f: {
        ...rest,
        ...(typeof f.folderId === 'string' ? { folderId } : {}),
        ...(marked ? { cursor: marked } : {}),
        limit: limit as unknown as number,
      },
    }
  },
}
const plainLists = {
  sqlite: preparedShapes(plainListShapes, plainListQuery),
  postgres: preparedShapes(plainListShapes, plainListQuery),
}

/** `db` is the database or a transaction (drive.ts binds one per transaction). */
/** A file's columns for what is made from its bytes (thumbnail, preview), before the queue makes it. */
export const NOTHING_DERIVED = {
  has_thumbnail: 0,
  thumbnail_id: null,
  thumbnail_key: null,
  thumb_enc: null,
  thumb_size: null,
  preview_key: null,
  preview_enc: null,
  preview_size: null,
  preview_type: null,
  width: null,
  height: null,
  media_info: null,
} as const

/**
 * The insert of a file row, compiled once per dialect and set of columns (every upload inserts
 * one: Kysely built and compiled its 30 columns anew each time, ~40 µs of a small upload).
 */
const fileInserts = new Map<string, CompiledQuery>()
function insertOf(db: Kysely<DB>, dialect: Dialect, row: FileRow): CompiledQuery {
  // Kysely leaves undefined values out of an insert; so does this.
  const columns = (Object.keys(row) as Array<keyof FileRow>).filter((c) => row[c] !== undefined)
  const shape = `${dialect} ${columns.join(',')}`
  let compiled = fileInserts.get(shape)
  if (!compiled) {
    compiled = db.insertInto('files').values(row).compile()
    // Each value must be a parameter, in the columns' order, for others to be bound in its place.
    if (compiled.parameters.length !== columns.length || columns.some((c, i) => compiled!.parameters[i] !== row[c]))
      throw new Error('files insert: values are not parameters in column order')
    fileInserts.set(shape, compiled)
  }
  return { ...compiled, parameters: columns.map((c) => row[c]) }
}

export function createFilesRepository(db: Kysely<DB>, dialect: Dialect) {
  const ownedIds = ownedIdsFor(dialect)

  /** The rows of a page found as (id, sort key) pairs, in the keys' order. */
  function wholeRows(
    keys: SelectQueryBuilder<any, any, { id: string; name_key?: string; upload_date?: number }>,
    sort: SortBy,
  ) {
    const key = sortKey(sort)
    const dir = sort.endsWith('desc') ? 'desc' : 'asc'
    return db
      .selectFrom(keys.as('m'))
      .innerJoin('files', 'files.id', 'm.id')
      .select(FILE_SUMMARY.map((c) => `files.${c}` as const))
      .orderBy(`m.${key}`, dir)
      .orderBy('m.id', dir)
  }

  const files = {
    file: (owner: string, id: string): Promise<FileRow | undefined> =>
      db.selectFrom('files').selectAll().where('owner_id', '=', owner).where('id', '=', id).executeTakeFirst(),
    filesByIds: (owner: string, ids: readonly string[]): Promise<FileRow[]> =>
      ids.length ? db.selectFrom('files').selectAll().where(ownedIds(owner, ids)).execute() : Promise.resolve([]),
    byThumbnailId: (owner: string, thumbnailId: string): Promise<FileRow | undefined> =>
      db
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('thumbnail_id', '=', thumbnailId)
        .executeTakeFirst(),

    async listFiles(owner: string, f: FileQuery): Promise<FileSummary[]> {
      if (f.search && !f.media && dialect === 'postgres' && walksIndex(f)) {
        const walked = await files.boundedWalkQuery(owner, f, f.search).execute()
        if (walked.length === f.limit) return walked
      }
      // Filtered lists are rare and take no prepared shape.
      if (!f.search && !hasFilter(f.filter) && !f.subtree) return plainLists[dialect](db, { owner, f })
      return (await files.fileListQuery(owner, f)).execute()
    },

    /** What listFiles runs (on PostgreSQL when the bounded walk did not fill the page); tests EXPLAIN it. */
    async fileListQuery(owner: string, f: FileQuery) {
      const match = f.search ? await nameContains(db, dialect, 'files', f.search) : undefined
      if (!match) return plainListQuery(db, { owner, f })
      // With a short list of matching rowids, `+owner_id` (no index on it) keeps SQLite from
      // walking the owner's whole drive in sort order: it fetches those rows and sorts a few.
      const ownerFilter = match.byRowid
        ? sql<SqlBool>`+files.owner_id = ${owner}`
        : sql<SqlBool>`files.owner_id = ${owner}`
      const q = scoped(db, ownerFilter, f)
      const found = q.where(match.condition)
      if (match.byRowid || f.media || !walksIndex(f))
        return page(found.select(FILE_SUMMARY), f.sort, dateColumn(f), f.cursor).limit(f.limit)
      // A search walking the drive in list order (a common term): the walk reads only the sort's
      // index, which holds the names (files_drive_name; files_drive_date_names on PostgreSQL,
      // migration 007), testing each name there, and rows are read for the page's matches
      // alone. Read in full, every name passed on the way was a row fetched: matches that sort
      // late ("Invoice 1…" in 1M files) walked 371k rows in 2.5 s on PostgreSQL, 56 ms
      // index-only.
      const key = sortKey(f.sort)
      return wholeRows(
        page(found.select(['files.id', `files.${key}`]), f.sort, 'upload_date', f.cursor).limit(f.limit),
        f.sort,
      )
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
      const columns =
        key === 'name_key'
          ? (['files.id', 'files.name_key'] as const)
          : (['files.id', 'files.upload_date', 'files.name_key'] as const)
      const walk = page(
        scoped(db, sql<SqlBool>`files.owner_id = ${owner}`, f).select(columns),
        f.sort,
        'upload_date',
        f.cursor,
      ).limit(PG_WALK_ROWS)
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

    /** The active files of these folders (non-empty), in name order: a zip's entries. */
    activeInFolders: (owner: string, folderIds: readonly string[]): Promise<FileRow[]> =>
      db
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('trashed', '=', 0)
        .where('folder_id', 'in', folderIds)
        .orderBy('name_key')
        .execute(),

    /** Up to `limit` files of these folders (non-empty), with the keys a delete needs. */
    inFolders: (owner: string, folderIds: readonly string[], limit: number): Promise<DoomedFile[]> =>
      db
        .selectFrom('files')
        .select(['id', 'blob_key', 'thumbnail_key', 'preview_key'])
        .where('owner_id', '=', owner)
        .where('folder_id', 'in', folderIds)
        .limit(limit)
        .execute(),

    async insertFile(row: FileRow): Promise<void> {
      await db.executeQuery(insertOf(db, dialect, row))
    },
    /**
     * New bytes for a file (a replace, a WebDAV PUT over it, a version restored): the blob, its
     * size, type and uploader change, and what was derived from the old bytes goes (the thumbnail
     * queue makes it again). A thumbnail job running on the old bytes loses its claim, so it
     * cannot write them back.
     */
    async replaceContent(owner: string, id: string, c: ContentColumns): Promise<void> {
      await db
        .updateTable('files')
        .set({
          ...c,
          taken_date: c.upload_date,
          ...NOTHING_DERIVED,
        })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
    },
    /** The owner's files outside the trash named exactly `name` in `folderId` (null = Home), oldest first. */
    async named(owner: string, folderId: string | null, name: string): Promise<FileRow[]> {
      const q = db
        .selectFrom('files')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('trashed', '=', 0)
        .where('name_key', '=', nameKeyOf(name))
      const rows = await (folderId === null ? q.where('folder_id', 'is', null) : q.where('folder_id', '=', folderId))
        .orderBy('upload_date')
        .orderBy('id')
        .execute()
      return rows.filter((f) => f.filename === name)
    },
    async rename(owner: string, id: string, filename: string, nameKey: string, typeKey: string): Promise<void> {
      await db
        .updateTable('files')
        .set({ filename, name_key: nameKey, accent_key: accentKey(filename), type_key: typeKey })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
    },
    async move(owner: string, id: string, folderId: string | null): Promise<void> {
      await db
        .updateTable('files')
        .set({ folder_id: folderId })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
    },
    /** Puts one file in the trash on its own (a trash root). */
    async trash(owner: string, id: string, at: number): Promise<void> {
      await db
        .updateTable('files')
        .set({ trashed: 1, trash_root: 1, trashed_at: at })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
    },
    /** Brings a file back from the trash into `folderId` (null = Home). */
    async restore(owner: string, id: string, folderId: string | null): Promise<void> {
      await db
        .updateTable('files')
        .set({ trashed: 0, trash_root: 0, trashed_at: null, folder_id: folderId })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
    },
    /** Deletes the owner's files with these ids (non-empty, at most a few hundred). */
    async deleteByIds(owner: string, ids: readonly string[]): Promise<void> {
      await db.deleteFrom('files').where(ownedIds(owner, ids)).execute()
    },
    /** The ids of the owner's trash roots (what "Empty trash" deletes; the rest goes with its folder). */
    trashRoots: async (owner: string): Promise<string[]> =>
      (
        await db.selectFrom('files').select('id').where('owner_id', '=', owner).where('trash_root', '=', 1).execute()
      ).map((r) => r.id),
    /** Every user's trash roots trashed before `cutoff` (the retention sweep). */
    trashRootsBefore: (cutoff: number): Promise<Array<{ id: string; owner_id: string }>> =>
      db
        .selectFrom('files')
        .select(['id', 'owner_id'])
        .where('trash_root', '=', 1)
        .where('trashed_at', '<', cutoff)
        .execute(),

    /**
     * The owner's bytes on disk by what holds them, each blob once (migration 029's blob_refs):
     * a blob any file outside the trash names is the files'; else one a version names is the
     * versions'; else it is the trash's. The three add up to users.used_bytes.
     */
    async bytesOnDisk(owner: string): Promise<{ files: number; versions: number; trash: number }> {
      const live = sql`exists (select 1 from files f where f.blob_key = b.key and f.trashed = 0)`
      const versioned = sql`exists (select 1 from file_versions v where v.blob_key = b.key)`
      const r = await sql<{ files: number | string; versions: number | string; total: number | string }>`
        select coalesce(sum(case when ${live} then b.size else 0 end), 0) as files,
          coalesce(sum(case when not ${live} and ${versioned} then b.size else 0 end), 0) as versions,
          coalesce(sum(b.size), 0) as total
        from blob_refs b where b.owner_id = ${owner}`.execute(db)
      const row = r.rows[0]
      const files = Number(row?.files ?? 0)
      const versions = Number(row?.versions ?? 0)
      return { files, versions, trash: Number(row?.total ?? 0) - files - versions }
    },
    async usage(owner: string): Promise<{ usedBytes: number; fileCount: number }> {
      const r = await db
        .selectFrom('files')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where('owner_id', '=', owner)
        .executeTakeFirst()
      return { usedBytes: Number(r?.bytes ?? 0), fileCount: Number(r?.n ?? 0) }
    },
  }
  return files
}
export type FilesRepository = ReturnType<typeof createFilesRepository>
