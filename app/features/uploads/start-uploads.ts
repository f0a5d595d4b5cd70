// Starting uploads (SPEC §4 "Upload item" and "Uploads"): every upload becomes an item of the upload
// store, a few run at a time, and the lists refetch after each success.
import { failureReason } from '../../api/http.ts'
import { type FolderUploadEntry, uploadFile, uploadFolder } from '../../api/uploads.ts'
import { addUpload, isUploadRunning, setUploadCancel, updateUpload } from '../../state/uploads.ts'

/** Uploads sent at once; the rest wait their turn, so a 200-file drop does not open 200 sockets. */
export const MAX_PARALLEL_UPLOADS = 3

export type UploadKind = 'file' | 'folder'

/** Runs after each successful upload: refetch the lists that show it. */
export type OnUploaded = (kind: UploadKind) => void

/** One upload: a plain file, or a whole folder sent as one folder upload. */
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

// The queue shared by every caller: two drops in a row still share the same few sockets.
const waiting: Array<() => void> = []
let active = 0

function pump(): void {
  while (active < MAX_PARALLEL_UPLOADS && waiting.length > 0) {
    active++
    waiting.shift()!()
  }
}

function enqueue(task: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(() => {
      void task().finally(() => {
        active--
        resolve()
        pump()
      })
    })
    pump()
  })
}

const topFolder = (entries: readonly FolderUploadEntry[]) => entries[0]?.path.split('/').find(Boolean) ?? ''

async function send(job: UploadJob, id: string, parent: string, onUploaded: OnUploaded): Promise<void> {
  // Canceled, or the panel was closed, while it waited in the queue.
  if (!isUploadRunning(id)) return
  const onProgress = (progress: number) => {
    if (isUploadRunning(id)) updateUpload(id, { progress })
  }
  const handle = job.type === 'file' ? uploadFile(job.file, parent, { onProgress }) : uploadFolder(job.entries, parent, { onProgress })
  setUploadCancel(id, handle.cancel)
  try {
    await handle.promise
    updateUpload(id, { state: 'completed', progress: 100 })
    onUploaded(job.type)
  } catch (error) {
    // A cancel already marked (or removed) the item; anything else is a failure.
    if (handle.signal.aborted) return
    // The row says why (the server's message, or "Network Error"), so a failure is not a mystery.
    updateUpload(id, { state: 'failed', error: failureReason(error) })
    console.warn('Upload failed', job.type === 'file' ? job.file.name : topFolder(job.entries), error)
  }
}

/** Lists every job in the upload store at once (newest first) and sends them a few at a time into `parent`. */
export function runUploadJobs(jobs: readonly UploadJob[], parent: string, onUploaded: OnUploaded): Promise<void> {
  const done = jobs.map((job) => {
    const id =
      job.type === 'file'
        ? addUpload({ name: job.file.name, type: 'file', size: job.file.size })
        : addUpload({ name: topFolder(job.entries), type: 'folder', size: job.entries.reduce((sum, e) => sum + e.file.size, 0) })
    return enqueue(() => send(job, id, parent, onUploaded))
  })
  return Promise.all(done).then(() => undefined)
}

/** Uploads picked `files` into `parent` ("/" for Home); resolves once every one has ended. */
export function startUploads(files: readonly File[], parent: string, onUploaded: OnUploaded): Promise<void> {
  return runUploadJobs(jobsForFiles(files), parent, onUploaded)
}

/** Whether this browser lets a file input pick a whole folder (SPEC §2 "Upload Folder"). */
export const supportsFolderSelection = () =>
  typeof HTMLInputElement !== 'undefined' && 'webkitdirectory' in HTMLInputElement.prototype
