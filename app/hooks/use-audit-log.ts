// An audit log, paged (DESIGN.md §7 "Audit log"; paging ours): the user's own events
// (/user-service/audit) or, for an admin, everyone's (/admin/audit). Newest first; each page
// answers the cursor of the next, null on the last.
import { useCallback, useMemo } from 'react'
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
  const { data, error, size, setSize, isLoading, isValidating } = useSWRInfinite<AuditPage, unknown>(
    (index, previous: AuditPage | null) => auditPageKey(scope, index, previous),
    fetcher as (key: Key) => Promise<AuditPage>,
    // A visit reads the newest events again; the pages behind them are read once.
    { ...swrConfig, dedupingInterval: 2_000, revalidateFirstPage: false },
  )
  const events = useMemo(() => (data ? data.flatMap((page) => page.events) : []), [data])
  const hasMore = Boolean(data && data[data.length - 1]?.nextCursor)
  const loading = isLoading || (isValidating && data !== undefined && size > data.length)
  const loadMore = useCallback(() => {
    if (hasMore && !loading) void setSize((current) => current + 1)
  }, [hasMore, loading, setSize])
  return { events, hasMore, loading, error, loadMore }
}
