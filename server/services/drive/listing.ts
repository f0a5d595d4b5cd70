// Turns the list parameters of SPEC §3 into repository queries (DESIGN.md §4 "Lists").
import type { FileRow, Folder } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { FileSummary } from '../../repositories/files.ts'
import type { Cursor } from '../../repositories/paging.ts'
import type {
  FileListQuery,
  FolderListQuery,
  ListSortBy,
  MoveFolderListQuery,
  SortBy,
  SuggestedQuery,
} from '../../schemas/files.ts'
import type { ItemFilter } from '../../repositories/search-filters.ts'
import { typeKey } from '../../util/names.ts'
import { createSearchService, type PathView, type WithSearch } from './search.ts'

export const flag = (v: unknown) => v === true || v === 'true'
const ROOT = (parent: string | undefined) => parent === undefined || parent === '/' || parent === ''

/** Repeated (`a[]=x&a[]=y`), plain repeated, or comma-separated id lists. */
export function idList(...values: Array<string | string[] | undefined>): string[] {
  const out = values.flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')))
  return [...new Set(out.map((s) => s.trim()).filter(Boolean))]
}

export function cursorOf(q: FileListQuery): Cursor | undefined {
  if (
    q.startAtDate === undefined &&
    q.startAtName === undefined &&
    q.startAtSize === undefined &&
    q.startAtId === undefined
  )
    return undefined
  let date: number | undefined
  if (q.startAtDate !== undefined && q.startAtDate !== '') {
    date = /^\d+$/.test(q.startAtDate) ? Number(q.startAtDate) : Date.parse(q.startAtDate)
    if (Number.isNaN(date)) throw errors.badRequest('startAtDate must be a date')
  }
  return {
    ...(date !== undefined ? { date } : {}),
    ...(q.startAtName !== undefined ? { name: q.startAtName, type: typeKey(q.startAtName) } : {}),
    ...(q.startAtSize !== undefined ? { size: q.startAtSize } : {}),
    ...(q.startAtId ? { id: q.startAtId } : {}),
  }
}

