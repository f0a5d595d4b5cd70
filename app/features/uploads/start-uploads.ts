// Starting uploads (SPEC §4 "Upload item" and "Uploads"): every upload becomes a row of the upload
// store, its files go through tus (api/resumable.ts) a few at a time, and the lists refetch after
// each success. A folder upload is one row whose files are sent one tus upload each (with their
// `relativePath`), through the same queue, the row showing their bytes together.
// Before plain files start, their names are checked against the folder (conflicts.ts): the user
// chooses Replace, Keep both or Skip per clash; a clash the server finds later (409 NAME_EXISTS,
// someone took the name meanwhile) is asked about then and the file sent again with the answer.
import { type FolderUploadEntry, PROGRESS_INTERVAL_MS } from '../../api/uploads.ts'
import { MAX_PARALLEL_UPLOADS } from '../../api/resumable-options.ts'
import type { ConflictJson } from '../../../server/schemas/versions.ts'
import { fileInfo, folderFileNames } from '../../api/files.ts'
import {
  createResumableUpload,
  isNameTaken,
  ResumableError,
  type ResumableUpload,
  terminateStored,
} from '../../api/resumable.ts'
import type { StoredUpload } from '../../api/resumable-store.ts'
import { askConflict, type ConflictChoice } from '../../state/upload-conflicts.ts'
import {
  addUpload,
  cancelUpload,
  isUploadRunning,
  setUploadControls,
  type UploadItem,
  updateUpload,
  uploads,
} from '../../state/uploads.ts'
import { type FilePlan, keptBothName, clashKey, planFileUploads } from './conflicts.ts'
import { createUploadMeter, type UploadMeter } from './upload-meter.ts'

export { MAX_PARALLEL_UPLOADS }

export type UploadKind = 'file' | 'folder'

/** Runs after each successful upload: refetch the lists that show it. */
export type OnUploaded = (kind: UploadKind) => void

export type { FolderUploadEntry }

/** One upload: a plain file, or a whole folder (one row, one tus upload per file). */
export type UploadJob = { type: 'file'; file: File } | { type: 'folder'; entries: FolderUploadEntry[] }

/** SPEC §4: a folder upload only when every chosen file has a relative path, else plain files. */
export function folderEntries(files: readonly File[]): FolderUploadEntry[] | null {
  const entries = files.map((file) => ({ file, path: file.webkitRelativePath }))
  return entries.length > 0 && entries.every((e) => e.path) ? entries : null
}

/** Jobs for files picked with an input: one folder job when they all carry paths, else one per file. */
export const jobsForFiles = (files: readonly File[]): UploadJob[] => {
  const entries = folderEntries(files)
  return entries ? [{ type: 'folder', entries }] : files.map((file) => ({ type: 'file', file }))
}

// The queue shared by every caller: two drops in a row still share the same few connections. It
// holds files, not rows, so a folder of a thousand files opens MAX_PARALLEL_UPLOADS requests too.
const waiting: Array<() => Promise<void>> = []
let active = 0

function pump(): void {
  while (active < MAX_PARALLEL_UPLOADS && waiting.length > 0) {
    active++
    void waiting.shift()!().finally(() => {
      active--
      pump()
    })
  }
}

/** Files being sent right now (tests check the queue's bound). */
export const uploadsInFlight = () => active

/** One file's tus upload inside a row. */
interface Transfer {
  file: File
  relativePath?: string
  previous?: StoredUpload
  /**
   * `asking`: the server found the name taken and the user is asked what to do; `skipped`: they
   * chose to skip it.
   */
  status: 'queued' | 'sending' | 'asking' | 'paused' | 'done' | 'failed' | 'stopped' | 'skipped'
  /** What the server does when the folder holds the name; none for folder uploads until a refusal is answered. */
  conflict?: ConflictJson
  /** Whether the name was taken when the user chose `conflict` (the row then says what became of it). */
  clashed?: boolean
  /** With keep-both: the name it is stored under (predicted, then the server's once stored). */
  savedAs?: string
  /** Bytes sent (the server's offset after a resume). */
  sent: number
  retrying: boolean
  upload?: ResumableUpload
  error?: ResumableError
  /** Bumped on every enqueue, so a stale queue entry (paused, then resumed) is skipped. */
  ticket: number
}

/** One row of the panel and its files. */
interface Row {
  id: string
  kind: UploadKind
  parent: string
  total: number
  transfers: Transfer[]
  paused: boolean
  canceled: boolean
  meter: UploadMeter
  onUploaded: OnUploaded
  /** Set once this row has told `onUploaded` about its files. */
  reported: boolean
  lastTick: number
  tickTimer: ReturnType<typeof setTimeout> | undefined
  /** Resolves when the row has ended (completed, failed, canceled) or is paused. */
  idle: () => void
  /** The rows started together, which late name clashes are asked about for. */
  batch: Batch
}

