// SQL for file versions (migration 028): the contents a file had before it was written over.
// Every read takes the owner's id, as files' do.
import { type Kysely, sql } from 'kysely'
import type { DB, FileVersion } from '../db/schema.ts'

/** What the retention pass reads of a version: enough to decide, and the key to condemn. */
const DAY = 86_400_000

export type KeptVersion = Pick<FileVersion, 'id' | 'owner_id' | 'file_id' | 'blob_key' | 'created_at' | 'replaced_at'>

export function createVersionsRepository(db: Kysely<DB>) {
  return {
    async insert(row: FileVersion): Promise<void> {
      await db.insertInto('file_versions').values(row).execute()
    },

    /** A file's versions, newest content first. */
    list: (owner: string, fileId: string): Promise<FileVersion[]> =>
      db
        .selectFrom('file_versions')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('file_id', '=', fileId)
        .orderBy('created_at', 'desc')
        .orderBy('replaced_at', 'desc')
        .orderBy('id')
        .execute(),

    one: (owner: string, fileId: string, id: string): Promise<FileVersion | undefined> =>
      db
        .selectFrom('file_versions')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('file_id', '=', fileId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Deletes versions by id (at most a few hundred); returns how many went. */
    async remove(owner: string, ids: readonly string[]): Promise<number> {
      if (ids.length === 0) return 0
      const r = await db
        .deleteFrom('file_versions')
        .where('owner_id', '=', owner)
        .where('id', 'in', ids)
        .executeTakeFirst()
      return Number(r.numDeletedRows)
    },

    /** The blob keys of these files' versions (at most a few hundred ids): condemned with the files. */
    blobKeysOf: async (owner: string, fileIds: readonly string[]): Promise<string[]> =>
      fileIds.length === 0
        ? []
        : (
            await db
              .selectFrom('file_versions')
              .select('blob_key')
              .where('owner_id', '=', owner)
              .where('file_id', 'in', fileIds)
              .execute()
          ).map((r) => r.blob_key),

    /**
     * The files the retention pass must look at, in id order (every owner's): those
     * with more than `max` versions, and those where two versions older than a day share a day
     * (under 30 days old) or a week, one of them replaced over a day ago; with versions off, any
     * version replaced over a day ago. A superset of the files versionsToDrop would thin: the
     * grouping runs in the database over the (file_id, created_at) index, so the hourly pass
     * reads ids, not every version. `range` bounds it to file ids after `after` up to `upTo`.
     */
    candidates: async (o: {
      now: number
      max: number
      enabled: boolean
      range?: { after: string; upTo: string }
    }): Promise<string[]> => {
      const old = o.now - DAY
      const inRange = o.range ? sql`file_id > ${o.range.after} and file_id <= ${o.range.upTo}` : sql`1 = 1`
      if (!o.enabled)
        return (
          await db
            .selectFrom('file_versions')
            .select('file_id')
            .distinct()
            .where('replaced_at', '<=', old)
            .where(inRange as never)
            .orderBy('file_id')
            .execute()
        ).map((r) => r.file_id)
      // Whole days or weeks of age (as versionsToDrop's Math.floor): SQLite may bind a number as a
      // real, so the quotient is cast (ages are positive: truncating is flooring).
      const bucket = sql<number>`case when created_at > ${o.now - 30 * DAY} then cast((${o.now} - created_at) / ${DAY} as bigint)
        else -1 - cast((${o.now} - created_at) / ${7 * DAY} as bigint) end`
      const { rows } = await sql<{ file_id: string }>`
        select file_id from (
          select file_id from file_versions where ${inRange} group by file_id having count(*) > ${o.max}
          union
          select file_id from file_versions where ${inRange} and created_at <= ${old}
            group by file_id, ${bucket} having count(*) >= 2 and min(replaced_at) <= ${old}
        ) c order by file_id`.execute(db)
      return rows.map((r) => r.file_id)
    },

    /**
     * The `count`-th file id with versions after `after` (every owner's, in id order), or the last
     * one when fewer follow; null when none do. A walk of the (file_id, created_at) index.
     */
    fileIdBound: async (after: string, count: number): Promise<string | null> => {
      const { rows } = await sql<{ upTo: string | null }>`
        select max(file_id) as "upTo" from (
          select distinct file_id from file_versions where file_id > ${after} order by file_id limit ${count}
        ) c`.execute(db)
      return rows[0]?.upTo ?? null
    },

    /** The versions of these files (at most a few hundred ids), by file, newest content first. */
    ofFiles: (fileIds: readonly string[]): Promise<KeptVersion[]> =>
      db
        .selectFrom('file_versions')
        .select(['id', 'owner_id', 'file_id', 'blob_key', 'created_at', 'replaced_at'])
        .where('file_id', 'in', fileIds)
        .orderBy('file_id')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),
  }
}
export type VersionsRepository = ReturnType<typeof createVersionsRepository>