/** A `YYYY-MM-DD` day's first millisecond (UTC), or a 400. */
function dayStart(day: string, name: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`)
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day)
    throw errors.badRequest(`${name} must be a date as YYYY-MM-DD`)
  return ms
}

/** The kind and date filters of a list query (from and to are inclusive days). */
export function filterOf(q: { kind?: ItemFilter['kind']; from?: string; to?: string }): ItemFilter | undefined {
  if (q.kind === undefined && q.from === undefined && q.to === undefined) return undefined
  const from = q.from === undefined ? undefined : dayStart(q.from, 'from')
  const to = q.to === undefined ? undefined : dayStart(q.to, 'to') + 86_400_000
  if (from !== undefined && to !== undefined && from >= to) throw errors.badRequest('from must not be after to')
  return {
    ...(q.kind !== undefined ? { kind: q.kind } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  }
}

/** The stored order a list sorts by; `relevance` needs a search (400 otherwise). */
function storedSort(sort: ListSortBy | undefined, search: string | undefined): SortBy {
  if (sort !== 'relevance') return sort ?? 'date_desc'
  if (!search) throw errors.badRequest('sortBy=relevance needs a search')
  return 'alp_asc'
}

/** Folders have no size and all share one type: sorted by either, they come by name. */
const folderSort = (sort: SortBy): SortBy =>
  sort.startsWith('size') || sort.startsWith('type') ? (sort.endsWith('asc') ? 'alp_asc' : 'alp_desc') : sort

/**
 * What a list may cover: the owner's whole drive (searches, trash, media), or for a member, one
 * folder shared with them (or a folder inside one): its live children, and a search through its
 * live subtree, never the owner's trash, gallery or folders outside it.
 */
export type ListScope = 'drive' | 'folder'

/** What a list may read for a caller who reached its folder: the owner their drive, a member the share. */
export const scopeFor = (reach: { role: string }): ListScope => (reach.role === 'owner' ? 'drive' : 'folder')

export function createListingService(repo: DriveRepository) {
  const search = createSearchService(repo)
  /** A folder that must belong to the owner (404 otherwise); `trashed` must match the mode. */
  async function ownFolder(owner: string, id: string, trashed: boolean): Promise<Folder> {
    const folder = await repo.folders.folder(owner, id)
    if (!folder || (!trashed && folder.trashed)) throw errors.notFound('Folder')
    return folder
  }

  return {
    /** What the owner keeps: bytes and files, trash included (the account page). */
    usage: (owner: string) => repo.files.usage(owner),
    /** What the owner's bytes are used by: current contents outside the trash, versions, the trash. */
    usedBy: (owner: string): Promise<{ files: number; versions: number; trash: number }> =>
      repo.files.bytesOnDisk(owner),
    /** One of the owner's files, trashed or not (404 otherwise). */
    file: async (owner: string, id: string): Promise<FileRow> =>
      (await repo.files.file(owner, id)) ?? Promise.reject(errors.notFound('File')),
    /** One of the owner's folders, trashed or not (404 otherwise). */
    folder: (owner: string, id: string): Promise<Folder> => ownFolder(owner, id, true),

    async files(
      owner: string,
      q: FileListQuery,
      scope: ListScope = 'drive',
      view?: PathView,
    ): Promise<WithSearch<FileSummary>[]> {
      const text = q.search?.trim() || undefined
      const sort = storedSort(q.sortBy, text)
      const limit = q.limit ?? 50
      const trashed = flag(q.trashMode)
      const filter = filterOf(q)
      const cursor = cursorOf(q)
      const media = flag(q.mediaMode)
      const within = scope === 'folder' ? await ownFolder(owner, q.parent ?? '', false) : undefined
      if (text && q.sortBy === 'relevance') {
        const rows = await search.rankedFiles(
          owner,
          {
            trashed: within || media ? false : trashed,
            ...(within ? { subtree: within } : media ? { media: q.mediaFilter ?? 'all' } : {}),
            ...(filter ? { filter } : {}),
          },
          text,
          {
            content: !media || !!within,
            limit,
            ...(q.startAtRank !== undefined
              ? { cursor: { rank: q.startAtRank, name: q.startAtName ?? '', id: q.startAt ?? q.startAtId } }
              : {}),
          },
        )
        return search.filePaths(owner, rows, view)
      }
      const base = { sort, limit, ...(cursor ? { cursor } : {}), ...(filter ? { filter } : {}) }
      const found = async (rows: Promise<FileSummary[]>) => (text ? search.filePaths(owner, await rows, view) : rows)
      // A search inside a share covers its whole subtree; its list shows the folder's own files.
      if (within)
        return found(
          repo.files.listFiles(owner, {
            ...base,
            trashed: false,
            ...(text ? { search: text, subtree: within } : { folderId: within.id }),
          }),
        )
      if (media)
        return found(
          repo.files.listFiles(owner, {
            ...base,
            trashed: false,
            media: q.mediaFilter ?? 'all',
            ...(text ? { search: text } : {}),
          }),
        )
      if (text) return found(repo.files.listFiles(owner, { ...base, trashed, search: text }))
      if (ROOT(q.parent))
        return repo.files.listFiles(owner, {
          ...base,
          trashed,
          ...(trashed ? { trashRootsOnly: true } : { folderId: null }),
        })
      const folder = await ownFolder(owner, q.parent!, trashed)
      return repo.files.listFiles(owner, { ...base, trashed, folderId: folder.id })
    },

    quick: (owner: string) => repo.files.listFiles(owner, { trashed: false, sort: 'date_desc', limit: 20 }),

    /** The suggestions under the search box: the best ten files and folders by relevance, with paths. */
    async suggested(
      owner: string,
      q: SuggestedQuery,
      scope: ListScope = 'drive',
      view?: PathView,
    ): Promise<{ folders: WithSearch<Folder>[]; files: WithSearch<FileSummary>[] }> {
      const text = q.search?.trim()
      if (!text) return { folders: [], files: [] }
      // Inside a share, the suggestions come from its subtree alone, as its search does.
      const within = scope === 'folder' ? await ownFolder(owner, q.parent ?? '', false) : undefined
      const media = !within && flag(q.mediaMode)
      const trashed = media || within ? false : flag(q.trashMode)
      const at = within ? { subtree: within } : {}
      const files = await search.rankedFiles(
        owner,
        { trashed, ...at, ...(media ? { media: 'all' as const } : {}) },
        text,
        { content: !media, limit: 10 },
      )
      let folders = media ? [] : await search.rankedFolders(owner, { trashed, ...at }, text, 10)
      // Text with no word ("%", "_") ranks nothing: today's literal name match fills up to ten.
      const fill = async <T extends { id: string }>(ranked: T[], literal: () => Promise<T[]>) =>
        ranked.length >= 10
          ? ranked
          : [...ranked, ...(await literal()).filter((r) => !ranked.some((x) => x.id === r.id))].slice(0, 10)
      const filled = await fill(files, () =>
        repo.files.listFiles(owner, {
          trashed,
          search: text,
          sort: 'date_desc',
          limit: 10,
          ...at,
          ...(media ? { media: 'all' as const } : {}),
        }),
      )
      if (!media)
        folders = await fill(folders, () =>
          repo.folders.listFolders(owner, { trashed, search: text, sort: 'date_desc', limit: 10, ...at }),
        )
      return {
        folders: await search.folderPaths(owner, folders, view),
        files: await search.filePaths(owner, filled, view),
      }
    },

    async folders(
      owner: string,
      q: FolderListQuery,
      scope: ListScope = 'drive',
      view?: PathView,
    ): Promise<WithSearch<Folder>[]> {
      const text = q.search?.trim() || undefined
      const sort = folderSort(storedSort(q.sortBy, text))
      const trashed = flag(q.trashMode)
      const filter = filterOf(q)
      const within = scope === 'folder' ? await ownFolder(owner, q.parent ?? '', false) : undefined
      if (text && q.sortBy === 'relevance') {
        const rows = await search.rankedFolders(
          owner,
          { trashed: within ? false : trashed, ...(within ? { subtree: within } : {}), ...(filter ? { filter } : {}) },
          text,
          Math.min(q.limit ?? 1000, 1000),
        )
        return search.folderPaths(owner, rows, view)
      }
      const base = { sort, trashed, ...(q.limit ? { limit: q.limit } : {}), ...(filter ? { filter } : {}) }
      if (within) {
        const rows = await repo.folders.listFolders(owner, {
          ...base,
          trashed: false,
          ...(text ? { search: text, subtree: within } : { parentId: within.id }),
        })
        return text ? search.folderPaths(owner, rows, view) : rows
      }
      if (text) return search.folderPaths(owner, await repo.folders.listFolders(owner, { ...base, search: text }), view)
      if (ROOT(q.parent))
        return repo.folders.listFolders(owner, {
          ...base,
          ...(trashed ? { trashRootsOnly: true } : { parentId: null }),
        })
      const folder = await ownFolder(owner, q.parent!, trashed)
      return repo.folders.listFolders(owner, { ...base, parentId: folder.id })
    },

    /** Destinations for a move: never a moved folder, anything inside one, or the trash. */
    async moveTargets(owner: string, q: MoveFolderListQuery, scope: ListScope = 'drive'): Promise<Folder[]> {
      const excluded = new Set(idList(q.folderIDs, q['folderIDs[]']))
      const search = q.search?.trim() || undefined
      let list: Folder[]
      if (scope === 'folder')
        list = await repo.folders.listFolders(owner, {
          trashed: false,
          parentId: (await ownFolder(owner, q.parent ?? '', false)).id,
          ...(search ? { search } : {}),
          sort: 'alp_asc',
        })
      else if (search) list = await repo.folders.listFolders(owner, { trashed: false, search, sort: 'alp_asc' })
      else if (ROOT(q.parent))
        list = await repo.folders.listFolders(owner, { trashed: false, parentId: null, sort: 'alp_asc' })
      else
        list = await repo.folders.listFolders(owner, {
          trashed: false,
          parentId: (await ownFolder(owner, q.parent!, false)).id,
          sort: 'alp_asc',
        })
      return list.filter((f) => !excluded.has(f.id) && !f.ancestors.split('/').some((a) => excluded.has(a)))
    },
  }
}
export type ListingService = ReturnType<typeof createListingService>
