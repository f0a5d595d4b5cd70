// What removing an account needs beyond the tree's own deletes: the items at the top of its
// drive, its links and unfinished uploads, and the last transaction that deletes the user row.
import type { Kysely } from 'kysely'
import type { DB, UploadRow } from '../db/schema.ts'

export function createAccountRowsRepository(db: Kysely<DB>) {
  return {
    /** Up to `limit` folders and files directly in Home, trashed or not. */
    async topItems(owner: string, limit: number): Promise<Array<{ type: 'file' | 'folder'; id: string }>> {
      const folders = await db
        .selectFrom('folders')
        .select('id')
        .where('owner_id', '=', owner)
        .where('parent_id', 'is', null)
        .limit(limit)
        .execute()
      const files = await db
        .selectFrom('files')
        .select('id')
        .where('owner_id', '=', owner)
        .where('folder_id', 'is', null)
        .limit(limit)
        .execute()
      return [
        ...folders.map((f) => ({ type: 'folder' as const, id: f.id })),
        ...files.map((f) => ({ type: 'file' as const, id: f.id })),
      ]
    },
    async removeLinks(owner: string): Promise<void> {
      await db.deleteFrom('share_links').where('owner_id', '=', owner).execute()
    },
    uploads: (owner: string): Promise<UploadRow[]> =>
      db.selectFrom('uploads').selectAll().where('owner_id', '=', owner).execute(),
    async removeUpload(owner: string, id: string): Promise<void> {
      await db.deleteFrom('uploads').where('owner_id', '=', owner).where('id', '=', id).execute()
    },
    /** Blob keys of whatever files the owner still has (written while the drive was removed). */
    async remainingBlobKeys(owner: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select(['blob_key', 'thumbnail_key', 'preview_key'])
        .where('owner_id', '=', owner)
        .execute()
      const versions = await db
        .selectFrom('file_versions')
        .select('blob_key')
        .where('file_id', 'in', db.selectFrom('files').select('id').where('owner_id', '=', owner))
        .execute()
      return rows
        .flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter((k): k is string => !!k))
        .concat(versions.map((v) => v.blob_key))
    },
    /** Deletes the user row; what is left of theirs goes with it by the foreign keys' cascade. */
    async removeUser(id: string): Promise<boolean> {
      const res = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()
      return Number(res.numDeletedRows) === 1
    },
  }
}
export type AccountRowsRepository = ReturnType<typeof createAccountRowsRepository>
