// GET /share-service/links (DESIGN.md §7): every live link of the signed-in user, with the item's
// name. Read by the Shared screen and the share dialogs, which find an item's link in it by itemId.
import useSWR, { useSWRConfig } from 'swr'
import { useCallback } from 'react'
import type { ShareLinkJson } from '../api/share-links.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig } from './swr-config.ts'

/**
 * How long a read of the links counts as fresh. Visitors change them behind the app's back (a
 * download counts, a one-time link is used up, a link expires), so opening /shared or a share
 * dialog reads them again unless they were read a moment ago, not after the app's five minutes.
 */
export const SHARE_LINKS_FRESH_MS = 2_000

// keepPreviousData: a dialog that stops reading on close keeps showing its links while it fades out.
const config = { ...swrConfig, dedupingInterval: SHARE_LINKS_FRESH_MS, keepPreviousData: true }

export function useShareLinks(enabled = true) {
  const { data, error, isLoading, isValidating } = useSWR<{ links: ShareLinkJson[] }, unknown>(
    enabled ? keys.shareLinks() : null,
    fetcher as (key: Key) => Promise<{ links: ShareLinkJson[] }>,
    config,
  )
  return { links: data?.links ?? [], loaded: data !== undefined, loading: isLoading, validating: isValidating, error }
}

/** Reads the links again wherever they are shown (after a create, change or revoke). */
export function useRefetchShareLinks() {
  const { mutate } = useSWRConfig()
  return useCallback(() => void mutate(keys.shareLinks()), [mutate])
}

/** The link an item has: the newest live one of that access (the list is newest first). */
export const linkOf = (
  links: readonly ShareLinkJson[],
  itemType: 'file' | 'folder',
  itemId: string,
  access: 'view' | 'upload' = 'view',
) => links.find((link) => link.itemType === itemType && link.itemId === itemId && link.access === access)
