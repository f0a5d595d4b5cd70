// SPEC §4 "Upload item": after a file upload the file list and quick list refetch; after a folder
// upload the folders refetch too. A drop of hundreds of files would refetch every loaded page once
// per file, so successes that land close together share one refetch (at most one per 500 ms, the
// last one always follows the last success).
import { useCallback, useEffect, useRef } from 'react'
import { useRefetch } from '../../hooks/use-refetch.ts'
import type { OnUploaded } from './start-uploads.ts'

export const UPLOAD_REFETCH_MS = 500

/** The `onUploaded` callback for `startUploads` and `runUploadJobs`. */
export function useUploadRefetch(): OnUploaded {
  const refetch = useRefetch()
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; folders: boolean } | null>(null)
  useEffect(() => () => clearTimeout(pending.current?.timer), [])
  return useCallback(
    (kind) => {
      if (pending.current) {
        pending.current.folders ||= kind === 'folder'
        return
      }
      const run = () => {
        const folders = pending.current?.folders ?? false
        pending.current = null
        if (folders) refetch.all()
        else refetch.files()
      }
      pending.current = { timer: setTimeout(run, UPLOAD_REFETCH_MS), folders: kind === 'folder' }
    },
    [refetch],
  )
}
