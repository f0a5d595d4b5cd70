// The file browser's keyboard (issue #7 §9, beside the library's arrow keys, Enter and Space):
// Delete trashes (or, in the trash, deletes) after confirmation, F2 renames, Ctrl/Cmd+A selects
// every loaded item where the screen's selection does not (Media; the file and folder lists have
// useItemSelection). The target is the focused item, or the multi-selection when there is one.
import type { KeyboardEvent } from 'react'
import type { Area } from '../../features/layout/areas.ts'
import { type Target, toSelected, useItemActions } from '../../features/items/use-item-actions.ts'
import { multiSelectMode, setMultiSelectMode } from '../../state/selection.ts'

/** The item of a collection that holds focus: the library marks items with data-index. */
function focusedIndex(event: KeyboardEvent<HTMLElement>): number | null {
  const item = (event.target as HTMLElement).closest<HTMLElement>('[data-collection-item]')
  const index = item ? Number(item.dataset.index) : NaN
  return Number.isInteger(index) ? index : null
}

/**
 * `allTargets` (for Ctrl/Cmd+A; without it the key is left alone) and `targetAt` are asked only when a
 * key needs them, so a screen need not build a target per loaded item on every page (the Media page
 * holds up to 100,000).
 */
export function useCollectionKeys(area: Area, allTargets?: () => Target[]) {
  const actions = useItemActions()
  return (targetAt: (index: number) => Target | undefined) => (event: KeyboardEvent<HTMLElement>) => {
    const index = focusedIndex(event)
    const target = index === null ? undefined : targetAt(index)
    const mod = event.ctrlKey || event.metaKey
    if (allTargets && mod && event.key.toLowerCase() === 'a') {
      event.preventDefault()
      setMultiSelectMode(allTargets().map(toSelected))
      return
    }
    if (event.key === 'Delete') {
      event.preventDefault()
      if (multiSelectMode.peek()) void (area === 'trash' ? actions.removeSelected() : actions.trashSelected())
      else if (target) void (area === 'trash' ? actions.remove(target) : actions.trash(target))
      return
    }
    if (event.key === 'F2' && target && area === 'home') {
      event.preventDefault()
      void actions.rename(target)
    }
  }
}
