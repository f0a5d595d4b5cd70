// The content index's queue (migration 030): a document's text is extracted off the upload's
// path, one job per file row in content_index, claimed once across instances as the thumbnail
// queue claims (`working:<instance>`; a dead instance's claims go back to pending on the
// heartbeat). A job past its time limit is given up (not indexed) and the queue goes on.
// Existing files come in by a backfill: bounded passes, only while nothing is pending (uploads
// first), its cursor in the database so a restart goes on where it stopped.
import { setTimeout as sleep } from 'node:timers/promises'
import type { InstancesRepository } from '../../repositories/blob-outbox.ts'
import type { ContentIndexRepository, IndexResult } from '../../repositories/content-index.ts'
import type { Vault } from '../../storage/vault.ts'
import type { WriteActivity } from '../../util/write-activity.ts'
import { createJobPool, releaseDeadClaims } from '../job-pool.ts'
import { extract } from './extractors.ts'
import { createWordThread } from './word-thread.ts'

/** The progress line is said at most this often (and once at the end). */
const PROGRESS_EVERY_MS = 10_000
/**
 * While writes are coming in, indexing takes at most this share of the time: after a job of t ms
 * the next waits t × (1/share − 1), at least QUIET_MS and at most MAX_YIELD_MS (so a steady
 * stream of uploads slows the index, never stops it). An index job's disk writes (its text and
 * the FTS rows go through the same WAL an upload's commit waits to fsync) cost uploads more than
 * its CPU: with no yielding, 100 KB uploads ran at 0.25–0.31 of their speed with the queue idle.
 */
const WRITE_SHARE = 0.1
export const QUIET_MS = 50
export const MAX_YIELD_MS = 5000

/** How long a job waits for writes to stop, after one that took `lastJobMs`. */
export const giveWayMs = (lastJobMs: number) =>
  Math.min(MAX_YIELD_MS, Math.max(QUIET_MS, lastJobMs * (1 / WRITE_SHARE - 1)))

export interface ContentQueueDeps {
  repo: ContentIndexRepository
  instances: Pick<InstancesRepository, 'liveIds'>
  vault: Vault
  enabled: boolean
  instanceId: string
  maxBytes: number
  jobTimeoutMs: number
  backfillPerPass: number
  concurrency?: number
  deadAfterMs?: number
  recoverEveryMs?: number
  log: { warn(obj: object | string, msg?: string): void; info(obj: object | string, msg?: string): void }
  /** Foreground writes, which jobs give way to; none: jobs run back to back. */
  writes?: Pick<WriteActivity, 'busy'>
}

export function createContentQueue(deps: ContentQueueDeps) {
  const { repo, log } = deps
  const claim = `working:${deps.instanceId}` as const
  let started = false
  let jobs = 0
  let timer: NodeJS.Timeout | undefined
  let lastProgress = 0
  const wordThread = createWordThread((err) => log.warn({ err }, 'content word thread lost; words made here'))

  /** How long the last job took: what the next one waits for, times the writes' share. */
  let lastJobMs = 0
  /** Waits while writes are coming in (see WRITE_SHARE); returns at once when none are. */
  async function giveWay(): Promise<void> {
    const writes = deps.writes
    if (!writes?.busy(QUIET_MS)) return
    const until = performance.now() + giveWayMs(lastJobMs)
    while (started && writes.busy(QUIET_MS) && performance.now() < until) await sleep(QUIET_MS)
  }

  async function runJob(fileId: string): Promise<void> {
    await giveWay()
    const began = performance.now()
    try {
      await indexOne(fileId)
    } finally {
      lastJobMs = performance.now() - began
    }
  }

  async function indexOne(fileId: string): Promise<void> {
    const file = await repo.file(fileId)
    if (!file) return
    let late: NodeJS.Timeout | undefined
    const limit = new Promise<IndexResult>((resolve) => {
      late = setTimeout(
        () => resolve({ state: 'not_indexed', reason: `took longer than ${deps.jobTimeoutMs / 1000} s` }),
        deps.jobTimeoutMs,
      )
    })
    try {
      const indexed = async (): Promise<IndexResult> => {
        const got = await extract(deps.vault, file, { maxBytes: deps.maxBytes, timeoutMs: deps.jobTimeoutMs })
        return got.state === 'indexed' ? { ...got, words: await wordThread.words(got.text, repo.wordLimits) } : got
      }
      const result = await Promise.race([indexed(), limit])
      if (result.state === 'not_indexed')
        log.warn({ file: file.id, mime: file.mime, reason: result.reason }, 'content not indexed')
      await repo.finish(file.id, claim, result)
    } finally {
      clearTimeout(late)
      jobs++
    }
  }

  /** One bounded pass over existing files; how many documents it queued. */
  async function backfill(): Promise<number> {
    const cursor = await repo.backfillCursor()
    if (cursor === null) return 0
    const pass = await repo.backfillPass(cursor, deps.backfillPerPass)
    if (pass.done || Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now()
      const { looked, total } = await repo.backfillProgress(pass.done ? null : await repo.backfillCursor())
      log.info({ looked, total }, `content index: ${looked} of ${total} files`)
    }
    // A pass that found no document moves on at once; one that did waits for its jobs first.
    return pass.queued || (pass.done ? 0 : 1)
  }

  const pool = createJobPool({
    concurrency: deps.concurrency ?? 1,
    nextPending: repo.nextPending,
    claim: (fileId: string) => repo.claim(fileId, claim),
    run: runJob,
    // The queue is empty: one backfill pass, whose documents the workers then go through.
    whenEmpty: async () => (await backfill()) > 0,
    onError: (err) => log.warn({ err }, 'content index queue error'),
  })

  const recover = () =>
    releaseDeadClaims(deps.instances, deps.deadAfterMs ?? 60_000, (live) => repo.releaseClaimsExcept(live))

  const queue = {
    /** Jobs finished by this process (tests count them). */
    get jobs(): number {
      return jobs
    },
    async start(): Promise<void> {
      if (!deps.enabled) {
        // CONTENT_INDEX=off: what was extracted goes; new documents wait (pending) for it to be on.
        await repo.dropAll()
        return
      }
      started = true
      await recover()
      timer = setInterval(
        () =>
          void recover().then(
            () => queue.wake(),
            (err: unknown) => log.warn({ err }, 'content index recovery failed'),
          ),
        deps.recoverEveryMs ?? 60_000,
      )
      timer.unref()
      queue.wake()
    },
    /** After a file is stored: starts workers up to the concurrency (the triggers queued the job). */
    wake(): void {
      if (started) pool.wake()
    },
    idle: () => pool.idle(),
    async stop(): Promise<void> {
      started = false
      if (timer) clearInterval(timer)
      await pool.stop()
      await wordThread.close()
    },
  }
  return queue
}
export type ContentQueue = ReturnType<typeof createContentQueue>
