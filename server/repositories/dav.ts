// SQL of WebDAV: children found by exact name or listed a page at a time in the name order
// paths are resolved in, dead properties, and locks. Every call takes the owner's id.
import type { Kysely } from 'kysely'
import type { DavLock, DB, FileRow, Folder } from '../db/schema.ts'

/** Where a page of children starts: after this (name_key, id). */
export interface ChildCursor {
  nameKey: string
  id: string
}

/** What a listed file needs (properties, etag): no thumbnail or sharing columns. */
export const DAV_FILE = ['id', 'folder_id', 'filename', 'name_key', 'size', 'mime', 'upload_date', 'blob_key'] as const
export type DavFile = Pick<FileRow, (typeof DAV_FILE)[number]>
export const DAV_FOLDER = ['id', 'parent_id', 'ancestors', 'name', 'name_key', 'created_at', 'updated_at'] as const
export type DavFolder = Pick<Folder, (typeof DAV_FOLDER)[number]>

export function createDavRepository(db: Kysely<DB>) {
  const inParent = <Q extends { where: (...a: any[]) => Q }>(
    q: Q,
    column: 'folder_id' | 'parent_id',
    parentId: string | null,
  ): Q => (parentId === null ? q.where(column, 'is', null) : q.where(column, '=', parentId))

  return {
    /** The active folders named `nameKey` in `parentId` (null = Home), by id: one name's candidates. */
    foldersKeyed: (owner: string, parentId: string | null, nameKey: string): Promise<DavFolder[]> =>
      inParent(
        db.selectFrom('folders').select(DAV_FOLDER).where('owner_id', '=', owner).where('trashed', '=', 0),
        'parent_id',
        parentId,
      )
        .where('name_key', '=', nameKey)
        .orderBy('id')
        .execute(),
    filesKeyed: (owner: string, folderId: string | null, nameKey: string): Promise<DavFile[]> =>
      inParent(
        db.selectFrom('files').select(DAV_FILE).where('owner_id', '=', owner).where('trashed', '=', 0),
        'folder_id',
        folderId,
      )
        .where('name_key', '=', nameKey)
        .orderBy('id')
        .execute(),

    /** A page of the active subfolders of `parentId`, in (name_key, id) order (the folders_parent_name index). */
    folderPage(
      owner: string,
      parentId: string | null,
      after: ChildCursor | undefined,
      limit: number,
    ): Promise<DavFolder[]> {
      let q = inParent(
        db.selectFrom('folders').select(DAV_FOLDER).where('owner_id', '=', owner).where('trashed', '=', 0),
        'parent_id',
        parentId,
      )
      if (after)
        q = q.where((eb) =>
          eb.or([
            eb('name_key', '>', after.nameKey),
            eb.and([eb('name_key', '=', after.nameKey), eb('id', '>', after.id)]),
          ]),
        )
      return q.orderBy('name_key').orderBy('id').limit(limit).execute()
    },
    /** A page of the active files of `folderId`, in (name_key, id) order (the files_folder_name index). */
    filePage(
      owner: string,
      folderId: string | null,
      after: ChildCursor | undefined,
      limit: number,
    ): Promise<DavFile[]> {
      let q = inParent(
        db.selectFrom('files').select(DAV_FILE).where('owner_id', '=', owner).where('trashed', '=', 0),
        'folder_id',
        folderId,
      )
      if (after)
        q = q.where((eb) =>
          eb.or([
            eb('name_key', '>', after.nameKey),
            eb.and([eb('name_key', '=', after.nameKey), eb('id', '>', after.id)]),
          ]),
        )
      return q.orderBy('name_key').orderBy('id').limit(limit).execute()
    },

    /** The owner's folders of these ids, trashed or not (the names above a shared item). */
    foldersById: (owner: string, ids: readonly string[]): Promise<DavFolder[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('folders').select(DAV_FOLDER).where('owner_id', '=', owner).where('id', 'in', ids).execute(),
    /** Dead properties of these resources (non-empty), by resource. */
    properties: (
      owner: string,
      ids: readonly string[],
    ): Promise<Array<{ resource_id: string; name: string; value: string }>> =>
      db
        .selectFrom('dav_properties')
        .select(['resource_id', 'name', 'value'])
        .where('owner_id', '=', owner)
        .where('resource_id', 'in', ids)
        .orderBy('name')
        .execute(),
    async setProperty(owner: string, resourceId: string, name: string, value: string): Promise<void> {
      await db
        .insertInto('dav_properties')
        .values({ owner_id: owner, resource_id: resourceId, name, value })
        .onConflict((oc) => oc.columns(['resource_id', 'name']).doUpdateSet({ value }))
        .execute()
    },
    async removeProperty(owner: string, resourceId: string, name: string): Promise<void> {
      await db
        .deleteFrom('dav_properties')
        .where('owner_id', '=', owner)
        .where('resource_id', '=', resourceId)
        .where('name', '=', name)
        .execute()
    },
    /** Gives `to` a copy of `from`'s dead properties (COPY). */
    async copyProperties(owner: string, from: string, to: string): Promise<void> {
      const rows = await db
        .selectFrom('dav_properties')
        .select(['name', 'value'])
        .where('owner_id', '=', owner)
        .where('resource_id', '=', from)
        .execute()
      if (rows.length)
        await db
          .insertInto('dav_properties')
          .values(rows.map((r) => ({ ...r, owner_id: owner, resource_id: to })))
          .execute()
    },
    countProperties: async (owner: string, resourceId: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('dav_properties')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('owner_id', '=', owner)
            .where('resource_id', '=', resourceId)
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    /** The owner's locks that have not expired (a client holds a few; LOCK caps them). */
    liveLocks: (owner: string, now: number): Promise<DavLock[]> =>
      db.selectFrom('dav_locks').selectAll().where('owner_id', '=', owner).where('expires_at', '>', now).execute(),
    async insertLock(lock: DavLock): Promise<void> {
      await db.insertInto('dav_locks').values(lock).execute()
    },
    async refreshLock(owner: string, token: string, timeoutSeconds: number, expiresAt: number): Promise<void> {
      await db
        .updateTable('dav_locks')
        .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
        .where('owner_id', '=', owner)
        .where('token', '=', token)
        .execute()
    },
    async deleteLocks(owner: string, tokens: readonly string[]): Promise<void> {
      if (tokens.length)
        await db.deleteFrom('dav_locks').where('owner_id', '=', owner).where('token', 'in', tokens).execute()
    },
    /** Housekeeping: expired locks. */
    async sweepLocks(now: number): Promise<void> {
      await db.deleteFrom('dav_locks').where('expires_at', '<=', now).execute()
    },
  }
}
export type DavRepository = ReturnType<typeof createDavRepository>
