// SQL for the blob outbox (which keys are pending or condemned) and the instances table (who is
// alive to finish its pending writes).
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

/** Rows one condemning insert writes at most. */
const CONDEMN_CHUNK = 500

export function createBlobOutboxRepository(db: Kysely<DB>) {
  return {
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
    /** Whether a file row holds this key (as its bytes, thumbnail or preview). */
    async isReferenced(key: string): Promise<boolean> {
      const used = await db
        .selectFrom('files')
        .select('id')
        .where((eb) => eb.or([eb('blob_key', '=', key), eb('thumbnail_key', '=', key), eb('preview_key', '=', key)]))
        .executeTakeFirst()
      return !!used
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
