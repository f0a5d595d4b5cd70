// The records between metadata rows and blobs. A blob's key is recorded before its bytes are
// written (reserved ahead in blob_key_pool; 'pending' outbox records are those of older versions)
// and the record is dropped in the transaction that commits the row; rows are deleted together
// with a 'delete' outbox record for their blobs. Sweeping settles whatever a crash or a failed
// delete left: no orphan blob and no row without its blob.
import type { BlobOutboxRepository, InstancesRepository } from '../repositories/blob-outbox.ts'
import { randomId } from '../util/crypto.ts'
import type { BlobStore } from './blob-store.ts'

export interface JanitorOptions {
  outbox: BlobOutboxRepository
  instances: InstancesRepository
  store: BlobStore
  instanceId: string
  /** SQLite is one process by construction: every other instance row is a dead one. */
  singleInstance: boolean
  heartbeatMs?: number
  deadAfterMs?: number
  log?: { warn(obj: object, msg: string): void }
  /**
   * Resolves once every metadata commit made so far is on disk (SQLite's group commit,
   * db/wal-sync.ts). Awaited before blobs are deleted: the commit that condemned them must not
   * be lost after the bytes are gone.
   */
  durable?: () => Promise<void>
}

export function createBlobJanitor(o: JanitorOptions) {
  const heartbeatMs = o.heartbeatMs ?? 15_000
  const deadAfterMs = o.deadAfterMs ?? 60_000
  const { outbox, instances, store } = o
  let timer: NodeJS.Timeout | undefined

  /** Keys reserved ahead (blob_key_pool), durable, waiting to be taken. */
  const pool: string[] = []
  let refilling: Promise<void> | undefined
  /** Keys taken from the pool and not yet settled or given up: recorded in the pool, not the outbox. */
  const fromPool = new Set<string>()

  /**
   * Reserves the next batch of keys: one commit, made durable before any of them is handed out.
   * Meanwhile the store readies their places (on disk, their folders: made and synced once for
   * the batch rather than by each upload that lands in a new one). Either failing fails the
   * refill, as a failed commit would: the next takeKey tries again.
   */
  async function refill(): Promise<void> {
    const keys = Array.from({ length: POOL_BATCH }, () => randomId(24))
    await outbox.pool(keys, o.instanceId, Date.now())
    await Promise.all([o.durable?.(), store.prepare?.(keys)])
    pool.push(...keys)
  }

  /**
   * Removes blobs and their records, which are in the outbox, in the pool (keys reserved ahead) or,
   * for a write giving up (whose commit may have settled its pool key before it rolled back),
   * either; returns how many could not be removed (retried later).
   */
  async function removeBlobs(keys: string[], recordedIn: 'outbox' | 'pool' | 'either' = 'outbox'): Promise<number> {
    let failed = 0
    if (keys.length && o.durable) await o.durable()
    // A backup is copying the blobs its database copy names: condemned ones wait (their records
    // stay, the sweep deletes them once the hold ends). Read after the deleting commit, so a row
    // deleted before the copy was taken is not in it, and one deleted after finds the hold.
    if (recordedIn === 'outbox' && keys.length && (await outbox.deletesHeldUntil()) > Date.now()) return keys.length
    const done: string[] = []
    let toDelete = keys
    if (recordedIn === 'outbox') {
      // A blob several rows share stays while any of them names it: only its record goes (now).
      toDelete = []
      for (let i = 0; i < keys.length; i += RECORD_CHUNK) {
        const chunk = keys.slice(i, i + RECORD_CHUNK)
        try {
          const { free, held } = await outbox.freeToDelete(chunk)
          toDelete.push(...free)
          failed += held
        } catch (err) {
          // After the deleting commit: its records stay, and the sweep settles them later.
          failed += chunk.length
          o.log?.warn({ err }, 'deciding which blobs may go failed; the sweeper retries them')
        }
      }
    }
    const removeOne = async (key: string) => {
      try {
        await store.delete(key)
        done.push(key)
        fromPool.delete(key)
      } catch (err) {
        failed++
        o.log?.warn({ err, key }, 'blob delete failed; the sweeper retries it')
      }
    }
    // A few at a time: an unlink or an S3 DeleteObject waits on the disk or the network, not on us.
    for (let i = 0; i < toDelete.length; i += DELETES_IN_FLIGHT)
      await Promise.all(toDelete.slice(i, i + DELETES_IN_FLIGHT).map(removeOne))
    // The records of what went, a chunk per statement (a retention pass drops thousands): a crash
    // before this leaves records of blobs already gone, which the sweep settles again (a delete
    // of a missing blob succeeds).
    for (let i = 0; i < done.length; i += RECORD_CHUNK) {
      const chunk = done.slice(i, i + RECORD_CHUNK)
      if (recordedIn !== 'pool') await outbox.remove(chunk)
      if (recordedIn !== 'outbox') await outbox.unpool(chunk)
    }
    return failed
  }

  const janitor = {
    async start(): Promise<void> {
      const now = Date.now()
      await instances.register(o.instanceId, now, o.singleInstance)
      await store.cleanup()
      await janitor.sweep()
      timer = setInterval(() => {
        void instances
          .heartbeat(o.instanceId, Date.now())
          .then(() => janitor.sweep())
          .catch((err) => o.log?.warn({ err }, 'janitor heartbeat failed'))
      }, heartbeatMs)
      timer.unref()
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      await refilling?.catch(() => undefined)
      // Keys never handed out go with this instance (a crash leaves them to the next sweep).
      await outbox.unpool(pool.splice(0)).catch(() => undefined)
      await instances.deregister(o.instanceId).catch(() => undefined)
    },

    /**
     * A new blob key, already recorded durably (in blob_key_pool): its bytes may get their final
     * name at once (see `publishable`). Keys are reserved POOL_BATCH at a time, so a write no
     * longer commits a key of its own and waits for the disk before it may publish.
     */
    async takeKey(): Promise<string> {
      while (pool.length === 0) {
        refilling ??= refill().finally(() => (refilling = undefined))
        await refilling
      }
      const key = pool.pop()!
      fromPool.add(key)
      return key
    },

    /**
     * Awaited before a blob gets its final name under `key`: a key from the pool is durable
     * already; any other waits until every commit so far is (SQLite's group commit).
     */
    publishable(key: string): Promise<void> {
      return fromPool.has(key) || !o.durable ? Promise.resolve() : o.durable()
    },

    /**
     * With the outbox of the transaction that commits the row: the blob is now owned by it.
     * An exact duplicate costs no new bytes: when the owner already stores the same content
     * (sha256 and size, checked now that the bytes are in), the new row is pointed at that blob,
     * with that blob's wrapped data key, so each blob keeps the one key it was written with; the
     * new bytes are condemned and the next sweep removes them.
     */
    async settle(inTransaction: BlobOutboxRepository, keys: string[]): Promise<void> {
      const twinned: string[] = []
      // The blob each content of this commit settles on: a folder upload of 10,000 equal files
      // points each new row at the first one's blob (one row updated each), never along a chain
      // of keys that are themselves about to be twinned.
      const chosen = new Map<string, { key: string; enc: string | null }>()
      for (const key of keys) {
        const content = await inTransaction.contentOf(key)
        if (!content) continue
        const id = [content.owner_id, content.sha256, content.size, content.enc === null].join('\0')
        const twin = chosen.get(id) ?? (await inTransaction.twinOf(content, key))
        if (!twin || twin.key === key) {
          chosen.set(id, { key, enc: content.enc })
          continue
        }
        chosen.set(id, twin)
        await inTransaction.adopt(key, twin)
        twinned.push(key)
      }
      const pooled = keys.filter((k) => fromPool.has(k))
      await inTransaction.unpool(pooled)
      await inTransaction.remove(keys.filter((k) => !fromPool.has(k)))
      if (twinned.length) await inTransaction.condemn(twinned, o.instanceId, Date.now())
      // Rolled back after this, the write gives its keys up (abandon), which looks in both places.
      for (const k of pooled) fromPool.delete(k)
    },

    /** A write that failed or was abandoned: remove what may have been written. */
    async abandon(keys: string[]): Promise<void> {
      await removeBlobs(keys, 'either')
    },

    /** With the outbox of the transaction that deletes rows: their blobs must go too. */
    async condemn(inTransaction: BlobOutboxRepository, keys: string[]): Promise<void> {
      await inTransaction.condemn(keys, o.instanceId, Date.now())
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
      await instances.dropDead(Date.now() - deadAfterMs, o.instanceId)
    },
  }

  /** One batch of the sweep; returns how many records it looked at. */
  async function sweepBatch(): Promise<number> {
    const liveSince = Date.now() - deadAfterMs
    // Keys a dead instance reserved ahead: like its pending ones, kept only when a row names them.
    const pooled = await outbox.poolToSettle(liveSince, SWEEP_BATCH)
    const unused: string[] = []
    for (const key of pooled) {
      if (await outbox.isReferenced(key)) await outbox.unpool([key])
      else unused.push(key)
    }
    if ((await removeBlobs(unused, 'pool')) > 0) return 0
    if (pooled.length === SWEEP_BATCH) return SWEEP_BATCH
    const rows = await outbox.toSettle(liveSince, SWEEP_BATCH)
    const doomed: string[] = []
    for (const r of rows) {
      if (r.kind === 'pending') {
        // A pending key that a row does reference was committed; only the record is stale.
        if (await outbox.isReferenced(r.key)) {
          await outbox.remove([r.key])
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
/** Outbox or pool records one statement removes at most. */
const RECORD_CHUNK = 500
/** Blob deletes removeBlobs runs at once. */
const DELETES_IN_FLIGHT = 8
/** Keys reserved ahead per commit (blob_key_pool). */
const POOL_BATCH = 64
export type BlobJanitor = ReturnType<typeof createBlobJanitor>
