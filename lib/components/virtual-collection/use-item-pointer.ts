import type { MouseEvent, PointerEvent } from 'react'
import { useLongPress } from '../../hooks/use-long-press.ts'
import { isKeyboardContextMenu, pointAnchor } from '../../internal/context-menu-trigger.ts'
import type { CollectionCallbacks } from './collection-types.ts'
import { isAction } from './item-target.ts'
import type { useCollectionMenu } from './use-collection-menu.tsx'
import type { FoundItem } from './use-roving-focus.ts'

// Mouse and touch on items: click, double-click, right-click and touch long-press (both open the
// shared menu at the pointer). Clicks on a row's Actions button are the button's, not the item's.

type Handler<E> = (event: E) => void

interface ItemPointerOptions<T> extends Pick<CollectionCallbacks<T>, 'onItemClick' | 'onItemDoubleOpen'> {
  hit: (target: EventTarget | null) => FoundItem<T> | null
  menu: Pick<ReturnType<typeof useCollectionMenu>, 'openFor'>
  longPressMs: number
  /** The caller's own handlers, called first. */
  own: {
    onClick?: Handler<MouseEvent<HTMLDivElement>> | undefined
    onDoubleClick?: Handler<MouseEvent<HTMLDivElement>> | undefined
    onContextMenu?: Handler<MouseEvent<HTMLDivElement>> | undefined
    onPointerDown?: Handler<PointerEvent<HTMLDivElement>> | undefined
    onPointerMove?: Handler<PointerEvent<HTMLDivElement>> | undefined
    onPointerUp?: Handler<PointerEvent<HTMLDivElement>> | undefined
    onPointerCancel?: Handler<PointerEvent<HTMLDivElement>> | undefined
    onClickCapture?: Handler<MouseEvent<HTMLDivElement>> | undefined
  }
}

/** The root's mouse and pointer handlers. */
export function useItemPointer<T>({
  hit,
  menu,
  longPressMs,
  onItemClick,
  onItemDoubleOpen,
  own,
}: ItemPointerOptions<T>) {
  const longPress = useLongPress<HTMLDivElement>((event) => {
    const found = hit(event.target)
    if (!found || isAction(event.target)) return null
    const { clientX: x, clientY: y } = event
    return () => menu.openFor(found.index, pointAnchor(x, y), found.element, false, event)
  }, longPressMs)

  return {
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      own.onClick?.(event)
      const found = hit(event.target)
      if (!found || isAction(event.target)) return
      onItemClick?.(found.item, event)
    },
    onDoubleClick: (event: MouseEvent<HTMLDivElement>) => {
      own.onDoubleClick?.(event)
      const found = hit(event.target)
      if (!found || isAction(event.target)) return
      onItemDoubleOpen?.(found.item, event)
    },
    onContextMenu: (event: MouseEvent<HTMLDivElement>) => {
      own.onContextMenu?.(event)
      const found = hit(event.target)
      if (!found) return
      event.preventDefault()
      longPress.cancel()
      // A keyboard-made contextmenu event has no pointer position: anchor to the item instead.
      const fromKeyboard = isKeyboardContextMenu(event)
      const anchor = fromKeyboard ? found.element.getBoundingClientRect() : pointAnchor(event.clientX, event.clientY)
      menu.openFor(found.index, anchor, found.element, fromKeyboard, event)
    },
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      own.onPointerDown?.(event)
      longPress.onPointerDown(event)
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      own.onPointerMove?.(event)
      longPress.onPointerMove(event)
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      own.onPointerUp?.(event)
      longPress.onPointerUp()
    },
    onPointerCancel: (event: PointerEvent<HTMLDivElement>) => {
      own.onPointerCancel?.(event)
      longPress.onPointerCancel()
    },
    onClickCapture: (event: MouseEvent<HTMLDivElement>) => {
      own.onClickCapture?.(event)
      longPress.onClickCapture(event)
    },
  }
}
