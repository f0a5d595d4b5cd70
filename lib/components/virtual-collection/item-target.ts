import type { RefObject } from 'react'
import type { FoundItem } from './use-roving-focus.ts'

// Every handler sits on the collection's root (one set for 10,000 items), so each starts by finding
// which item, if any, an event happened in.

/** The item element `target` is in, with its index and item, or null outside this collection's items. */
export function findItem<T>(
  rootRef: RefObject<HTMLElement | null>,
  items: readonly T[],
  target: EventTarget | null,
): FoundItem<T> | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-collection-item]') : null
  if (!element || !rootRef.current?.contains(element)) return null
  const index = Number(element.dataset.index)
  const item = items[index]
  return item === undefined ? null : { element, index, item }
}

/** The event happened on a row's Actions button (it opens the menu; the item ignores it). */
export const isAction = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-collection-action]') != null
