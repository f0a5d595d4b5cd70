// SWR reads of a share link's visitor side: the link's info, and a folder link's listing paged as
// SPEC §4 "Paging" (the next page starts after the last file: its date, name and id).
import { useCallback, useMemo } from 'react'
import useSWRInfinite from 'swr/infinite'
import { HttpError } from '../api/http.ts'
import type { Key } from '../api/keys.ts'
import { keys } from '../api/keys.ts'
import type { PublicListParams, PublicListReply, PublicShareInfo } from '../api/public-share.ts'
import { fetcher, swrConfig, useApi } from './swr-config.ts'

/** GET /share-service/public/{token}; a password link fails with 401 SHARE_PASSWORD_REQUIRED. */
export function usePublicShare(token: string) {
  return useApi<PublicShareInfo>(keys.publicShare(token))
}

/** A link's answer while its password has not been given (its own page, or the spec's public page). */
export const needsSharePassword = (error: unknown) =>
  error instanceof HttpError && error.code === 'SHARE_PASSWORD_REQUIRED'

/** SPEC §9 "Default page size". */
export const PUBLIC_PAGE_SIZE = 50

/** The key of page `index` of `folder`'s listing, or null once a short page ended it. */
export function publicPageKey(
  token: string,
  folder: string | null,
  limit: number,
  index: number,
  previous: PublicListReply | null,
): Key | null {
  const base: PublicListParams = { ...(folder ? { folder } : {}), limit }
  if (index === 0) return keys.publicShareList(token, base)
  if (!previous || previous.files.length < limit) return null
  const last = previous.files[previous.files.length - 1]!
  return keys.publicShareList(token, {
    ...base,
    startAtDate: last.uploadDate,
    startAtName: last.filename,
    startAtId: last._id,
  })
}

export interface PublicFolderListing {
  /** The folders from the shared root (included) down to the one listed. */
  path: PublicListReply['path']
  folders: PublicListReply['folders']
  files: PublicListReply['files']
  hasMore: boolean
  loading: boolean
  error: unknown
  loadMore: () => void
  retry: () => void
}

/** A folder of a folder link (`null`: its root), `limit` files a page; `enabled` false reads nothing. */
export function usePublicFolder(
  token: string,
  folder: string | null,
  enabled: boolean,
  limit = PUBLIC_PAGE_SIZE,
): PublicFolderListing {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<PublicListReply, unknown>(
    (index, previous: PublicListReply | null) =>
      enabled ? publicPageKey(token, folder, limit, index, previous) : null,
    fetcher as (key: Key) => Promise<PublicListReply>,
    { ...swrConfig, revalidateFirstPage: false },
  )
  const first = data?.[0]
  // Folders and the path come whole with every page: the first page's are the ones shown.
  const files = useMemo(() => (data ? data.flatMap((page) => page.files) : []), [data])
  const hasMore = data ? !data.some((page) => page.files.length < limit) : false
  const loading = isLoading || (isValidating && data !== undefined && size > data.length)
  const loadMore = useCallback(() => {
    if (!hasMore || loading) return
    void setSize((current) => (data && current > data.length ? current : current + 1))
  }, [hasMore, loading, setSize, data])
  return {
    path: first?.path ?? [],
    folders: first?.folders ?? [],
    files,
    hasMore,
    loading,
    error,
    loadMore,
    retry: () => void mutate(),
  }
}