/** Rows started by one pick or drop: a late clash's "Do this for all" and cancel act on them all. */
interface Batch {
  rows: Row[]
  /** Late clashes waiting for an answer, the one asked included. */
  waiting: number
  /** "Do this for all" on a late clash: the answer for the batch's later ones. */
  late?: ConflictChoice
  /** Late clashes are asked one after another. */
  chain: Promise<unknown>
  /** Changes the count of the late question on screen. */
  recount?: (count: number) => void
}

const newBatch = (): Batch => ({ rows: [], waiting: 0, chain: Promise.resolve() })

const sentBytes = (row: Row) => row.transfers.reduce((sum, t) => sum + (t.status === 'done' ? t.file.size : t.sent), 0)
const busy = (t: Transfer) => t.status === 'queued' || t.status === 'sending' || t.status === 'asking'

/** The row's progress as the store shows it: at most every PROGRESS_INTERVAL_MS, never 100 before the end. */
function tick(row: Row): void {
  if (row.tickTimer) return
  const wait = PROGRESS_INTERVAL_MS - (Date.now() - row.lastTick)
  const flush = () => {
    row.tickTimer = undefined
    row.lastTick = Date.now()
    if (!isUploadRunning(row.id) || row.paused) return
    const bytes = sentBytes(row)
    const progress = row.total > 0 ? Math.min(99, Math.floor((bytes / row.total) * 100)) : 0
    updateUpload(row.id, { progress, ...row.meter.sample(bytes, row.total) })
  }
  if (wait <= 0) flush()
  else row.tickTimer = setTimeout(flush, wait)
}

function stopTicks(row: Row): void {
  clearTimeout(row.tickTimer)
  row.tickTimer = undefined
  row.meter.reset()
}

const failureText = (row: Row, t: Transfer) =>
  row.kind === 'folder' && t.relativePath ? `${t.relativePath}: ${t.error!.message}` : t.error!.message

/** Works out the row's state from its files, once something changed. */
function refresh(row: Row): void {
  // Canceled, or taken off the list by the close control: nothing left to show.
  if (row.canceled || !uploads.peek().some((u) => u.id === row.id)) return
  const pending = row.transfers.some(busy)
  if (pending) {
    if (row.paused) return
    const sending = row.transfers.filter((t) => t.status === 'sending')
    // Waiting for the user's answer to a late clash: running, without speed.
    if (row.transfers.some((t) => t.status === 'asking')) stopTicks(row)
    const retrying = sending.length > 0 && sending.every((t) => t.retrying)
    updateUpload(row.id, { state: retrying ? 'retrying' : 'running', error: undefined })
    if (retrying) stopTicks(row)
    return
  }
  if (row.transfers.some((t) => t.status === 'paused')) return
  stopTicks(row)
  const failed = row.transfers.filter((t) => t.status === 'failed')
  const stored = row.transfers.some((t) => t.status === 'done')
  if (row.transfers.every((t) => t.status === 'skipped')) {
    updateUpload(row.id, { state: 'skipped', progress: 0, bytesPerSecond: undefined, secondsLeft: undefined })
    return row.idle()
  }
  // What arrived is listed even when a sibling in the folder was refused.
  if (stored && !row.reported) {
    row.reported = true
    row.onUploaded(row.kind)
  }
  const end: Partial<UploadItem> =
    failed.length > 0
      ? { state: 'failed', error: failureText(row, failed[0]!), retryable: failed.some((t) => t.error!.retryable) }
      : { state: 'completed', progress: 100, ...outcomeOf(row) }
  updateUpload(row.id, { ...end, bytesPerSecond: undefined, secondsLeft: undefined })
  if (failed.length > 0)
    console.warn(
      'Upload failed',
      row.kind === 'file' ? row.transfers[0]!.file.name : failureText(row, failed[0]!),
      failed[0]!.error!.cause ?? failed[0]!.error,
    )
  row.idle()
}

/** What a file row's upload did to the name it met in the folder, for the panel. */
function outcomeOf(row: Row): Partial<UploadItem> {
  const t = row.transfers[0]
  if (row.kind !== 'file' || !t?.clashed) return {}
  if (t.conflict === 'replace') return { outcome: 'replaced' }
  if (t.conflict === 'keep-both') return { outcome: 'kept-both', savedAs: t.savedAs }
  return {}
}

