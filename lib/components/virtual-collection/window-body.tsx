import {
  type CSSProperties,
  Fragment,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useState,
} from 'react'
import type { CollectionView } from './collection-types.ts'
import { type ListRange, useWindowRange } from './use-window-range.ts'

// The built-in body of the grids and lists: the list element holding the window's items between
// two paddings that stand for the rows outside it, in its own scroller or in a scrolling parent.

/** What the body reads from the collection to render an item. */
export interface PartsContext {
  renderAt: (
    index: number,
    base: { className?: string | undefined; style?: CSSProperties | undefined; [data: `data-${string}`]: unknown },
  ) => ReactNode
  listProps: HTMLAttributes<HTMLDivElement>
  footer: ReactNode
}

interface WindowBodyProps extends PartsContext {
  view: CollectionView
  total: number
  keyAt: (index: number) => string
  initialItemCount: number
  /** An element that scrolls the collection; none, and not `windowScroll`: its own scroller. */
  scrollParent?: HTMLElement | undefined
  windowScroll: boolean
  /** The own scroller's class (it takes the height left in the collection). */
  scrollerClassName?: string | undefined
  /** Told the own scroller's element, to see whether it has a height. */
  scrollerRef?: ((element: HTMLElement | null) => void) | undefined
  /** Where the body puts its `scrollToIndex`. */
  handleRef: RefObject<((index: number) => void) | null>
  onEndReached: () => void
  onRangeChange: (range: ListRange) => void
}

// An own scroller's content is positioned out of flow, so the scroller's height is the one its
// container gives it, never its content's: a collection given no height is seen as 0 px tall.
const ownScrollerStyle: CSSProperties = { height: '100%', overflowY: 'auto', position: 'relative', outline: 'none' }
const ownViewportStyle: CSSProperties = { position: 'absolute', top: 0, width: '100%', height: '100%' }

export function WindowBody({
  view,
  total,
  keyAt,
  renderAt,
  listProps,
  footer,
  initialItemCount,
  scrollParent,
  windowScroll,
  scrollerClassName,
  scrollerRef,
  handleRef,
  onEndReached,
  onRangeChange,
}: WindowBodyProps) {
  const [ownScroller, setOwnScroller] = useState<HTMLElement | null>(null)
  const own = !scrollParent && !windowScroll
  const win = useWindowRange({
    view,
    total,
    scroller: own ? ownScroller : (scrollParent ?? null),
    windowScroll,
    initialItemCount,
    onEndReached,
    onRangeChange,
  })
  handleRef.current = win.scrollToIndex
  const setScroller = useCallback(
    (element: HTMLElement | null) => {
      setOwnScroller(element)
      scrollerRef?.(element)
    },
    [scrollerRef],
  )

  const items: ReactNode[] = []
  // Until the window catches up with a list that shrank, its end may lie past the last item.
  for (let index = win.start; index < Math.min(win.end, total); index++)
    items.push(<Fragment key={keyAt(index)}>{renderAt(index, {})}</Fragment>)

  const content = (
    <>
      <div
        ref={win.listRef}
        {...listProps}
        // The browser's scroll anchoring would answer a padding that grows as the window moves
        // down by scrolling further down, and so on to the end: the window keeps its own place.
        style={{ ...listProps.style, paddingTop: win.padTop, paddingBottom: win.padBottom, overflowAnchor: 'none' }}
      >
        {items}
      </div>
      {footer}
    </>
  )
  if (!own) return <div>{content}</div>
  return (
    <div data-collection-scroller="" ref={setScroller} className={scrollerClassName} style={ownScrollerStyle}>
      <div style={ownViewportStyle}>{content}</div>
    </div>
  )
}
