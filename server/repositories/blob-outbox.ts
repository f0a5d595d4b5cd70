// SQL for the blob outbox (which keys are pending or condemned) and the instances table (who is
// alive to finish its pending writes).
import type { Kysely, SelectQueryBuilder } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'

/** What a blob holds, as the file row naming it says. */
export interface BlobContent {
  owner_id: string
  sha256: string
  size: number
  enc: string | null
}

/**
 * The settings row a backup writes while it copies blobs: until then (ms since the epoch) no
 * condemned blob is deleted, so every blob its database copy names is still there to copy.
 */
const DELETES_HELD = 'blob-deletes.held-until'

/** Rows one condemning insert writes at most. */
const CONDEMN_CHUNK = 500

export function createBlobOutboxRepository(db: Kysely<DB>, dialect: Dialect) {
  /** A version row naming `key`, after `files` (one statement, each side one index probe). */
  const orVersion = (files: SelectQueryBuilder<DB, 'files', { id: string }>, key: string) =>
    files
      .unionAll(db.selectFrom('file_versions').select('id').where('blob_key', '=', key))
      .limit(1)
      .executeTakeFirst()
  return {
    /** Until when deletes of condemned blobs wait (0: they don't). */
    async deletesHeldUntil(): Promise<number> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', DELETES_HELD).executeTakeFirst()
      return Number(row?.value ?? 0) || 0
    },
    async holdDeletes(until: number): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key: DELETES_HELD, value: String(until) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(until) }))
        .execute()
    },
    async releaseDeletes(): Promise<void> {
      await db.deleteFrom('settings').where('key', '=', DELETES_HELD).execute()
    },
    async remove(keys: readonly string[]): Promise<void> {
      if (keys.length) await db.deleteFrom('blob_outbox').where('key', 'in', keys).execute()
    },
    async condemn(keys: readonly string[], instanceId: string, at: number): Promise<void> {
      for (let i = 0; i < keys.length; i += CONDEMN_CHUNK) {
        const chunk = keys.slice(i, i + CONDEMN_CHUNK)
        await db
          .insertInto('blob_outbox')
          .values(chunk.map((key) => ({ key, kind: 'delete' as const, instance_id: instanceId, created_at: at })))
          .onConflict((oc) => oc.column('key').doUpdateSet({ kind: 'delete' }))
          .execute()
      }
    },
    /** Up to `limit` records to settle: condemned keys, and pending ones of instances not seen since `liveSince`. */
    toSettle: (liveSince: number, limit: number) =>
      db
        .selectFrom('blob_outbox')
        .select(['key', 'kind'])
        .where((eb) =>
          eb.or([
            eb('kind', '=', 'delete'),
            eb.and([
              eb('kind', '=', 'pending'),
              eb('instance_id', 'not in', eb.selectFrom('instances').select('id').where('seen_at', '>=', liveSince)),
            ]),
          ]),
        )
        .limit(limit)
        .execute(),
    /** Keys reserved ahead, a batch in one insert (migration 022). */
    async pool(keys: readonly string[], instanceId: string, at: number): Promise<void> {
      if (keys.length)
        await db
          .insertInto('blob_key_pool')
          .values(keys.map((key) => ({ key, instance_id: instanceId, created_at: at })))
          .execute()
    },
    /** Keys reserved ahead that are now used by a row, or given up. */
    async unpool(keys: readonly string[]): Promise<void> {
      if (keys.length) await db.deleteFrom('blob_key_pool').where('key', 'in', keys).execute()
    },
    /** Up to `limit` keys reserved ahead by instances not seen since `liveSince`. */
    poolToSettle: async (liveSince: number, limit: number): Promise<string[]> =>
      (
        await db
          .selectFrom('blob_key_pool')
          .select('key')
          .where('instance_id', 'not in', db.selectFrom('instances').select('id').where('seen_at', '>=', liveSince))
          .limit(limit)
          .execute()
      ).map((r) => r.key),
    /** Whether a file or version row holds this key (as its bytes, thumbnail or preview). */
    async isReferenced(key: string): Promise<boolean> {
      const files = db
        .selectFrom('files')
        .select('id')
        .where((eb) => eb.or([eb('blob_key', '=', key), eb('thumbnail_key', '=', key), eb('preview_key', '=', key)]))
      return !!(await orVersion(files, key))
    },
    /**
     * Condemned keys whose blobs may go now. Keys a file or version row still names as its bytes
     * (one of several copies sharing a blob was deleted, storage/blob-janitor.ts `settle`) only
     * lose their record. The check and the record's removal are one transaction with the record
     * locked: a delete of the last other copy condemns the key on this same record (condemn's
     * upsert), and must find it there, or the blob outlives every row once that delete's own
     * flush is lost to a crash. On PostgreSQL a record another transaction holds is left to it
     * (or to the sweep): `held` counts those, and nobody waits on anybody.
     */
    async freeToDelete(keys: readonly string[]): Promise<{ free: string[]; held: number }> {
      if (!keys.length) return { free: [], held: 0 }
      return db.transaction().execute(async (trx) => {
        const records = trx.selectFrom('blob_outbox').select('key').where('key', 'in', keys)
        const lockable = new Set(
          (await (dialect === 'postgres' ? records.forUpdate().skipLocked() : records).execute()).map((r) => r.key),
        )
        // A key without a record was settled by someone else, or never recorded: it is decided
        // here as if this transaction held its record (its blob goes unless a row names it).
        const held =
          dialect === 'postgres'
            ? new Set((await records.execute()).map((r) => r.key).filter((k) => !lockable.has(k)))
            : new Set<string>()
        const open = keys.filter((k) => !held.has(k))
        const named = new Set(
          open.length
            ? (
                await trx
                  .selectFrom('files')
                  .select('blob_key as key')
                  .where('blob_key', 'in', open)
                  .union(trx.selectFrom('file_versions').select('blob_key as key').where('blob_key', 'in', open))
                  .execute()
              ).map((r) => r.key)
            : [],
        )
        const kept = open.filter((k) => named.has(k) && lockable.has(k))
        if (kept.length) await trx.deleteFrom('blob_outbox').where('key', 'in', kept).execute()
        return { free: open.filter((k) => !named.has(k)), held: held.size }
      })
    },
    /** What the file row naming `key` holds: its owner and content (undefined when no file row names it). */
    contentOf: (key: string): Promise<BlobContent | undefined> =>
      db
        .selectFrom('files')
        .select(['owner_id', 'sha256', 'size', 'enc'])
        .where('blob_key', '=', key)
        .executeTakeFirst(),
    /**
     * Another blob of the same owner with the same bytes as `content` (same sha256 and size, both
     * encrypted at rest or neither), not `key`, or undefined. On PostgreSQL the twin's row is
     * locked until commit, so it cannot be deleted (and its blob condemned) while the new row is
     * being pointed at its blob.
     */
    async twinOf(content: BlobContent, key: string): Promise<{ key: string; enc: string | null } | undefined> {
      const twin = db
        .selectFrom('files')
        .select(['blob_key', 'enc'])
        .where('owner_id', '=', content.owner_id)
        .where('sha256', '=', content.sha256)
        .where('size', '=', content.size)
        .where('blob_key', '!=', key)
        .where('enc', content.enc === null ? 'is' : 'is not', null)
        .limit(1)
      const found = await (dialect === 'postgres' ? twin.forUpdate() : twin).executeTakeFirst()
      return found ? { key: found.blob_key, enc: found.enc } : undefined
    },
    /**
     * Whether a file row names `key` as its bytes; on PostgreSQL those rows stay locked until
     * commit, so the blob cannot be condemned while a new row is made to name it too.
     */
    async hold(key: string): Promise<boolean> {
      const rows = db.selectFrom('files').select('id').where('blob_key', '=', key)
      return (await (dialect === 'postgres' ? rows.forUpdate() : rows).execute()).length > 0
    },
    /** Points the rows that name `key` at their twin's blob instead (its key and wrapped data key). */
    async adopt(key: string, twin: { key: string; enc: string | null }): Promise<void> {
      await db.updateTable('files').set({ blob_key: twin.key, enc: twin.enc }).where('blob_key', '=', key).execute()
    },
  }
}
export type BlobOutboxRepository = ReturnType<typeof createBlobOutboxRepository>

export function createInstancesRepository(db: Kysely<DB>) {
  return {
    async register(id: string, at: number, onlyOne: boolean): Promise<void> {
      if (onlyOne) await db.deleteFrom('instances').execute()
      await db.insertInto('instances').values({ id, seen_at: at }).execute()
    },
    async heartbeat(id: string, at: number): Promise<void> {
      await db.updateTable('instances').set({ seen_at: at }).where('id', '=', id).execute()
    },
    async deregister(id: string): Promise<void> {
      await db.deleteFrom('instances').where('id', '=', id).execute()
    },
    async dropDead(seenBefore: number, self: string): Promise<void> {
      await db.deleteFrom('instances').where('seen_at', '<', seenBefore).where('id', '!=', self).execute()
    },
    liveIds: async (liveSince: number): Promise<string[]> =>
      (await db.selectFrom('instances').select('id').where('seen_at', '>=', liveSince).execute()).map((r) => r.id),
  }
}
export type InstancesRepository = ReturnType<typeof createInstancesRepository>
