// SPEC §3 "Upload item (client side)" and §4 "Upload item": the upload list (newest first, merged by
// id) and the panel's minimized flag. Cancel handles are not state: they live in a map beside the
// signal and are released when an upload ends (SPEC §4 "A cancel token is kept per upload").
import { signal } from '@preact/signals-react'
import type { UploadItem } from '@cumulus/ui'

export type { UploadItem }

/** What a new upload needs; it starts running, at progress 0. */
export type NewUpload = Pick<UploadItem, 'name' | 'type'> & Partial<Pick<UploadItem, 'size'>>

/** The uploads, newest first. */
export const uploads = signal<readonly UploadItem[]>([])

/** Whether the upload panel is minimized; kept while the panel comes and goes. */
export const uploadsMinimized = signal(false)

const cancels = new Map<string, () => void>()
let nextId = 0

const ended = (item: UploadItem) => item.state !== 'running'

/** Puts a new upload at the top of the list and returns its id; `cancel` stops it. */
export function addUpload(upload: NewUpload, cancel?: () => void): string {
  const id = `upload-${++nextId}`
  uploads.value = [{ id, progress: 0, state: 'running', ...upload }, ...uploads.peek()]
  if (cancel) cancels.set(id, cancel)
  return id
}

/** Replaces the cancel handle of a running upload (a queued upload gets its XHR's once it starts). */
export function setUploadCancel(id: string, cancel: () => void): void {
  const item = uploads.peek().find((u) => u.id === id)
  if (item && !ended(item)) cancels.set(id, cancel)
}

/** Whether `id` is still listed and running. */
export function isUploadRunning(id: string): boolean {
  const item = uploads.peek().find((u) => u.id === id)
  return item !== undefined && !ended(item)
}

/**
 * Merges `partial` into the upload with `id`; an upload that ends lets go of its cancel handle. A
 * canceled upload stays canceled (a request that finished as it was canceled does not revive it).
 */
export function updateUpload(id: string, partial: Partial<Omit<UploadItem, 'id'>>): void {
  let endedNow = false
  uploads.value = uploads.peek().map((item) => {
    if (item.id !== id) return item
    const next: UploadItem = { ...item, ...partial, state: item.state === 'canceled' ? 'canceled' : (partial.state ?? item.state) }
    endedNow = ended(next)
    return next
  })
  if (endedNow) cancels.delete(id)
}

/** Stops one running upload and marks it canceled. */
export function cancelUpload(id: string): void {
  if (!isUploadRunning(id)) return
  const cancel = cancels.get(id)
  cancels.delete(id)
  updateUpload(id, { state: 'canceled' })
  cancel?.()
}

/** The panel's close control (SPEC §2): cancels whatever still runs and clears the list. */
export function cancelAllUploads(): void {
  const running = [...cancels.values()]
  cancels.clear()
  uploads.value = []
  for (const cancel of running) cancel()
}

/** Back to the initial state (tests, a new session): like close, and the panel is expanded again. */
export function resetUploads(): void {
  cancelAllUploads()
  uploadsMinimized.value = false
}

export const setUploadsMinimized = (minimized: boolean) => void (uploadsMinimized.value = minimized)

/** How many cancel handles are held (tests check that ended uploads release theirs). */
export const heldCancelHandles = () => cancels.size
