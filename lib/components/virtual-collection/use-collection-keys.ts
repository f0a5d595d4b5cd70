import type { KeyboardEvent } from 'react'
import { isContextMenuKey } from '../../internal/context-menu-trigger.ts'
import type { CollectionCallbacks } from './collection-types.ts'
import type { useCollectionMenu } from './use-collection-menu.tsx'
import type { FoundItem, useRovingFocus } from './use-roving-focus.ts'

// The collection's keys in one place: the menu key opens the shared menu, Enter opens, Space
// toggles, and the rest go to the roving focus to move. Apart so the component only wires it.

interface CollectionKeysOptions<T> extends Pick<CollectionCallbacks<T>, 'onItemOpen' | 'onItemToggle'> {
  hit: (target: EventTarget | null) => FoundItem<T> | null
  menu: Pick<ReturnType<typeof useCollectionMenu>, 'openFor'>
  roving: Pick<ReturnType<typeof useRovingFocus<T>>, 'onMoveKey'>
  /** The caller's own handler, called first; preventing its default skips the collection's. */
  onKeyDown?: ((event: KeyboardEvent<HTMLDivElement>) => void) | undefined
}

/** The root's keydown handler. */
export function useCollectionKeys<T>({
  hit,
  menu,
  roving,
  onItemOpen,
  onItemToggle,
  onKeyDown,
}: CollectionKeysOptions<T>) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented) return
    const found = hit(event.target)
    if (!found) return
    const { element, index, item } = found
    if (isContextMenuKey(event)) {
      // Also stops the browser's own menu, which would follow as the key's default action.
      event.preventDefault()
      menu.openFor(index, element.getBoundingClientRect(), event.target as HTMLElement, true, event)
      return
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const onItem = event.target === element
    if (event.key === 'Enter') {
      if (onItem) {
        event.preventDefault()
        onItemOpen?.(item, event)
      }
      return
    }
    if (event.key === ' ') {
      if (onItem) {
        // Space would scroll the list.
        event.preventDefault()
        onItemToggle?.(item, event)
      }
      return
    }
    roving.onMoveKey(event, found)
  }
}
