// Turns the list parameters of SPEC §3 into repository queries (DESIGN.md §4 "Lists").
import type { FileRow, Folder } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { FileSummary } from '../../repositories/files.ts'
import type { Cursor } from '../../repositories/paging.ts'
import type {
  FileListQuery,
  FolderListQuery,
  MoveFolderListQuery,
  SortBy,
  SuggestedQuery,
} from '../../schemas/files.ts'
import { typeKey } from '../../util/names.ts'

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

/** Folders have no size and all share one type: sorted by either, they come by name. */
const folderSort = (sort: SortBy): SortBy =>
  sort.startsWith('size') || sort.startsWith('type') ? (sort.endsWith('asc') ? 'alp_asc' : 'alp_desc') : sort

/**
 * What a list may cover: the owner's whole drive (searches, trash, media), or for a member, one
 * folder shared with them: its live children only, a search among them, never the owner's trash,
 * gallery or other folders.
 */
export type ListScope = 'drive' | 'folder'

export function createListingService(repo: DriveRepository) {
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

    async files(owner: string, q: FileListQuery, scope: ListScope = 'drive'): Promise<FileSummary[]> {
      const sort: SortBy = q.sortBy ?? 'date_desc'
      const limit = q.limit ?? 50
      const trashed = flag(q.trashMode)
      const search = q.search?.trim() || undefined
      const cursor = cursorOf(q)
      const base = { sort, limit, ...(cursor ? { cursor } : {}) }
      if (scope === 'folder') {
        const folder = await ownFolder(owner, q.parent ?? '', false)
        return repo.files.listFiles(owner, {
          ...base,
          trashed: false,
          folderId: folder.id,
          ...(search ? { search } : {}),
        })
      }
      if (flag(q.mediaMode))
        return repo.files.listFiles(owner, {
          ...base,
          trashed: false,
          media: q.mediaFilter ?? 'all',
          ...(search ? { search } : {}),
        })
      if (search) return repo.files.listFiles(owner, { ...base, trashed, search })
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

    async suggested(owner: string, q: SuggestedQuery): Promise<{ folders: Folder[]; files: FileSummary[] }> {
      const search = q.search?.trim()
      if (!search) return { folders: [], files: [] }
      const trashed = flag(q.trashMode)
      const media = flag(q.mediaMode)
      const files = await repo.files.listFiles(owner, {
        trashed: media ? false : trashed,
        search,
        sort: 'date_desc',
        limit: 10,
        ...(media ? { media: 'all' as const } : {}),
      })
      const folders = media
        ? []
        : await repo.folders.listFolders(owner, { trashed, search, sort: 'date_desc', limit: 10 })
      return { folders, files }
    },

    async folders(owner: string, q: FolderListQuery, scope: ListScope = 'drive'): Promise<Folder[]> {
      const sort = folderSort(q.sortBy ?? 'date_desc')
      const trashed = flag(q.trashMode)
      const search = q.search?.trim() || undefined
      const base = { sort, trashed, ...(q.limit ? { limit: q.limit } : {}) }
      if (scope === 'folder') {
        const folder = await ownFolder(owner, q.parent ?? '', false)
        return repo.folders.listFolders(owner, {
          ...base,
          trashed: false,
          parentId: folder.id,
          ...(search ? { search } : {}),
        })
      }
      if (search) return repo.folders.listFolders(owner, { ...base, search })
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
