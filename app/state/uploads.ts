// SPEC §3 "Upload item (client side)" and §4 "Upload item": the upload list (newest first, merged by
// id) and the panel's minimized flag. The controls of an upload (cancel, pause, resume, retry) are
// not state: they live in a map beside the signal and are released when the upload is done with
// (SPEC §4 "A cancel token is kept per upload").
import { signal } from '@preact/signals-react'
import type { UploadItem } from '@cumulus/ui'

export type { UploadItem }

/** What a new upload needs; it starts running at progress 0 unless `state` says otherwise. */
export type NewUpload = Pick<UploadItem, 'name' | 'type'> & Partial<Omit<UploadItem, 'id' | 'name' | 'type'>>

/** What the panel's buttons do to one upload. */
export interface UploadControls {
  cancel: () => void
  pause?: () => void
  resume?: () => void
  retry?: () => void
}

/** The uploads, newest first. */
export const uploads = signal<readonly UploadItem[]>([])

/** Whether the upload panel is minimized; kept while the panel comes and goes. */
export const uploadsMinimized = signal(false)

const controls = new Map<string, UploadControls>()
let nextId = 0

/** Not ended: it may still send bytes (running, retrying) or be resumed (paused). */
export const isUnfinished = (item: UploadItem) =>
  item.state === 'running' || item.state === 'paused' || item.state === 'retrying'

/** Done with for good: nothing can be done to it any more (a failed upload may still be retried). */
const settled = (item: UploadItem) =>
  item.state === 'completed' ||
  item.state === 'canceled' ||
  item.state === 'skipped' ||
  (item.state === 'failed' && item.retryable === false)

const find = (id: string) => uploads.peek().find((u) => u.id === id)

/** Puts a new upload at the top of the list and returns its id; `control` is its cancel, or all its controls. */
export function addUpload(upload: NewUpload, control?: (() => void) | UploadControls): string {
  const id = `upload-${++nextId}`
  uploads.value = [{ id, progress: 0, state: 'running', ...upload }, ...uploads.peek()]
  if (control) controls.set(id, typeof control === 'function' ? { cancel: control } : control)
  return id
}

/** Replaces the controls of an upload that is not done with. */
export function setUploadControls(id: string, control: UploadControls): void {
  const item = find(id)
  if (item && !settled(item)) controls.set(id, control)
}

/** Replaces the cancel handle of an unfinished upload. */
export const setUploadCancel = (id: string, cancel: () => void) =>
  setUploadControls(id, { ...controls.get(id), cancel })

/** Whether `id` is still listed and unfinished (running, paused or retrying). */
export function isUploadRunning(id: string): boolean {
  const item = find(id)
  return item !== undefined && isUnfinished(item)
}

/**
 * Merges `partial` into the upload with `id`; an upload that is done with lets go of its controls.
 * A canceled upload stays canceled (a request that finished as it was canceled does not revive it).
 */
export function updateUpload(id: string, partial: Partial<Omit<UploadItem, 'id'>>): void {
  let done = false
  uploads.value = uploads.peek().map((item) => {
    if (item.id !== id) return item
    const next: UploadItem = {
      ...item,
      ...partial,
      state: item.state === 'canceled' ? 'canceled' : (partial.state ?? item.state),
    }
    done = settled(next)
    return next
  })
  if (done) controls.delete(id)
}

/** Takes an upload off the list without touching what it sent (a restored upload taken over elsewhere). */
export function removeUpload(id: string): void {
  controls.delete(id)
  uploads.value = uploads.peek().filter((u) => u.id !== id)
}

/** Stops one unfinished upload and marks it canceled. */
export function cancelUpload(id: string): void {
  if (!isUploadRunning(id)) return
  const control = controls.get(id)
  controls.delete(id)
  updateUpload(id, { state: 'canceled', bytesPerSecond: undefined, secondsLeft: undefined })
  control?.cancel()
}

export const pauseUpload = (id: string) => void (find(id)?.state === 'running' && controls.get(id)?.pause?.())
export const resumeUpload = (id: string) => void (find(id)?.state === 'paused' && controls.get(id)?.resume?.())
export const retryUpload = (id: string) => void (find(id)?.state === 'failed' && controls.get(id)?.retry?.())

/** The panel's close control (SPEC §2): cancels whatever is not done with and clears the list. */
export function cancelAllUploads(): void {
  const held = [...controls.values()]
  controls.clear()
  uploads.value = []
  for (const control of held) control.cancel()
}

/** Back to the initial state (tests, a new session): like close, and the panel is expanded again. */
export function resetUploads(): void {
  cancelAllUploads()
  uploadsMinimized.value = false
}

export const setUploadsMinimized = (minimized: boolean) => void (uploadsMinimized.value = minimized)

/** How many uploads still hold controls (tests check that finished uploads release theirs). */
export const heldCancelHandles = () => controls.size
