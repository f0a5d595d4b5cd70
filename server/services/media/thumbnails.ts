// Thumbnails, and the full-size previews the viewer shows, are made off the request path. The
// queue lives in the database (thumb_state), so it is bounded in memory, survives restarts, and
// two instances never work on the same file. One job reads an image once and makes both.
// A failure marks the file 'failed' and never touches the upload itself.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import type { FileRow } from '../../db/schema.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { InstancesRepository } from '../../repositories/blob-outbox.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { Vault } from '../../storage/vault.ts'
import { randomId } from '../../util/crypto.ts'
import { exifTakenDate } from '../../util/exif-date.ts'
import { isVideoType } from '../../util/mime.ts'
import { openImage, type Preview, previewOf, readImage, thumbnailOf } from './images.ts'

/** How often a request waiting for a preview looks at the row (another instance may make it). */
const SETTLE_POLL_MS = 200

/** Where a job is, named in the log when it is given up. */
type Stage = 'reading' | 'video frame' | 'decoding' | 'storing' | 'committing'

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

/** An ffmpeg run taking longer is killed: one frame of a sane video takes well under a second. */
const FFMPEG_TIMEOUT_MS = 30_000

/** The frame at `at` seconds as PNG bytes (none past the video's end), and what ffmpeg said. */
function ffmpegFrame(path: string, at: string): Promise<{ frame: Buffer; said: string }> {
  return new Promise((resolve, reject) => {
    const ff = spawn(
      'ffmpeg',
      ['-v', 'error', '-ss', at, '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const chunks: Buffer[] = []
    let said = ''
    let killed = false
    const timer = setTimeout(() => {
      killed = true
      ff.kill('SIGKILL')
    }, FFMPEG_TIMEOUT_MS)
    ff.stdout.on('data', (c: Buffer) => chunks.push(c))
    ff.stderr.on('data', (c: Buffer) => void (said = (said + c.toString()).slice(-500)))
    ff.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    ff.on('close', () => {
      clearTimeout(timer)
      if (killed) reject(new Error(`ffmpeg gave no frame within ${FFMPEG_TIMEOUT_MS / 1000} s and was killed`))
      else resolve({ frame: Buffer.concat(chunks), said: said.trim() })
    })
  })
}

/** One frame of a video as PNG bytes (ffmpeg needs a seekable file, so the video is staged). */
async function videoFrame(input: Readable, tmpDir: string): Promise<Buffer> {
  await mkdir(tmpDir, { recursive: true })
  const path = join(tmpDir, `frame-${randomId(8)}`)
  try {
    await pipeline(input, createWriteStream(path))
    let said = ''
    // A second in, past a fade from black; a video shorter than that has its first frame.
    for (const at of ['1', '0']) {
      const run = await ffmpegFrame(path, at)
      if (run.frame.length) return run.frame
      said = run.said
    }
    throw new Error(`ffmpeg produced no frame${said ? `: ${said}` : ''}`)
  } finally {
    await rm(path, { force: true })
  }
}

export function createThumbnailQueue(deps: ThumbnailDeps) {
  const { drive, vault, janitor, log } = deps
  const jobsRepo = drive.thumbnailJobs
  const ffmpeg = hasFfmpeg()
  const claim = `working:${deps.instanceId}` as const
  let recoverTimer: NodeJS.Timeout | undefined
  let running = 0
  let stopped = false
  // Set by wake(): a worker about to exit looks again, so no upload is missed between its last
  // empty claim and its exit.
  let dirty = false
  let kick: Promise<void> = Promise.resolve()
  const idleWaiters: Array<() => void> = []
  /** Requests waiting for a file's job, by file id: woken when it ends here. */
  const settledWaiters = new Map<string, Set<() => void>>()
  let jobs = 0
  /** Jobs given up that have not returned yet. */
  let abandoned = 0

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

  /** What the job makes: a missing thumbnail, and for images the preview. */
  async function render(
    file: FileRow,
    at: { stage: Stage },
  ): Promise<{ thumbnail?: Buffer; preview?: Preview; takenDate?: number }> {
    const source = await vault.open(file)
    if (isVideoType(file.mime)) {
      at.stage = 'video frame'
      const frame = await videoFrame(source, deps.tmpDir)
      at.stage = 'decoding'
      return { thumbnail: await thumbnailOf(await openImage(frame, 'image/png', deps.pixelLimit)) }
    }
    const bytes = await readImage(source, file.mime, deps.pixelLimit)
    at.stage = 'decoding'
    const image = await openImage(bytes, file.mime, deps.pixelLimit)
    // Files from before previews existed keep their thumbnail and only get the preview.
    const thumbnail = file.thumbnail_key ? undefined : await thumbnailOf(image)
    const preview = await previewOf(image, {
      bytes: bytes.length,
      mime: file.mime,
      maxEdge: deps.previewMaxEdge,
      pixelLimit: deps.pixelLimit,
    })
    const takenDate = exifTakenDate((await image().metadata()).exif, Date.now())
    return { ...(thumbnail && { thumbnail }), preview, ...(takenDate !== undefined && { takenDate }) }
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
      // A video has no preview: one that has its thumbnail has nothing left to make.
      if (isVideoType(file.mime) && file.thumbnail_key) {
        await jobsRepo.finish(file.id, claim, {})
        return
      }
      if (isVideoType(file.mime) && !ffmpeg) throw new Error('ffmpeg is not available')
      const { thumbnail, preview, takenDate } = await render(file, at)
      at.stage = 'storing'
      const thumb = thumbnail && (await storeDerived(thumbnail, keys))
      const previewBlob = preview?.body && (await storeDerived(preview.body, keys))
      const made = {
        ...(thumb && { thumbnail: { id: randomId(), key: thumb.key, enc: thumb.enc ?? null, size: thumb.size } }),
        ...(preview && {
          preview: {
            type: preview.type,
            key: previewBlob?.key ?? null,
            enc: previewBlob?.enc ?? null,
            size: previewBlob?.size ?? null,
          },
        }),
        ...(takenDate !== undefined && { takenDate }),
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
  async function recover(): Promise<void> {
    const liveSince = Date.now() - (deps.deadAfterMs ?? 60_000)
    const live = (await deps.instances.liveIds(liveSince)).map((id) => `working:${id}` as const)
    await jobsRepo.releaseClaimsExcept(live)
  }

  /** Claims the next pending file; a claim lost to another worker or instance is skipped. */
  async function claimNext(): Promise<FileRow | undefined> {
    for (;;) {
      const next = await jobsRepo.nextPending()
      if (!next) return undefined
      if (await jobsRepo.claim(next.id, claim)) return next
    }
  }

  async function worker(): Promise<void> {
    running++
    try {
      do {
        dirty = false
        for (let file = await claimNext(); file && !stopped; file = await claimNext()) await runJob(file)
      } while (dirty && !stopped)
    } catch (err) {
      log.warn({ err }, 'thumbnail queue error')
    } finally {
      running--
      if (running === 0) idleWaiters.splice(0).forEach((w) => w())
    }
  }

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
        if (!busy || left <= 0 || stopped) return row
        await jobEndOrTimeout(fileId, Math.min(left, SETTLE_POLL_MS))
      }
    },
    async start(): Promise<void> {
      if (!ffmpeg) log.warn('ffmpeg is not on the PATH: videos get no thumbnails (install ffmpeg to enable them)')
      // Frames staged by a process that was killed are of no use to anyone.
      await rm(deps.tmpDir, { recursive: true, force: true })
      await recover()
      recoverTimer = setInterval(
        () =>
          void recover().then(
            () => queue.wake(),
            (err) => log.warn({ err }, 'thumbnail recovery failed'),
          ),
        deps.recoverEveryMs ?? 60_000,
      )
      recoverTimer.unref()
      queue.wake()
    },
    /** Called after uploads commit: starts workers up to the concurrency limit. */
    wake(): void {
      if (stopped) return
      dirty = true
      kick = kick.then(() => {
        while (running < deps.concurrency) void worker()
      })
    },
    /** Resolves once no worker is running (tests). */
    async idle(): Promise<void> {
      await kick
      if (running === 0) return
      await new Promise<void>((r) => idleWaiters.push(r))
    },
    async stop(): Promise<void> {
      stopped = true
      if (recoverTimer) clearInterval(recoverTimer)
      await queue.idle()
    },
  }
  return queue
}
export type ThumbnailQueue = ReturnType<typeof createThumbnailQueue>
