// The member-share reads (issue #39): an item's shares (the share dialog's access list), the
// people of this server matching a search (the people picker), and "Shared with me" in pages.
import { useCallback, useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import useSWRInfinite from 'swr/infinite'
import {
  type MemberShareJson,
  type PersonJson,
  SHARED_WITH_ME_LIMIT,
  type SharedWithMePage,
  type ShareItemType,
} from '../api/members.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig, useApi } from './swr-config.ts'
import { useOnListsChanged } from './use-refetch.ts'

const noShares: MemberShareJson[] = []
const noPeople: PersonJson[] = []

/** Who has access to an item (its owner's view); null skips (a dialog that is closed). */
export function useMembers(item: { itemType: ShareItemType; itemId: string } | null) {
  const { data, error, isLoading } = useApi<{ shares: MemberShareJson[] }>(
    item ? keys.members(item.itemType, item.itemId) : null,
  )
  return { shares: data?.shares ?? noShares, loaded: data !== undefined, loading: isLoading, error }
}

/** Reads an item's shares again after a change. */
export function useRefetchMembers() {
  const { mutate } = useSWRConfig()
  return useCallback((itemType: ShareItemType, itemId: string) => void mutate(keys.members(itemType, itemId)), [mutate])
}

// Suggestions change as accounts come and go: kept briefly, like the search suggestions.
const peopleConfig = { ...swrConfig, dedupingInterval: 2_000, keepPreviousData: true }

/** The people picker's suggestions for `q` (already debounced); '' asks nothing. */
export function usePeople(q: string) {
  const text = q.trim()
  const { data, error, isLoading } = useSWR<{ people: PersonJson[] }, unknown>(
    text ? keys.people(text) : null,
    fetcher as (key: Key) => Promise<{ people: PersonJson[] }>,
    peopleConfig,
  )
  return { people: text ? (data?.people ?? noPeople) : noPeople, loading: isLoading, error }
}

const pageKey = (index: number, previous: SharedWithMePage | null): Key | null => {
  if (index === 0) return keys.sharedWithMe({ limit: SHARED_WITH_ME_LIMIT })
  if (!previous?.next) return null
  return keys.sharedWithMe({ limit: SHARED_WITH_ME_LIMIT, startAt: previous.next })
}

/** "Shared with me", page after page by the server's `next` cursor. */
export function useSharedWithMe() {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<SharedWithMePage, unknown>(
    pageKey,
    fetcher as (key: Key) => Promise<SharedWithMePage>,
    { ...swrConfig, revalidateFirstPage: false },
  )
  // A rename, trash or move of a shared item changes the list too (SWR's filter mutate skips infinite keys).
  useOnListsChanged('folders', () => void mutate())
  const pages = useMemo(() => data ?? [], [data])
  const last = pages[pages.length - 1]
  const hasMore = Boolean(last?.next)
  const loadingMore = isValidating && size > pages.length
  const loadMore = useCallback(() => {
    if (hasMore && !loadingMore) void setSize((n) => n + 1)
  }, [hasMore, loadingMore, setSize])
  const entries = useMemo(() => pages.flatMap((page) => page.items), [pages])
  const retry = useCallback(() => void mutate(), [mutate])
  return { entries, loading: isLoading, hasMore, loadMore, retry, error }
}
