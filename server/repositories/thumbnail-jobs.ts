// SQL for the thumbnail queue, which lives on the file rows (thumb_state): claims carry the
// instance id, so a dead instance's work is found and put back.
import { type Kysely, type SqlBool, sql } from 'kysely'
import type { DB, FileRow } from '../db/schema.ts'

/** A claim on a job: the instance working on it. */
export type WorkingClaim = `working:${string}`

/** What a finished job stores on the row. */
export interface DerivedImages {
  /** `gallery`: the file belongs on the Media page (a photo or video, not a song's cover). */
  thumbnail?: { key: string; size: number; enc: string | null; id: string; gallery: boolean }
  preview?: { type: string; key: string | null; enc: string | null; size: number | null }
  /** When the photo was taken (EXIF); the row keeps its upload date without one. */
  takenDate?: number
  /** Pixels after orientation. */
  size?: { width: number; height: number }
  /** JSON of MediaInfo (services/media/media-info.ts). */
  info?: string
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
      const { thumbnail: thumb, preview, takenDate, size, info } = made
      const res = await db
        .updateTable('files')
        .set({
          thumb_state: 'done',
          ...(thumb && {
            has_thumbnail: 1,
            ...(thumb.gallery && { media: 1 }),
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
          ...(size && { width: size.width, height: size.height }),
          ...(info !== undefined && { media_info: info }),
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
    /**
     * Queues up to `limit` files, after `afterId` in id order, that the queue made a thumbnail for
     * before it recorded sizes (an image or video done, width unknown), or that it could not read
     * then (HEIF, untouched). Returns the last id looked at (the next pass's cursor; undefined
     * once none is left) and how many were queued. Walking the key from a cursor visits each row
     * once over a whole backfill, however many passes it takes.
     */
    async requeueMissingFacts(afterId: string, limit: number): Promise<{ last?: string; queued: number }> {
      const found = await db
        .selectFrom('files')
        .select('id')
        .where('id', '>', afterId)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('thumb_state', '=', 'done'),
              eb('width', 'is', null),
              eb('has_thumbnail', '=', 1),
              eb.or([eb('mime', 'like', 'image/%'), eb('is_video', '=', 1)]),
            ]),
            eb.and([eb('thumb_state', '=', 'none'), eb('mime', 'in', ['image/heic', 'image/heif'])]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .execute()
      if (!found.length) return { queued: 0 }
      // The cursor in the database's own order (a PostgreSQL collation need not be byte order).
      const last = found[found.length - 1]!.id
      const res = await db
        .updateTable('files')
        .set({ thumb_state: 'pending' })
        .where(
          'id',
          'in',
          found.map((r) => r.id),
        )
        .where('thumb_state', 'in', ['done', 'none'])
        .executeTakeFirst()
      return { last, queued: Number(res.numUpdatedRows) }
    },
    /** A file's row, whoever owns it (the queue works for every user; callers checked ownership). */
    row: (fileId: string): Promise<FileRow | undefined> =>
      db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst(),
  }
}
export type ThumbnailJobsRepository = ReturnType<typeof createThumbnailJobsRepository>
