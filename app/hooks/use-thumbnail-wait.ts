// A new photo's thumbnail is made after its upload (the server's queue): the list that showed it
// then still says `thumbnailPending`. While some listed file does, the list is read again, with
// a backoff (1 s, 2 s, 4 s, then every 8 s) and a stop after THUMBNAIL_WAIT_TRIES reads, so the
// card swaps its badge for the thumbnail without a reload. Nothing is read when nothing is
// pending, and the server's list cache never hides a finished thumbnail: finishing one moves the
// drive version its entries are kept under.
import { useEffect, useMemo, useRef } from 'react'
import type { FileJson } from '../api/files.ts'

export const THUMBNAIL_WAIT_BASE_MS = 1000
export const THUMBNAIL_WAIT_MAX_MS = 8000
/** ~2.5 minutes of reads: longer than the server gives one thumbnail job (2 minutes). */
export const THUMBNAIL_WAIT_TRIES = 20

/** The wait before read number `attempt` (0-based). */
export const thumbnailWaitDelay = (attempt: number) =>
  Math.min(THUMBNAIL_WAIT_BASE_MS * 2 ** attempt, THUMBNAIL_WAIT_MAX_MS)

export const isThumbnailPending = (file: FileJson) => file.metadata.thumbnailPending === true

/**
 * Calls `reread` (which resolves once the list is read again) while `files` has pending
 * thumbnails. The count starts over when the pending files change (one finished, or a new
 * upload is pending): each start over needs a thumbnail to have come, so the reads still end.
 */
export function useThumbnailWait(files: readonly FileJson[], reread: () => Promise<unknown>): void {
  const pending = useMemo(
    () =>
      files
        .filter(isThumbnailPending)
        .map((file) => file._id)
        .join('\n'),
    [files],
  )
  const tries = useRef({ pending: '', count: 0 })
  const rereadRef = useRef(reread)
  rereadRef.current = reread

  useEffect(() => {
    if (!pending) return
    const state = tries.current
    if (state.pending !== pending) tries.current = { pending, count: 0 }
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const next = () => {
      const now = tries.current
      if (stopped || now.count >= THUMBNAIL_WAIT_TRIES) return
      timer = setTimeout(() => {
        now.count++
        // A failed read is tried again on the same schedule: the count still bounds it.
        rereadRef
          .current()
          .catch(() => undefined)
          .finally(next)
      }, thumbnailWaitDelay(now.count))
    }
    next()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [pending])
}