/** The answer to a late clash of `t`: the batch's "for all" answer, or the user's (asked in turn). */
function askLate(row: Row, t: Transfer): Promise<{ choice: ConflictChoice; keptName?: string } | null> {
  const batch = row.batch
  batch.waiting++
  // The question on screen may settle this one too: it counts it.
  batch.recount?.(batch.waiting)
  const asked = batch.chain.then(async () => {
    if (batch.late) return { choice: batch.late }
    // A folder upload's file lands below `parent`: Keep both's name is the server's to tell.
    const names = row.kind === 'file' ? await folderFileNames(row.parent).catch(() => null) : null
    const keptName = names ? keptBothName(t.file.name, new Set(names.map(clashKey))) : undefined
    const name = row.kind === 'folder' && t.relativePath ? t.relativePath : t.file.name
    const question = askConflict({ name, count: batch.waiting, keptName })
    batch.recount = question.recount
    const answer = await question.answer
    batch.recount = undefined
    if (answer?.forAll) batch.late = answer.choice
    return answer && { choice: answer.choice, keptName }
  })
  batch.chain = asked.finally(() => batch.waiting--)
  return asked
}

/** The server found `t`'s name taken (someone took it meanwhile): ask, then skip it or send it again. */
async function lateClash(row: Row, t: Transfer): Promise<void> {
  t.status = 'asking'
  refresh(row)
  const answer = await askLate(row, t)
  // Read again: a cancel or pause may have come while the question was open.
  const status = (): Transfer['status'] => t.status
  if (row.canceled || status() === 'stopped') return
  if (!answer) {
    // Called off: the whole batch stops, as it would have before anything was sent.
    for (const other of row.batch.rows) cancelUpload(other.id)
    return
  }
  if (answer.choice === 'skip') {
    t.status = 'skipped'
    return refresh(row)
  }
  // A new tus upload: the rule is part of its creation.
  t.conflict = answer.choice
  t.clashed = true
  t.savedAs = answer.choice === 'keep-both' ? (answer.keptName ?? t.savedAs) : undefined
  t.upload = undefined
  t.sent = 0
  // Paused meanwhile: Resume sends it with the answer.
  if (status() === 'asking') enqueue(row, t)
}

/** The name a kept-both upload got, as the server tells (the prediction stays when it cannot be read). */
async function storedName(t: Transfer, fileId: string | undefined): Promise<void> {
  if (t.conflict !== 'keep-both' || !t.clashed || !fileId) return
  try {
    t.savedAs = (await fileInfo(fileId)).filename
  } catch (error) {
    console.warn('Reading the kept file failed', error)
  }
}

async function send(row: Row, t: Transfer, ticket: number): Promise<void> {
  if (t.ticket !== ticket || t.status !== 'queued') return
  // Canceled, paused, or the panel was closed while it waited in the queue.
  if (row.canceled || !isUploadRunning(row.id)) return void (t.status = 'stopped')
  if (row.paused) return void (t.status = 'paused')
  t.status = 'sending'
  t.upload ??= createResumableUpload(
    { file: t.file, parent: row.parent, relativePath: t.relativePath, previous: t.previous, conflict: t.conflict },
    {
      onProgress(bytes) {
        t.sent = bytes
        tick(row)
      },
      onRetrying() {
        t.retrying = true
        refresh(row)
      },
      onResumed() {
        t.retrying = false
        row.meter.reset()
        refresh(row)
      },
    },
  )
  refresh(row)
  try {
    const outcome = await t.upload.send()
    if (outcome.kind === 'stopped') return
    await storedName(t, outcome.fileId)
    t.status = 'done'
    t.sent = t.file.size
  } catch (error) {
    if (isNameTaken(error)) {
      t.retrying = false
      return void lateClash(row, t)
    }
    t.status = 'failed'
    t.error = error instanceof ResumableError ? error : new ResumableError(String(error), undefined, true, error)
  } finally {
    t.retrying = false
  }
  refresh(row)
}

function enqueue(row: Row, t: Transfer): void {
  const ticket = ++t.ticket
  t.status = 'queued'
  waiting.push(() => send(row, t, ticket))
  pump()
}

function pause(row: Row): void {
  row.paused = true
  stopTicks(row)
  updateUpload(row.id, { state: 'paused', bytesPerSecond: undefined, secondsLeft: undefined })
  for (const t of row.transfers) {
    if (t.status === 'sending') void t.upload?.pause()
    if (busy(t)) t.status = 'paused'
  }
  row.idle()
}

function resume(row: Row): void {
  row.paused = false
  updateUpload(row.id, { state: 'running' })
  for (const t of row.transfers) if (t.status === 'paused') enqueue(row, t)
}

function retry(row: Row): void {
  updateUpload(row.id, { state: 'running', error: undefined, retryable: undefined })
  for (const t of row.transfers) {
    if (t.status !== 'failed') continue
    t.error = undefined
    enqueue(row, t)
  }
}

