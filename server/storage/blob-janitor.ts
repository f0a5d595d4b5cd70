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

  /** Removes blobs and their outbox rows; returns how many could not be removed (retried later). */
  async function removeBlobs(keys: string[]): Promise<number> {
    let failed = 0
    for (const key of keys) {
      try {
        await store.delete(key)
        await db.deleteFrom('blob_outbox').where('key', '=', key).execute()
      } catch (err) {
        failed++
        o.log?.warn({ err, key }, 'blob delete failed; the sweeper retries it')
      }
    }
    return failed
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
    async flush(keys: string[]): Promise<void> {
      await removeBlobs(keys)
    },

    /** Settles condemned blobs and the pending writes of instances that died, in batches. */
    async sweep(): Promise<void> {
      while ((await sweepBatch()) === SWEEP_BATCH) {
        // A full batch: there may be more (a crash during a large delete).
      }
      await db.deleteFrom('instances').where('seen_at', '<', Date.now() - deadAfterMs).where('id', '!=', o.instanceId).execute()
    },
  }

  /** One batch of the sweep; returns how many outbox rows it looked at. */
  async function sweepBatch(): Promise<number> {
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
      .limit(SWEEP_BATCH)
      .execute()
    const doomed: string[] = []
    for (const r of rows) {
      if (r.kind === 'pending') {
        // A pending key that a row does reference was committed; only the record is stale.
        const used = await db
          .selectFrom('files')
          .select('id')
          .where((eb) => eb.or([eb('blob_key', '=', r.key), eb('thumbnail_key', '=', r.key), eb('preview_key', '=', r.key)]))
          .executeTakeFirst()
        if (used) {
          await db.deleteFrom('blob_outbox').where('key', '=', r.key).execute()
          continue
        }
      }
      doomed.push(r.key)
    }
    const failed = await removeBlobs(doomed)
    // Rows whose blob could not be removed stay for the next heartbeat; don't spin on them now.
    return failed > 0 ? 0 : rows.length
  }
  return janitor
}

const SWEEP_BATCH = 1000
export type BlobJanitor = ReturnType<typeof createBlobJanitor>
