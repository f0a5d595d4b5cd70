// A file's versions (DESIGN.md §8 "Versions"), for the Versions dialog, and what to read again
// after one is restored or deleted.
import { useCallback } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { type Key, keys } from '../api/keys.ts'
import type { VersionJson, VersionListReply } from '../api/versions.ts'
import { fetcher, swrConfig } from './swr-config.ts'
import { useRefetch } from './use-refetch.ts'

const none: VersionJson[] = []

// Any overwrite adds a version (an upload elsewhere, WebDAV, a member's replace): a dialog opened
// again reads the list again instead of keeping it for the app's usual five minutes.
const versionsConfig = { ...swrConfig, dedupingInterval: 2_000 }

/** The versions of `fileId`, newest first; null skips (no dialog open). */
export function useVersions(fileId: string | null) {
  const { data, error, isLoading, mutate } = useSWR<VersionListReply, unknown>(
    fileId ? keys.versions(fileId) : null,
    fetcher as (key: Key) => Promise<VersionListReply>,
    versionsConfig,
  )
  const retry = useCallback(() => void mutate(), [mutate])
  return { versions: data?.versions ?? none, loaded: data !== undefined, loading: isLoading, error, retry }
}

/**
 * After a restore or delete: the file's versions, the lists showing the file (its size and date
 * change with a restore), the storage meter, and what the viewer read of the old content.
 */
export function useRefetchVersions() {
  const { mutate } = useSWRConfig()
  const refetch = useRefetch()
  return useCallback(
    (fileId: string) => {
      void mutate(keys.versions(fileId))
      void mutate(keys.textPreview(fileId))
      void mutate(keys.mediaInfo(fileId))
      refetch.files()
    },
    [mutate, refetch],
  )
}
