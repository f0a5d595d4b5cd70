// The uploads of a file request's visitor: each chosen file becomes a row (newest first) and is
// sent through tus at …/uploads (resumable: a dropped connection retries and resumes, the row
// saying so meanwhile), at most MAX_REQUEST_UPLOADS at a time; a refusal (413 too large, 410
// expired, …) stays on its row with the server's reason.
import type { UploadItem } from '@cumulus/ui'
import { useCallback, useEffect, useRef, useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { uploadToFileRequest } from '../../api/public-share.ts'
import { MAX_PARALLEL_UPLOADS } from '../../api/resumable-options.ts'
import { useLeaveWarning } from '../../features/uploads/use-leave-warning.ts'

/** How many files travel at once: as many as the drive's own uploads. */
export const MAX_REQUEST_UPLOADS = MAX_PARALLEL_UPLOADS

interface Job {
  id: string
  file: File
  cancel?: () => void
  canceled?: boolean
  /** The percent last shown, so progress events that change nothing render nothing. */
  shown?: number
}

let nextId = 0

export function useRequestUploads(token: string) {
  const [items, setItems] = useState<UploadItem[]>([])
  const waiting = useRef<Job[]>([])
  const running = useRef(new Map<string, Job>())
  const alive = useRef(true)

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    if (alive.current) setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)))
  }, [])

  const pump = useCallback(() => {
    while (running.current.size < MAX_REQUEST_UPLOADS && waiting.current.length > 0) {
      const job = waiting.current.shift()!
      if (job.canceled) continue
      running.current.set(job.id, job)
      const handle = uploadToFileRequest(token, job.file, {
        onProgress(sent, total) {
          // 100 is for the stored file: the last bytes sent are not yet a file.
          const progress = total > 0 ? Math.min(99, Math.floor((sent / total) * 100)) : 0
          if (progress === job.shown) return
          job.shown = progress
          update(job.id, { progress })
        },
        onRetrying: () => update(job.id, { state: 'retrying' }),
        onResumed: () => update(job.id, { state: 'running' }),
      })
      job.cancel = handle.cancel
      handle.promise
        .then(
          () => update(job.id, { state: 'completed', progress: 100 }),
          (error: unknown) =>
            update(job.id, job.canceled ? { state: 'canceled' } : { state: 'failed', error: failureReason(error) }),
        )
        .finally(() => {
          running.current.delete(job.id)
          pump()
        })
    }
  }, [token, update])

  const add = useCallback(
    (files: readonly File[]) => {
      const jobs = files.map((file) => ({ id: `request-upload-${++nextId}`, file }))
      const rows: UploadItem[] = jobs.map((job) => ({
        id: job.id,
        name: job.file.name,
        type: 'file',
        size: job.file.size,
        progress: 0,
        state: 'running',
      }))
      // Newest first, as the upload panel lists them.
      setItems((list) => [...rows.reverse(), ...list])
      waiting.current.push(...jobs)
      pump()
    },
    [pump],
  )

  const cancel = useCallback(
    (id: string) => {
      const job = running.current.get(id) ?? waiting.current.find((each) => each.id === id)
      if (!job) return
      job.canceled = true
      if (job.cancel) job.cancel()
      else update(id, { state: 'canceled' })
    },
    [update],
  )

  /** The panel's close: stops what still runs and clears the list. */
  const clear = useCallback(() => {
    for (const job of [...running.current.values(), ...waiting.current]) {
      job.canceled = true
      job.cancel?.()
    }
    waiting.current = []
    setItems([])
  }, [])

  // Leaving mid-upload would cut the visitor's files off (and an anonymous upload cannot resume after a reload).
  const sending = useCallback(() => running.current.size > 0 || waiting.current.some((job) => !job.canceled), [])
  useLeaveWarning(sending)

  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  return { items, add, cancel, clear, inFlight: () => running.current.size }
}
