// The outbox between metadata rows and blobs. A blob's key is recorded as 'pending' before its
// bytes are written and the record is dropped in the transaction that commits the row; rows are
// deleted together with a 'delete' record for their blobs. Sweeping settles whatever a crash or
// a failed delete left: no orphan blob and no row without its blob.
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../db/schema.ts'
import type { BlobStore } from './blob-store.ts'

export interface JanitorOptions {
  db: Kysely<DB>
  store: BlobStore
  instanceId: string
  /** SQLite is one process by construction: every other instance row is a dead one. */
  singleInstance: boolean
  heartbeatMs?: number
  deadAfterMs?: number
  log?: { warn(obj: object, msg: string): void }
}

export function createBlobJanitor(o: JanitorOptions) {
  const heartbeatMs = o.heartbeatMs ?? 15_000
  const deadAfterMs = o.deadAfterMs ?? 60_000
  const { db, store } = o
  let timer: NodeJS.Timeout | undefined

  async function removeBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await store.delete(key)
        await db.deleteFrom('blob_outbox').where('key', '=', key).execute()
      } catch (err) {
        o.log?.warn({ err, key }, 'blob delete failed; the sweeper retries it')
      }
    }
  }

  const janitor = {
    async start(): Promise<void> {
      const now = Date.now()
      if (o.singleInstance) await db.deleteFrom('instances').execute()
      await db.insertInto('instances').values({ id: o.instanceId, seen_at: now }).execute()
      await store.cleanup()
      await janitor.sweep()
      timer = setInterval(() => {
        void db
          .updateTable('instances')
          .set({ seen_at: Date.now() })
          .where('id', '=', o.instanceId)
          .execute()
          .then(() => janitor.sweep())
          .catch((err) => o.log?.warn({ err }, 'janitor heartbeat failed'))
      }, heartbeatMs)
      timer.unref()
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      await db.deleteFrom('instances').where('id', '=', o.instanceId).execute().catch(() => undefined)
    },

    /** Records a key before its bytes are written. */
    async reserve(key: string): Promise<void> {
      await db.insertInto('blob_outbox').values({ key, kind: 'pending', instance_id: o.instanceId, created_at: Date.now() }).execute()
    },

    /** In the transaction that commits the row: the blob is now owned by it. */
    async settle(trx: Transaction<DB>, keys: string[]): Promise<void> {
      if (keys.length) await trx.deleteFrom('blob_outbox').where('key', 'in', keys).execute()
    },

    /** A write that failed or was abandoned: remove what may have been written. */
    async abandon(keys: string[]): Promise<void> {
      await removeBlobs(keys)
    },

    /** In the transaction that deletes rows: their blobs must go too. */
    async condemn(trx: Transaction<DB>, keys: string[]): Promise<void> {
      const now = Date.now()
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500)
        await trx
          .insertInto('blob_outbox')
          .values(chunk.map((key) => ({ key, kind: 'delete' as const, instance_id: o.instanceId, created_at: now })))
          .onConflict((oc) => oc.column('key').doUpdateSet({ kind: 'delete' }))
          .execute()
      }
    },

    /** After the deleting transaction commits. */
    flush: (keys: string[]) => removeBlobs(keys),

    /** Settles condemned blobs and the pending writes of instances that died. */
    async sweep(): Promise<void> {
      const liveSince = Date.now() - deadAfterMs
      const rows = await db
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
        .limit(1000)
        .execute()
      const doomed: string[] = []
      for (const r of rows) {
        if (r.kind === 'pending') {
          // A pending key that a row does reference was committed; only the record is stale.
          const used = await db
            .selectFrom('files')
            .select('id')
            .where((eb) => eb.or([eb('blob_key', '=', r.key), eb('thumbnail_key', '=', r.key)]))
            .executeTakeFirst()
          if (used) {
            await db.deleteFrom('blob_outbox').where('key', '=', r.key).execute()
            continue
          }
        }
        doomed.push(r.key)
      }
      await removeBlobs(doomed)
      await db.deleteFrom('instances').where('seen_at', '<', liveSince).where('id', '!=', o.instanceId).execute()
    },
  }
  return janitor
}
export type BlobJanitor = ReturnType<typeof createBlobJanitor>
