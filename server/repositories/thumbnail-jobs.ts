// SQL for the thumbnail queue, which lives on the file rows (thumb_state): claims carry the
// instance id, so a dead instance's work is found and put back.
import { type Kysely, type SqlBool, sql } from 'kysely'
import type { DB, FileRow } from '../db/schema.ts'

/** A claim on a job: the instance working on it. */
export type WorkingClaim = `working:${string}`

/** What a finished job stores on the row. */
export interface DerivedImages {
  thumbnail?: { key: string; size: number; enc: string | null; id: string }
  preview?: { type: string; key: string | null; enc: string | null; size: number | null }
  /** When the photo was taken (EXIF); the row keeps its upload date without one. */
  takenDate?: number
}

export function createThumbnailJobsRepository(db: Kysely<DB>) {
  return {
    /** The next pending file, oldest upload first. */
    nextPending: (): Promise<FileRow | undefined> =>
      // A literal, not a bound value: the queue's index holds pending rows only (migration 019).
      db
        .selectFrom('files')
        .selectAll()
        .where(sql<SqlBool>`thumb_state = 'pending'`)
        .orderBy('upload_date')
        .limit(1)
        .executeTakeFirst(),
    /** Claims a pending file for `claim`; false when another worker or instance took it first. */
    async claim(fileId: string, claim: WorkingClaim): Promise<boolean> {
      const res = await db
        .updateTable('files')
        .set({ thumb_state: claim })
        .where('id', '=', fileId)
        .where('thumb_state', '=', 'pending')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** Ends a claimed job with what it made; false when the claim was lost (the file was deleted). */
    async finish(fileId: string, claim: WorkingClaim, made: DerivedImages): Promise<boolean> {
      // One update, so the drive version moves once (migration 004's triggers) for all it shows.
      const { thumbnail: thumb, preview, takenDate } = made
      const res = await db
        .updateTable('files')
        .set({
          thumb_state: 'done',
          ...(thumb && {
            has_thumbnail: 1,
            media: 1,
            thumbnail_id: thumb.id,
            thumbnail_key: thumb.key,
            thumb_enc: thumb.enc,
            thumb_size: thumb.size,
          }),
          ...(preview && {
            preview_type: preview.type,
            preview_key: preview.key,
            preview_enc: preview.enc,
            preview_size: preview.size,
          }),
          ...(takenDate !== undefined && { taken_date: takenDate }),
        })
        .where('id', '=', fileId)
        .where('thumb_state', '=', claim)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async fail(fileId: string, claim: WorkingClaim): Promise<void> {
      await db
        .updateTable('files')
        .set({ thumb_state: 'failed' })
        .where('id', '=', fileId)
        .where('thumb_state', '=', claim)
        .execute()
    },
    /** Puts back the work claimed by anyone but these claims. */
    async releaseClaimsExcept(live: readonly WorkingClaim[]): Promise<void> {
      let q = db.updateTable('files').set({ thumb_state: 'pending' }).where('thumb_state', 'like', 'working:%')
      if (live.length) q = q.where('thumb_state', 'not in', live as WorkingClaim[])
      await q.execute()
    },
    /** Queues an image that has no preview and is not queued; true when it was. */
    async requestPreview(fileId: string): Promise<boolean> {
      const res = await db
        .updateTable('files')
        .set({ thumb_state: 'pending' })
        .where('id', '=', fileId)
        .where('thumb_state', 'in', ['done', 'none'])
        .where('preview_type', 'is', null)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** A file's row, whoever owns it (the queue works for every user; callers checked ownership). */
    row: (fileId: string): Promise<FileRow | undefined> =>
      db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst(),
  }
}
export type ThumbnailJobsRepository = ReturnType<typeof createThumbnailJobsRepository>