function cancel(row: Row): void {
  row.canceled = true
  stopTicks(row)
  for (const t of row.transfers) {
    // Sent or half-sent: the server drops it. A file that never started has nothing to drop.
    if (t.status !== 'done' && t.upload) void t.upload.cancel()
    else if (t.status !== 'done' && t.previous) void terminateStored(t.previous)
    if (busy(t) || t.status === 'paused' || t.status === 'failed') t.status = 'stopped'
  }
  row.idle()
}

interface RowInput {
  kind: UploadKind
  parent: string
  files: Array<{
    file: File
    relativePath?: string
    previous?: StoredUpload
    conflict?: ConflictJson
    clashed?: boolean
    savedAs?: string
  }>
  onUploaded: OnUploaded
}

/** Sends the files of one row (a new row, or the existing `id` of a restored one); resolves once it has ended or paused. */
function startRow(
  id: string,
  { kind, parent, files, onUploaded }: RowInput,
  batch = newBatch(),
): { row: Row; done: Promise<void> } {
  let idle!: () => void
  const done = new Promise<void>((resolve) => (idle = resolve))
  const row: Row = {
    id,
    kind,
    parent,
    total: files.reduce((sum, f) => sum + f.file.size, 0),
    transfers: files.map((f) => ({ ...f, status: 'queued', sent: 0, retrying: false, ticket: 0 })),
    paused: false,
    canceled: false,
    meter: createUploadMeter(),
    onUploaded,
    reported: false,
    lastTick: 0,
    tickTimer: undefined,
    idle,
    batch,
  }
  batch.rows.push(row)
  for (const t of row.transfers) enqueue(row, t)
  return { row, done }
}

const rowControls = (row: Row) => ({
  cancel: () => cancel(row),
  pause: () => pause(row),
  resume: () => resume(row),
  retry: () => retry(row),
})

const topFolder = (entries: readonly FolderUploadEntry[]) => entries[0]?.path.split('/').find(Boolean) ?? ''

/**
 * Asks about the plain files' name clashes in `parent`, then lists every job in the upload store at
 * once (newest first; a skipped file as a skipped row) and sends their files a few at a time.
 * Nothing starts when the user calls the upload off in the conflict dialog. Folder uploads go
 * without a rule (the server's default, fail, merging into a folder of the same name): a file
 * whose name is taken there is asked about when the server refuses it, before its bytes go.
 */
export async function runUploadJobs(jobs: readonly UploadJob[], parent: string, onUploaded: OnUploaded): Promise<void> {
  const files = jobs.flatMap((job) => (job.type === 'file' ? [job.file] : []))
  const plans = files.length > 0 ? await planFileUploads(files, parent) : []
  if (!plans) return
  const planOf = new Map<File, FilePlan>(plans.map((plan) => [plan.file, plan]))
  const batch = newBatch()
  const done = jobs.map((job) => {
    const plan = job.type === 'file' ? planOf.get(job.file) : undefined
    if (plan?.skip) {
      addUpload({ name: plan.file.name, type: 'file', size: plan.file.size, state: 'skipped' })
      return Promise.resolve()
    }
    const input: RowInput =
      job.type === 'file'
        ? {
            kind: 'file',
            parent,
            onUploaded,
            files: [
              plan && !plan.skip
                ? { file: job.file, conflict: plan.conflict, clashed: plan.clashed, savedAs: plan.savedAs }
                : { file: job.file },
            ],
          }
        : {
            kind: 'folder',
            parent,
            onUploaded,
            files: job.entries.map(({ file, path }) => ({ file, relativePath: path })),
          }
    const name = job.type === 'file' ? job.file.name : topFolder(job.entries)
    const id = addUpload({ name, type: job.type, size: input.files.reduce((sum, f) => sum + f.file.size, 0) })
    const started = startRow(id, input, batch)
    setUploadControls(id, rowControls(started.row))
    return started.done
  })
  await Promise.all(done)
}

/** Continues a stored upload in the restored row `id` with the file the user picked again. */
export function resumeStoredUpload(
  id: string,
  file: File,
  previous: StoredUpload,
  onUploaded: OnUploaded,
): { controls: ReturnType<typeof rowControls>; done: Promise<void> } {
  const { row, done } = startRow(id, {
    kind: 'file',
    parent: previous.parent,
    onUploaded,
    files: [{ file, relativePath: previous.relativePath, previous }],
  })
  return { controls: rowControls(row), done }
}

/** Uploads picked `files` into `parent` ("/" for Home); resolves once every one has ended (or paused). */
export function startUploads(files: readonly File[], parent: string, onUploaded: OnUploaded): Promise<void> {
  return runUploadJobs(jobsForFiles(files), parent, onUploaded)
}

/** Whether this browser lets a file input pick a whole folder (SPEC §2 "Upload Folder"). */
export const supportsFolderSelection = () =>
  typeof HTMLInputElement !== 'undefined' && 'webkitdirectory' in HTMLInputElement.prototype
