// An audit log, paged (DESIGN.md §7 "Audit log"; paging ours): the user's own events
// (/user-service/audit) or, for an admin, everyone's (/admin/audit). Newest first; each page
// answers the cursor of the next, null on the last.
import { useCallback, useEffect, useMemo } from 'react'
import useSWRInfinite from 'swr/infinite'
import { AUDIT_PAGE_SIZE, type AuditEventJson, type AuditPage } from '../api/account.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig } from './swr-config.ts'

export type AuditScope = 'own' | 'all'

export function auditPageKey(scope: AuditScope, index: number, previous: AuditPage | null): Key | null {
  if (index > 0 && !previous?.nextCursor) return null
  const params = index === 0 ? { limit: AUDIT_PAGE_SIZE } : { limit: AUDIT_PAGE_SIZE, cursor: previous!.nextCursor }
  return scope === 'all' ? keys.adminAudit(params) : keys.audit(params)
}

export interface AuditLog {
  events: AuditEventJson[]
  hasMore: boolean
  loading: boolean
  error: unknown
  loadMore: () => void
}

export function useAuditLog(scope: AuditScope): AuditLog {
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite<AuditPage, unknown>(
    (index, previous: AuditPage | null) => auditPageKey(scope, index, previous),
    fetcher as (key: Key) => Promise<AuditPage>,
    // A visit, and coming back to the tab, read the newest events again; the pages behind them are read once.
    { ...swrConfig, revalidateOnFocus: true, dedupingInterval: 2_000, revalidateFirstPage: false },
  )
  useEffect(() => {
    const again = () => void mutate()
    changes.addEventListener('change', again)
    return () => changes.removeEventListener('change', again)
  }, [mutate])
  const events = useMemo(() => (data ? data.flatMap((page) => page.events) : []), [data])
  const hasMore = Boolean(data && data[data.length - 1]?.nextCursor)
  const loading = isLoading || (isValidating && data !== undefined && size > data.length)
  const loadMore = useCallback(() => {
    if (hasMore && !loading) void setSize((current) => current + 1)
  }, [hasMore, loading, setSize])
  return { events, hasMore, loading, error, loadMore }
}

// Admin actions tell the logs shown right now to read again: each hook revalidates through its
// own bound mutate, the one an infinite list's pages all follow.
const changes = new EventTarget()

/** Reads the audit logs on screen again (after an admin action, which they may list). */
export const notifyAuditChanged = () => void changes.dispatchEvent(new Event('change'))
