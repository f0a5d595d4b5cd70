import { type DragEvent, useState } from 'react'
import { draggedItems, endItemDrag, startItemDrag } from '../../hooks/use-item-drop.ts'
import type { CollectionCallbacks } from './collection-types.ts'
import type { FoundItem } from './use-roving-focus.ts'

// Native drag and drop of items, onto other items (of any collection): which ids travel, which
// item they are over (it gets `data-drop-target`) and the drop. Only active with `getDragIds` /
// `onItemsDrop`.

type DragHandler = (event: DragEvent<HTMLDivElement>) => void

interface ItemDragOptions<T> extends Pick<CollectionCallbacks<T>, 'getDragIds' | 'onItemsDrop'> {
  hit: (target: EventTarget | null) => FoundItem<T> | null
  getId: (item: T) => string
  /** The caller's own handlers, called first. */
  own: {
    onDragStart?: DragHandler | undefined
    onDragEnd?: DragHandler | undefined
    onDragOver?: DragHandler | undefined
    onDragLeave?: DragHandler | undefined
    onDrop?: DragHandler | undefined
  }
}

/** The index of the item under a drag, and the root's drag handlers. */
export function useItemDrag<T>({ hit, getId, getDragIds, onItemsDrop, own }: ItemDragOptions<T>) {
  const [dropIndex, setDropIndex] = useState<number | null>(null)

  /** The item dragged items are over and may drop into, with the ids, or null. */
  const dropAt = (event: DragEvent<HTMLDivElement>) => {
    const found = onItemsDrop ? hit(event.target) : null
    const ids = found ? draggedItems(event) : null
    return found && ids && ids.length > 0 && !ids.includes(getId(found.item)) ? { found, ids } : null
  }

  const handlers = {
    onDragStart: (event: DragEvent<HTMLDivElement>) => {
      own.onDragStart?.(event)
      const found = getDragIds ? hit(event.target) : null
      if (found) startItemDrag(event, getDragIds!(found.item))
    },
    onDragEnd: (event: DragEvent<HTMLDivElement>) => {
      own.onDragEnd?.(event)
      endItemDrag()
      setDropIndex(null)
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      own.onDragOver?.(event)
      const at = dropAt(event)
      if (at) {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
      }
      const index = at ? at.found.index : null
      if (index !== dropIndex) setDropIndex(index)
    },
    onDragLeave: (event: DragEvent<HTMLDivElement>) => {
      own.onDragLeave?.(event)
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropIndex(null)
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      own.onDrop?.(event)
      const at = dropAt(event)
      setDropIndex(null)
      if (!at) return
      event.preventDefault()
      endItemDrag()
      onItemsDrop!(at.found.item, [...at.ids])
    },
  }

  return { dropIndex, handlers }
}
