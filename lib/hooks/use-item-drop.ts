import { type DragEvent, useState } from 'react'

// Dragging items (a card, a row, or a selection of them) onto a drop target: native HTML5 drag
// and drop. What travels is a list of item ids, under a type of its own so that files dragged in
// from the desktop, text or links never light a target up. Browsers hide a drag's data until the
// drop, so the ids of the drag in progress are also kept here, for the targets to judge on the way.

/** The drag data's type: a JSON array of item ids. */
export const itemDragType = 'application/x-cumulus-items'

let current: readonly string[] | null = null

/** Starts a drag of `ids` from `event` (a dragstart). */
export function startItemDrag(event: DragEvent<HTMLElement>, ids: readonly string[]): void {
  current = ids
  event.dataTransfer.setData(itemDragType, JSON.stringify(ids))
  event.dataTransfer.effectAllowed = 'move'
}

/** Ends the drag in progress (a dragend, or a drop). */
export function endItemDrag(): void {
  current = null
}

/** The ids a drag carries when it carries items, else null. */
export function draggedItems(event: DragEvent<HTMLElement>): readonly string[] | null {
  if (!Array.from(event.dataTransfer.types).includes(itemDragType)) return null
  if (current) return current
  // Dragged from another document of this page's origin: only the drop can read the data.
  try {
    const ids: unknown = JSON.parse(event.dataTransfer.getData(itemDragType) || '[]')
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/**
 * A drop target for dragged items: spread `props` on the element; `active` is true while items
 * it would take are over it (show it with `data-drop-target`). `accepts` refuses a drag (an item
 * onto itself); without `onDrop` the element is no target at all.
 */
export function useItemDrop(
  onDrop: ((ids: string[]) => void) | undefined,
  accepts: (ids: readonly string[]) => boolean = () => true,
) {
  const [active, setActive] = useState(false)
  if (!onDrop) return { active: false, props: {} }
  const allowed = (event: DragEvent<HTMLElement>) => {
    const ids = draggedItems(event)
    return ids !== null && ids.length > 0 && accepts(ids) ? ids : null
  }
  return {
    active,
    props: {
      'data-drop-target': active || undefined,
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!allowed(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        if (!active) setActive(true)
      },
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setActive(false)
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        setActive(false)
        const ids = allowed(event)
        if (!ids) return
        event.preventDefault()
        endItemDrag()
        onDrop([...ids])
      },
    },
  }
}
