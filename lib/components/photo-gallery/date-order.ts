import { useMemo } from 'react'
import type { BrowserFile } from '../file-card/browser-item.ts'
import type { DateInput } from '../../utils/format-date.ts'

// The gallery groups consecutive items by month, so it lays them out by date itself: items in any
// order give each month one header. Already-ordered input (the usual paged listing) is kept as
// given, the same array, so a next page appended re-packs only the new rows.

/** Which end of time the gallery starts at. */
export const photoGalleryOrders = ['newest', 'oldest'] as const
export type PhotoGalleryOrder = (typeof photoGalleryOrders)[number]

const time = (input: DateInput) => (input instanceof Date ? input.getTime() : new Date(input).getTime()) || 0

/** `items` by `dateOf` (stable: equal dates keep their order), or `items` itself when already so. */
export function byDate<T>(items: readonly T[], dateOf: (item: T) => DateInput, order: PhotoGalleryOrder): readonly T[] {
  const sign = order === 'newest' ? -1 : 1
  const times = items.map((item) => time(dateOf(item)))
  let sorted = true
  for (let i = 1; i < times.length && sorted; i++) sorted = sign * (times[i]! - times[i - 1]!) >= 0
  if (sorted) return items
  return times
    .map((t, index) => ({ t, index }))
    .sort((a, b) => sign * (a.t - b.t) || a.index - b.index)
    .map(({ index }) => items[index]!)
}

/** `byDate`, kept while `items` and `order` are. */
export const useDateOrder = <T extends BrowserFile>(
  items: readonly T[],
  dateOf: (file: BrowserFile) => DateInput,
  order: PhotoGalleryOrder,
): readonly T[] => useMemo(() => byDate(items, dateOf, order), [items, dateOf, order])
