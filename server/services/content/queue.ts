// The content index's queue (migration 030): a document's text is extracted off the upload's
// path, one job per file row in content_index, claimed once across instances as the thumbnail
// queue claims (`working:<instance>`; a dead instance's claims go back to pending on the
// heartbeat). A job past its time limit is given up (not indexed) and the queue goes on.
// Existing files come in by a backfill: bounded passes, only while nothing is pending (uploads
// first), its cursor in the database so a restart goes on where it stopped.
import type { InstancesRepository } from '../../repositories/blob-outbox.ts'
import type { ContentIndexRepository, IndexResult } from '../../repositories/content-index.ts'
import type { Vault } from '../../storage/vault.ts'
import { createJobPool, releaseDeadClaims } from '../job-pool.ts'
import { extract } from './extractors.ts'

/** The progress line is said at most this often (and once at the end). */
const PROGRESS_EVERY_MS = 10_000

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
}

export function createContentQueue(deps: ContentQueueDeps) {
  const { repo, log } = deps
  const claim = `working:${deps.instanceId}` as const
  let started = false
  let jobs = 0
  let timer: NodeJS.Timeout | undefined
  let lastProgress = 0

  async function runJob(fileId: string): Promise<void> {
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
      const result = await Promise.race([
        extract(deps.vault, file, { maxBytes: deps.maxBytes, timeoutMs: deps.jobTimeoutMs }),
        limit,
      ])
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
      if (timer) clearInterval(timer)
      await pool.stop()
    },
  }
  return queue
}
export type ContentQueue = ReturnType<typeof createContentQueue>
