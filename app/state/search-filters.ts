// The search screens' sort and filters (DESIGN §8 "Search inside files"): Best match by default,
// one kind of item, one date range (a fixed one or the user's own days). They last for the visit
// and never touch the stored sort preference, which is Home's.
import type { DateRange } from '@cumulus/ui'
import { signal } from '@preact/signals-react'
import type { ListSortBy, SearchKind } from '../../server/schemas/files.ts'

export type { ListSortBy, SearchKind }
/** The date chips: the past 7 or 30 days (today included) or this calendar year, in UTC days. */
export const searchRanges = ['week', 'month', 'year'] as const
export type SearchRange = (typeof searchRanges)[number]

export const searchSort = signal<ListSortBy>('relevance')
export const searchKind = signal<SearchKind | null>(null)
export const searchRange = signal<SearchRange | null>(null)
/** The user's own days (Custom range…), inclusive: set only while no fixed range is. */
export const searchCustomRange = signal<DateRange | null>(null)

export const setSearchSort = (value: ListSortBy) => void (searchSort.value = value)
export const setSearchKind = (value: SearchKind | null) => void (searchKind.value = value)
/** A fixed range (or none) replaces the custom one. */
export function setSearchRange(value: SearchRange | null): void {
  searchRange.value = value
  searchCustomRange.value = null
}
/** The custom range replaces the fixed one. */
export function setSearchCustomRange(value: DateRange | null): void {
  searchCustomRange.value = value
  if (value) searchRange.value = null
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The `from` day of a range (the server's days are inclusive and UTC; no `to`: up to today). */
export function rangeFrom(range: SearchRange, now: Date = new Date()): string {
  if (range === 'year') return `${now.getUTCFullYear()}-01-01`
  const back = range === 'week' ? 6 : 29
  return day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back)))
}

/** The list parameters of the chosen filters: `from` and `to` as the server takes them (YYYY-MM-DD, inclusive). */
export function searchFilterParams(
  kind: SearchKind | null = searchKind.value,
  range: SearchRange | null = searchRange.value,
  now?: Date,
  custom: DateRange | null = searchCustomRange.value,
): { kind?: SearchKind; from?: string; to?: string } {
  const days = range
    ? { from: rangeFrom(range, now) }
    : custom
      ? { ...(custom.from ? { from: custom.from } : {}), ...(custom.to ? { to: custom.to } : {}) }
      : {}
  return { ...(kind ? { kind } : {}), ...days }
}

export function resetSearchFilters(): void {
  searchSort.value = 'relevance'
  searchKind.value = null
  searchRange.value = null
  searchCustomRange.value = null
}
