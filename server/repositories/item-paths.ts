// Where an item sits, whoever owns it: the reads of files and folders that do not take the
// owner's id. The access check (services/drive/access.ts) uses it to learn the owner and the
// path, then every further read takes that owner's id as before.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import { DAV_FILE, DAV_FOLDER, type DavFile, type DavFolder } from './dav.ts'

/** An item's owner and path: `ancestors` is the folder path above it ("/a/b/"), `folderId` its folder. */
export interface ItemPath {
  id: string
  ownerId: string
  /** The folder holding it (null: the owner's Home); for a folder, its parent. */
  folderId: string | null
  /** The ids above it as a path, root first ("/a/b/"): for a file, its folder's path plus the folder. */
  ancestors: string
  trashed: boolean
  /** Who made it, when not its owner. */
  addedBy: string | null
}

export interface PersonName {
  id: string
  display_name: string
  drive_version: number
}

export function createItemPathsRepository(db: Kysely<DB>) {
  const fileQuery = () =>
    db
      .selectFrom('files')
      .leftJoin('folders', 'folders.id', 'files.folder_id')
      .select([
        'files.id',
        'files.owner_id',
        'files.folder_id',
        'files.trashed',
        'files.added_by',
        'folders.ancestors as folder_ancestors',
      ])
  const toPath = (r: {
    id: string
    owner_id: string
    folder_id: string | null
    trashed: number
    added_by: string | null
    folder_ancestors: string | null
  }): ItemPath => ({
    id: r.id,
    ownerId: r.owner_id,
    folderId: r.folder_id,
    ancestors: r.folder_id ? `${r.folder_ancestors ?? '/'}${r.folder_id}/` : '/',
    trashed: r.trashed === 1,
    addedBy: r.added_by,
  })
  return {
    async file(id: string): Promise<ItemPath | undefined> {
      const r = await fileQuery().where('files.id', '=', id).executeTakeFirst()
      return r && toPath(r)
    },
    async fileByThumbnail(thumbnailId: string): Promise<ItemPath | undefined> {
      const r = await fileQuery().where('files.thumbnail_id', '=', thumbnailId).executeTakeFirst()
      return r && toPath(r)
    },
    async folder(id: string): Promise<ItemPath | undefined> {
      const r = await db
        .selectFrom('folders')
        .select(['id', 'owner_id', 'parent_id', 'ancestors', 'trashed', 'added_by'])
        .where('id', '=', id)
        .executeTakeFirst()
      return (
        r && {
          id: r.id,
          ownerId: r.owner_id,
          folderId: r.parent_id,
          ancestors: r.ancestors,
          trashed: r.trashed === 1,
          addedBy: r.added_by,
        }
      )
    },
    /**
     * The live items of these ids with their owners, as WebDAV lists them: the items shared with
     * a caller ("Shared with me", services/dav/shared.ts), read at once. The ids come from the
     * caller's received shares, never from the request.
     */
    async liveItems(
      folderIds: readonly string[],
      fileIds: readonly string[],
    ): Promise<{ folders: Array<DavFolder & { owner_id: string }>; files: Array<DavFile & { owner_id: string }> }> {
      const folders = folderIds.length
        ? await db
            .selectFrom('folders')
            .select([...DAV_FOLDER, 'owner_id'])
            .where('id', 'in', folderIds)
            .where('trashed', '=', 0)
            .execute()
        : []
      const files = fileIds.length
        ? await db
            .selectFrom('files')
            .select([...DAV_FILE, 'owner_id'])
            .where('id', 'in', fileIds)
            .where('trashed', '=', 0)
            .execute()
        : []
      return { folders, files }
    },
    /** Display names (and drive versions) of accounts, for an item's owner and its "added by". */
    async people(ids: readonly string[]): Promise<Map<string, PersonName>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('users')
        .select(['id', 'display_name', 'drive_version'])
        .where('id', 'in', [...new Set(ids)])
        .execute()
      return new Map(rows.map((r) => [r.id, { ...r, drive_version: Number(r.drive_version) }]))
    },
  }
}

export type ItemPathsRepository = ReturnType<typeof createItemPathsRepository>
