// SQL for resumable uploads. Every read and write of one upload takes the owner's id, so another
// user's upload id finds nothing (404), as for files.
import type { Insertable, Kysely } from 'kysely'
import type { DB, UploadRow, UploadsTable } from '../db/schema.ts'

export function createUploadsRepository(db: Kysely<DB>) {
  return {
    insert: (row: Insertable<UploadsTable>) => db.insertInto('uploads').values(row).execute(),
    /**
     * One upload of the owner's. `linkId` binds the lookup to the way in: null = the owner's own
     * uploads only, a link id = that link's only (so an id never opens through another door);
     * left out = either (re-reading a row already found).
     */
    upload: (owner: string, id: string, linkId?: string | null): Promise<UploadRow | undefined> => {
      const q = db.selectFrom('uploads').selectAll().where('owner_id', '=', owner).where('id', '=', id)
      return (
        linkId === undefined ? q : linkId === null ? q.where('link_id', 'is', null) : q.where('link_id', '=', linkId)
      ).executeTakeFirst()
    },
    /**
     * One upload of the signed-in route (no link) that `uploader` made: their own (no added_by), or
     * one they added to a folder shared with them. Its owner alone does not open a member's upload.
     */
    byUploader: (uploader: string, id: string): Promise<UploadRow | undefined> =>
      db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .where('link_id', 'is', null)
        .where((eb) =>
          eb.or([eb('added_by', '=', uploader), eb.and([eb('added_by', 'is', null), eb('owner_id', '=', uploader)])]),
        )
        .executeTakeFirst(),
    /**
     * Takes the upload's write lease until `until` unless a live lease is held (by another PATCH,
     * here or on another instance): one conditional update, so exactly one taker wins.
     */
    async lease(owner: string, id: string, lease: string, now: number, until: number): Promise<boolean> {
      const res = await db
        .updateTable('uploads')
        .set({ lease, lease_until: until })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** Extends a held lease (a long PATCH); false when it was lost. */
    async renew(id: string, lease: string, until: number): Promise<boolean> {
      const res = await db
        .updateTable('uploads')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('lease', '=', lease)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** Gives the lease back and moves the expiry (activity keeps an upload alive). */
    release: (id: string, lease: string, expiresAt: number) =>
      db
        .updateTable('uploads')
        .set({ lease: null, lease_until: null, expires_at: expiresAt })
        .where('id', '=', id)
        .where('lease', '=', lease)
        .execute(),
    /** Marks the upload as the file `fileId` (in the transaction that made the file). */
    finished: (id: string, fileId: string) =>
      db.updateTable('uploads').set({ file_id: fileId }).where('id', '=', id).execute(),
    /** A link's unfinished uploads, oldest first (the owner's list of them, and the revoke that ends them). */
    linkUploads: (owner: string, linkId: string, limit: number): Promise<UploadRow[]> =>
      db
        .selectFrom('uploads')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('link_id', '=', linkId)
        .where('file_id', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** Drops every lease: at start, when this process is the only one (SQLite), no holder is alive. */
    releaseAll: () =>
      db.updateTable('uploads').set({ lease: null, lease_until: null }).where('lease', 'is not', null).execute(),
    remove: (id: string) => db.deleteFrom('uploads').where('id', '=', id).execute(),
    /** Uploads past their expiry whose lease (if any) is over, oldest first. */
    expired: (now: number, limit: number): Promise<UploadRow[]> =>
      db
        .selectFrom('uploads')
        .selectAll()
        .where('expires_at', '<', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('expires_at')
        .limit(limit)
        .execute(),
    /** Which of `ids` have an upload row (the staging sweep keeps those). */
    async existing(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute()
      return new Set(rows.map((r) => r.id))
    },
  }
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>
