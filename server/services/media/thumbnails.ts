// Thumbnails, and the full-size previews the viewer shows, are made off the request path. The
// queue lives in the database (thumb_state), so it is bounded in memory, survives restarts, and
// two instances never work on the same file. One job reads an image once and makes both.
// A failure marks the file 'failed' and never touches the upload itself.
import { spawnSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import type { FileRow } from '../../db/schema.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { InstancesRepository } from '../../repositories/blob-outbox.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { Vault } from '../../storage/vault.ts'
import { randomId } from '../../util/crypto.ts'
import { createJobPool, releaseDeadClaims } from '../job-pool.ts'
import { isGalleryType } from '../../util/mime.ts'
import { rendererFor } from './renderers/index.ts'
import type { Rendered, Stage } from './renderers/renderer.ts'

/** How often a request waiting for a preview looks at the row (another instance may make it). */
const SETTLE_POLL_MS = 200

export interface ThumbnailDeps {
  /** The queue's rows, and transactions that settle what a job stored. */
  drive: Pick<DriveRepository, 'thumbnailJobs' | 'transaction'>
  instances: Pick<InstancesRepository, 'liveIds'>
  vault: Vault
  janitor: BlobJanitor
  tmpDir: string
  pixelLimit: number
  /** Longest edge of a full-size preview. */
  previewMaxEdge: number
  concurrency: number
  /**
   * A job still running after this long is given up: its file is marked failed and the worker
   * moves on, so one decode or disk call that never returns cannot stop every later thumbnail.
   */
  jobTimeoutMs: number
  /** This process's id in the instances table: claims carry it, so a dead instance's work is found. */
  instanceId: string
  /** An instance not seen for this long is dead (the janitor's heartbeat keeps ours fresh). */
  deadAfterMs?: number
  recoverEveryMs?: number
  /**
   * Files made before sizes were recorded (or HEIF before it was read) are queued again at most
   * this many per pass, one pass per recovery tick and only while the queue is empty, so an
   * upgraded server fills them in without a stampede (default 50).
   */
  backfillPerPass?: number
  log: {
    error(obj: object, msg: string): void
    warn(obj: object | string, msg?: string): void
    info(obj: object | string, msg?: string): void
  }
}

// Decoding is memory-hungry: one image at a time in libvips, no cache of decoded images.
sharp.concurrency(1)
sharp.cache(false)

export function hasFfmpeg(): boolean {
  try {
    return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0
  } catch {
    return false
  }
}

export function createThumbnailQueue(deps: ThumbnailDeps) {
  const { drive, vault, janitor, log } = deps
  const jobsRepo = drive.thumbnailJobs
  const ffmpeg = hasFfmpeg()
  const claim = `working:${deps.instanceId}` as const
  let recoverTimer: NodeJS.Timeout | undefined
  /** Requests waiting for a file's job, by file id: woken when it ends here. */
  const settledWaiters = new Map<string, Set<() => void>>()
  let jobs = 0
  /** Jobs given up that have not returned yet. */
  let abandoned = 0
  /** Where the backfill of sizes goes on from (file ids); null once it has walked every row. */
  let backfillCursor: string | null = ''

  /** Resolves when a job for the file ends in this process, or after `ms` at the latest. */
  function jobEndOrTimeout(fileId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = settledWaiters.get(fileId) ?? new Set()
      settledWaiters.set(fileId, waiters)
      const done = () => {
        clearTimeout(timer)
        waiters.delete(done)
        if (!waiters.size) settledWaiters.delete(fileId)
        resolve()
      }
      const timer = setTimeout(done, ms)
      waiters.add(done)
    })
  }

  /** What the job makes, by the renderer of the file's type: what the file lacks. */
  async function render(file: FileRow, at: { stage: Stage }): Promise<Rendered> {
    const renderer = rendererFor(file.mime)
    if (!renderer) throw new Error(`no renderer for ${file.mime}`)
    const source = await vault.open(file)
    return renderer.render(file, source, {
      pixelLimit: deps.pixelLimit,
      previewMaxEdge: deps.previewMaxEdge,
      tmpDir: deps.tmpDir,
      ffmpeg,
      at,
    })
  }

  /** Writes a derived blob under a reserved key (recorded first, so a crash leaves no orphan). */
  async function storeDerived(body: Buffer, keys: string[]) {
    const key = await janitor.takeKey()
    keys.push(key)
    const blob = await vault.put(Readable.from([body]), { key })
    return { key, size: blob.size, enc: blob.enc }
  }

  /** Makes what the file lacks and stores it; `at` tracks the stage it is in. */
  async function work(file: FileRow, at: { stage: Stage }): Promise<void> {
    const keys: string[] = []
    try {
      // e.g. a video that has its thumbnail and size: it has no preview, nothing is left to make.
      if (rendererFor(file.mime)?.complete?.(file)) {
        await jobsRepo.finish(file.id, claim, {})
        return
      }
      const { thumbnail, preview, takenDate, width, height, info } = await render(file, at)
      at.stage = 'storing'
      const thumb = thumbnail && (await storeDerived(thumbnail, keys))
      const previewBlob = preview?.body && (await storeDerived(preview.body, keys))
      const made = {
        ...(thumb && {
          thumbnail: {
            id: randomId(),
            key: thumb.key,
            enc: thumb.enc ?? null,
            size: thumb.size,
            gallery: isGalleryType(file.mime),
          },
        }),
        ...(preview && {
          preview: {
            type: preview.type,
            key: previewBlob?.key ?? null,
            enc: previewBlob?.enc ?? null,
            size: previewBlob?.size ?? null,
          },
        }),
        ...(takenDate !== undefined && { takenDate }),
        ...(width && height ? { size: { width, height } } : {}),
        ...(info && { info: JSON.stringify(info) }),
      }
      at.stage = 'committing'
      // False also once the job was given up (the row is then 'failed'): what it made is dropped.
      const stored = await drive.transaction(async (t) => {
        if (!(await t.thumbnailJobs.finish(file.id, claim, made))) return false
        await janitor.settle(t.outbox, keys)
        return true
      })
      // The file was deleted meanwhile (or the job given up): what was derived must not outlive it.
      if (!stored) await janitor.abandon(keys)
    } catch (err) {
      if (keys.length) await janitor.abandon(keys)
      // One line per file that gets no thumbnail (an undecodable upload, a broken video): why.
      log.warn({ err, file: file.id, mime: file.mime, stage: at.stage }, 'thumbnail failed')
      await jobsRepo.fail(file.id, claim)
    }
  }

  /**
   * Runs one job, waiting at most jobTimeoutMs for it. A job past that is given up: its file is
   * marked failed and the worker goes on; the call that hung is left behind (JavaScript cannot
   * cancel it), and if it ever returns, its claim is gone and what it made is removed.
   */
  async function runJob(file: FileRow): Promise<void> {
    const at: { stage: Stage } = { stage: 'reading' }
    let timer: NodeJS.Timeout | undefined
    let done = false
    const ended = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      jobs++
      settledWaiters.get(file.id)?.forEach((w) => w())
    }
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), deps.jobTimeoutMs)
    })
    const job = work(file, at).finally(ended)
    if ((await Promise.race([job, late])) !== 'late') return
    // Each one still running may hold a thread of the pool that disk calls share: worth knowing.
    abandoned++
    job.then(
      () => void abandoned--,
      (err: unknown) => {
        abandoned--
        log.warn({ err, file: file.id }, 'a thumbnail job given up earlier ended in an error')
      },
    )
    log.error(
      { file: file.id, mime: file.mime, stage: at.stage, ms: deps.jobTimeoutMs, stillRunning: abandoned },
      'thumbnail job did not finish in time: given up, the queue goes on',
    )
    try {
      await jobsRepo.fail(file.id, claim)
    } finally {
      ended()
    }
  }

  /** Work claimed by an instance that died (crash, kill) goes back in the queue. */
  const recover = () =>
    releaseDeadClaims(deps.instances, deps.deadAfterMs ?? 60_000, (live) => jobsRepo.releaseClaimsExcept(live))

  /**
   * One bounded pass of the backfill: only when nothing is pending (uploads come first, and a
   * pass whose jobs are not done yet adds none), up to backfillPerPass files from the cursor.
   * Images and videos with their thumbnail only have their header (or one frame) read again.
   */
  async function backfill(limit = deps.backfillPerPass ?? 50): Promise<number> {
    if (backfillCursor === null || pool.stopped) return 0
    if (await jobsRepo.nextPending()) return 0
    const { last, queued } = await jobsRepo.requeueMissingFacts(backfillCursor, limit)
    backfillCursor = last ?? null
    if (queued) log.info({ queued }, 'files queued again for their size and photo info')
    return queued
  }

  const pool = createJobPool({
    concurrency: deps.concurrency,
    nextPending: jobsRepo.nextPending,
    claim: (file: FileRow) => jobsRepo.claim(file.id, claim),
    run: runJob,
    onError: (err) => log.warn({ err }, 'thumbnail queue error'),
  })

  const queue = {
    ffmpeg,
    /** Jobs finished by this process, done or failed (tests count conversions with it). */
    get jobs(): number {
      return jobs
    },
    /**
     * Queues the preview of an image that has none and is not queued: uploaded before previews
     * existed. Idempotent, so a burst of requests makes one job.
     */
    async requestPreview(file: Pick<FileRow, 'id'>): Promise<void> {
      if (await jobsRepo.requestPreview(file.id)) queue.wake()
    },
    /** The file's row once no job is pending or running for it, or as it stands after `waitMs`. */
    async settled(fileId: string, waitMs: number): Promise<FileRow | undefined> {
      const deadline = Date.now() + waitMs
      for (;;) {
        const row = await jobsRepo.row(fileId)
        const busy = row && (row.thumb_state === 'pending' || row.thumb_state.startsWith('working:'))
        const left = deadline - Date.now()
        if (!busy || left <= 0 || pool.stopped) return row
        await jobEndOrTimeout(fileId, Math.min(left, SETTLE_POLL_MS))
      }
    },
    async start(): Promise<void> {
      if (!ffmpeg) log.warn('ffmpeg is not on the PATH: videos get no thumbnails (install ffmpeg to enable them)')
      // Frames staged by a process that was killed are of no use to anyone.
      await rm(deps.tmpDir, { recursive: true, force: true })
      await recover()
      await backfill().catch((err: unknown) => log.warn({ err }, 'size backfill failed'))
      recoverTimer = setInterval(
        () =>
          void recover()
            .then(() => backfill())
            .then(
              () => queue.wake(),
              (err) => log.warn({ err }, 'thumbnail recovery failed'),
            ),
        deps.recoverEveryMs ?? 60_000,
      )
      recoverTimer.unref()
      queue.wake()
    },
    /** Called after uploads commit: starts workers up to the concurrency limit. */
    wake: () => pool.wake(),
    /** Runs one pass of the size backfill now (tests), of at most `limit` files; how many it queued. */
    async backfill(limit?: number): Promise<number> {
      const queued = await backfill(limit)
      if (queued) queue.wake()
      return queued
    },
    /** Resolves once no worker is running (tests). */
    idle: () => pool.idle(),
    async stop(): Promise<void> {
      if (recoverTimer) clearInterval(recoverTimer)
      await pool.stop()
    },
  }
  return queue
}
export type ThumbnailQueue = ReturnType<typeof createThumbnailQueue>
