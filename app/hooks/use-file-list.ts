// SPEC §4 "Paging" for the file lists (home, folders, search, trash, media): SWR infinite pages of
// `limit` files; the next page starts after the last item (its uploadDate and filename, plus its id
// so ties never skip or repeat; sorted by size, its length); no page is asked for once a loaded page came back short. Media
// lists are ordered by the date a photo was taken (`takenDate`, else uploadDate): their cursor is that date.
import { useCallback, useMemo, useRef } from 'react'
import { stableHash } from 'swr/_internal'
import useSWRInfinite from 'swr/infinite'
import type { FileJson, FileListParams } from '../api/files.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig } from './swr-config.ts'
import { useOnListsChanged } from './use-refetch.ts'
import { isThumbnailPending, useThumbnailWait } from './use-thumbnail-wait.ts'

export type FileListQuery = Omit<
  FileListParams,
  'limit' | 'startAtDate' | 'startAtName' | 'startAtSize' | 'startAt' | 'startAtId'
>

/** The key of page `index` given the page before it, or null when paging is over. */
export function pageKey(
  query: FileListQuery,
  limit: number,
  index: number,
  previous: readonly FileJson[] | null,
): Key | null {
  if (index === 0) return keys.files({ ...query, limit })
  if (!previous || previous.length < limit) return null
  const last = previous[previous.length - 1]!
  // Best match pages by tier, then name, then id (DESIGN §8 "Relevance paging").
  if (query.sortBy === 'relevance')
    return keys.files({ ...query, limit, startAtRank: last.rank ?? 0, startAtName: last.filename, startAt: last._id })
  // The date the server sorts by: when a photo was taken, when a file went to the trash, or its upload.
  const startAtDate = query.mediaMode
    ? (last.metadata.takenDate ?? last.uploadDate)
    : query.trashMode && !query.search
      ? (last.metadata.trashedAt ?? last.uploadDate)
      : last.uploadDate
  // Sorted by size, the cursor is the last length too (a type sort's comes from the name).
  const size = query.sortBy?.startsWith('size') ? { startAtSize: last.length } : {}
  return keys.files({ ...query, limit, startAtDate, startAtName: last.filename, ...size, startAtId: last._id })
}

/**
 * `pageKey`, giving back the same key object for the same page before it. SWR serialises the key of
 * every loaded page on every page load (twice: for the new size, then in the fetcher), and hashes a
 * new key object anew: ~8 ms per page at the 1,000 pages of a 100,000-photo gallery. A key it has
 * seen is hashed once (SWR keeps each object's hash). Kept per query and limit.
 */
export function useKeptPageKey(query: FileListQuery | null, limit: number) {
  const queryHash = query ? stableHash(query) : ''
  const kept = useMemo(() => new WeakMap<readonly FileJson[], Key | null>(), [queryHash, limit])
  return (index: number, previous: readonly FileJson[] | null): Key | null => {
    if (!query) return null
    if (index === 0 || !previous) return pageKey(query, limit, index, previous)
    let key = kept.get(previous)
    if (key === undefined) {
      key = pageKey(query, limit, index, previous)
      kept.set(previous, key)
    }
    return key
  }
}

/**
 * SWR's compare, with the same answers: its default hashes the whole value, which for a list of
 * many pages builds one string of every file on each page load (~300 ms at 100,000 files, the
 * Media page's worst case). Arrays are compared item by item instead, by reference first, so
 * only pages that came back anew are hashed (each page's hash is kept by SWR).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => x === b[i] || stableHash(x) === stableHash(b[i]))
  return stableHash(a) === stableHash(b)
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
  const keyOf = useKeptPageKey(query, limit)
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<FileJson[], unknown>(
    (index, previous: FileJson[] | null) => keyOf(index, previous),
    fetcher as (key: Key) => Promise<FileJson[]>,
    // Loaded pages are revalidated only on purpose (after writes), never when the next one loads.
    { ...swrConfig, revalidateFirstPage: false, compare: sameData },
  )
  useOnListsChanged('files', () => void mutate())
  // concat, not flat(): ten times faster over the 1,000 pages of a 100,000-photo gallery.
  const files = useMemo(() => (data ? ([] as FileJson[]).concat(...data) : []), [data])
  // Only the pages with a thumbnail on its way are read again (and any page whose key moved).
  // Never while a read is on its way (e.g. after an upload): a mutate with data makes SWR drop
  // the answer of a read started before it, and that answer may hold the new files.
  const validating = useRef(isValidating)
  validating.current = isValidating
  useThumbnailWait(files, async () => {
    if (validating.current) return
    await mutate((pages) => pages, {
      revalidate: (page: FileJson[] | undefined) => page === undefined || page.some(isThumbnailPending),
    })
  })
  const hasMore = data ? !data.some((page) => page.length < limit) : false
  const pending = isLoading || (isValidating && data !== undefined && size > data.length)
  const loadMore = useCallback(() => {
    if (!hasMore || pending) return
    void setSize((current) => (data && current > data.length ? current : current + 1))
  }, [hasMore, pending, setSize, data])
  return { files, hasMore, loading: pending, error, loadMore, refresh: () => void mutate() }
}
