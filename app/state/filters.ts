// SPEC §3 "Filter settings" and §4 "Sort". The sort is also a preference: its name/date part and
// its direction are mirrored to the sort-name and order-asc keys. Size and type (ours, beside the
// spec's two) last for the visit: the stored preference knows only name or date.
import { signal } from '@preact/signals-react'
import type { SortBy } from '../../server/schemas/files.ts'
import { readFlag, readSaved, savedKeys, writeFlag, writeSaved } from './saved.ts'
import { resetSearchFilters } from './search-filters.ts'

export type { SortBy }
export type SortType = 'date' | 'alp'
/** Every field the lists sort by: the spec's date and name, and size and type. */
export type SortField = SortType | 'size' | 'type'
export type MediaFilter = 'all' | 'photos' | 'videos'

export const sortByValues = ['date_desc', 'date_asc', 'alp_desc', 'alp_asc'] as const satisfies readonly SortBy[]
export const mediaFilterValues = ['all', 'photos', 'videos'] as const satisfies readonly MediaFilter[]

/** SPEC §9 page sizes. */
export const defaultLimit = 50
export const mediaLimit = 100
export const quickListLimit = 20

/** SPEC §3 "The derived sort key is name or date plus ascending or descending". */
export const sortKey = (field: SortField, ascending: boolean): SortBy => `${field}_${ascending ? 'asc' : 'desc'}`
/** The stored preference's part of a sort: name, or date for every other field. */
export const sortTypeOf = (value: SortBy): SortType => (value.startsWith('alp') ? 'alp' : 'date')
export const sortFieldOf = (value: SortBy): SortField => value.slice(0, value.lastIndexOf('_')) as SortField
export const isAscending = (value: SortBy): boolean => value.endsWith('_asc')

const storedSortBy = (): SortBy => sortKey(readFlag(savedKeys.sortName) ? 'alp' : 'date', readFlag(savedKeys.orderAsc))

export const sortBy = signal<SortBy>(storedSortBy())
export const limit = signal(defaultLimit)
export const search = signal('')
export const mediaFilter = signal<MediaFilter>('all')
/**
 * The gallery's own direction (newest first by default). The gallery is always by date taken, so
 * it never follows Home's sort: a name sort there would scatter and repeat its month groups.
 */
export const mediaAscending = signal(false)

/** Media's "Include shared" as chosen and saved; null: never chosen (on when anything is shared). */
const storedIncludeShared = (): boolean | null => {
  const saved = readSaved(savedKeys.mediaIncludeShared)
  return saved === 'true' ? true : saved === 'false' ? false : null
}
export const mediaIncludeShared = signal<boolean | null>(storedIncludeShared())
/** The timeline's person filter: an owner's id (the user's own: only theirs); undefined: everyone. */
export const mediaPerson = signal<string | undefined>(undefined)

export function setMediaIncludeShared(on: boolean): void {
  mediaIncludeShared.value = on
  // Off, the person filter has nothing to filter.
  if (!on) mediaPerson.value = undefined
  writeSaved(savedKeys.mediaIncludeShared, String(on))
}
export const setMediaPerson = (id: string | undefined) => void (mediaPerson.value = id)

/** The media list's sort: by date, in the gallery's own direction. */
export const mediaSortBy = (ascending: boolean): SortBy => sortKey('date', ascending)
export const toggleMediaOrder = () => void (mediaAscending.value = !mediaAscending.peek())

export function setSortBy(value: SortBy): void {
  sortBy.value = value
  writeFlag(savedKeys.sortName, sortTypeOf(value) === 'alp')
  writeFlag(savedKeys.orderAsc, isAscending(value))
}

/** The select switches between date and name, keeping the direction. */
export const setSortType = (type: SortType) => setSortBy(sortKey(type, isAscending(sortBy.peek())))

/** The toggle flips ascending/descending. */
export const toggleSortOrder = () => setSortBy(sortKey(sortFieldOf(sortBy.peek()), !isAscending(sortBy.peek())))

export const setSortAscending = (ascending: boolean) => setSortBy(sortKey(sortFieldOf(sortBy.peek()), ascending))

export const setSearch = (value: string) => void (search.value = value)
export const setLimit = (value: number) => void (limit.value = value)
export const setMediaFilter = (value: MediaFilter) => void (mediaFilter.value = value)

/** Back to the defaults, the sort re-read from the stored preference. */
export function resetFilters(): void {
  sortBy.value = storedSortBy()
  limit.value = defaultLimit
  search.value = ''
  mediaFilter.value = 'all'
  mediaAscending.value = false
  mediaIncludeShared.value = storedIncludeShared()
  mediaPerson.value = undefined
  resetSearchFilters()
}
