// SPEC §4 "Paging" for the file lists (home, folders, search, trash, media): SWR infinite pages of
// `limit` files; the next page starts after the last item (its uploadDate and filename, plus its id
// so ties never skip or repeat); no page is asked for once a loaded page came back short.
import { useCallback, useMemo } from 'react'
import useSWRInfinite from 'swr/infinite'
import type { FileJson, FileListParams } from '../api/files.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig } from './swr-config.ts'
import { useOnListsChanged } from './use-refetch.ts'

export type FileListQuery = Omit<FileListParams, 'limit' | 'startAtDate' | 'startAtName' | 'startAt' | 'startAtId'>

/** The key of page `index` given the page before it, or null when paging is over. */
export function pageKey(query: FileListQuery, limit: number, index: number, previous: readonly FileJson[] | null): Key | null {
  if (index === 0) return keys.files({ ...query, limit })
  if (!previous || previous.length < limit) return null
  const last = previous[previous.length - 1]!
  return keys.files({ ...query, limit, startAtDate: last.uploadDate, startAtName: last.filename, startAtId: last._id })
}

export interface FileList {
  files: FileJson[]
  /** Another page may exist: no loaded page was short. */
  hasMore: boolean
  /** A page (the first or a next one) is being fetched. */
  loading: boolean
  error: unknown
  /** Asks for the next page, once; a no-op while one is loading or when paging is over. */
  loadMore: () => void
  /** Revalidates every loaded page. */
  refresh: () => void
}

/** `query` null skips the read (e.g. a screen that shows no file list). */
export function useFileList(query: FileListQuery | null, limit: number): FileList {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<FileJson[], unknown>(
    (index, previous: FileJson[] | null) => (query ? pageKey(query, limit, index, previous) : null),
    fetcher as (key: Key) => Promise<FileJson[]>,
    // Loaded pages are revalidated only on purpose (after writes), never when the next one loads.
    { ...swrConfig, revalidateFirstPage: false },
  )
  useOnListsChanged('files', () => void mutate())
  const files = useMemo(() => (data ? data.flat() : []), [data])
  const hasMore = data ? !data.some((page) => page.length < limit) : false
  const pending = isLoading || (isValidating && data !== undefined && size > data.length)
  const loadMore = useCallback(() => {
    if (!hasMore || pending) return
    void setSize((current) => (data && current > data.length ? current : current + 1))
  }, [hasMore, pending, setSize, data])
  return { files, hasMore, loading: pending, error, loadMore, refresh: () => void mutate() }
}
