// Workers over a queue that lives in the database, as the thumbnail and content queues keep theirs:
// each worker claims the next pending job for this instance (a claim another worker or instance
// won first is skipped) and runs it, until none is left. A wake() while a worker is about to
// exit makes it look again, so no job queued between its last empty claim and its exit is
// missed. Claims carry the instance id (`working:<id>`): a dead instance's go back to pending.
import type { InstancesRepository } from '../repositories/blob-outbox.ts'
import type { WorkingClaim } from '../repositories/thumbnail-jobs.ts'

export interface JobPoolOptions<J> {
  concurrency: number
  /** The next pending job, undefined when none is. */
  nextPending(): Promise<J | undefined>
  /** Claims it for this instance; false when another worker or instance took it first. */
  claim(job: J): Promise<boolean>
  run(job: J): Promise<void>
  /** After the queue ran empty: true when it queued more (a backfill pass), to look again. */
  whenEmpty?(): Promise<boolean>
  onError(err: unknown): void
}

export function createJobPool<J>(o: JobPoolOptions<J>) {
  let running = 0
  let stopped = false
  let dirty = false
  let kick: Promise<void> = Promise.resolve()
  const idleWaiters: Array<() => void> = []

  async function claimNext(): Promise<J | undefined> {
    for (;;) {
      const next = await o.nextPending()
      if (next === undefined) return undefined
      if (await o.claim(next)) return next
    }
  }

  async function worker(): Promise<void> {
    running++
    try {
      do {
        dirty = false
        for (let job = await claimNext(); job !== undefined && !stopped; job = await claimNext()) await o.run(job)
        if (!stopped && o.whenEmpty && (await o.whenEmpty())) dirty = true
      } while (dirty && !stopped)
    } catch (err) {
      o.onError(err)
    } finally {
      running--
      if (running === 0) idleWaiters.splice(0).forEach((w) => w())
    }
  }

  const pool = {
    get stopped(): boolean {
      return stopped
    },
    /** Starts workers up to the concurrency (a job was queued). */
    wake(): void {
      if (stopped) return
      dirty = true
      kick = kick.then(() => {
        while (running < o.concurrency) void worker()
      })
    },
    /** Resolves once no worker is running. */
    async idle(): Promise<void> {
      await kick
      if (running === 0) return
      await new Promise<void>((r) => idleWaiters.push(r))
    },
    /** No job is claimed after this; resolves once the running ones ended. */
    async stop(): Promise<void> {
      stopped = true
      await pool.idle()
    },
  }
  return pool
}

/** Puts back the jobs claimed by instances not seen for `deadAfterMs` (crashed, killed). */
export async function releaseDeadClaims(
  instances: Pick<InstancesRepository, 'liveIds'>,
  deadAfterMs: number,
  release: (live: WorkingClaim[]) => Promise<void>,
): Promise<void> {
  const live = (await instances.liveIds(Date.now() - deadAfterMs)).map((id) => `working:${id}` as const)
  await release(live)
}
