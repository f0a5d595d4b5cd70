import { type CSSProperties, useRef } from 'react'
import type { VirtuosoGridHandle, VirtuosoHandle } from 'react-virtuoso'
import type { CollectionBody, CollectionBodyParts, CollectionView } from './collection-types.ts'
import * as css from './virtual-collection.css.ts'

// Where the window scrolls and how it is measured: an own scroller, a shared scroll parent or the
// page; the grid's column width; and bringing an item into the window for the roving focus,
// whichever of the three Virtuoso bodies is showing.

interface CollectionScrollOptions {
  view: CollectionView
  customBody?: CollectionBody
  scrollParent?: HTMLElement | null
  useWindowScroll: boolean
}

// createVar() gives "var(--name)"; an inline style sets "--name" (what @vanilla-extract/dynamic does).
const cssVarName = (reference: string) => reference.replace(/^var\((.+)\)$/, '$1')

/** The grid list's style for a narrowest column of `minCellWidth` px. */
export const minCellStyle = (minCellWidth: number | undefined): CSSProperties | undefined =>
  minCellWidth != null ? ({ [cssVarName(css.minCellVar)]: `${minCellWidth}px` } as CSSProperties) : undefined

/** Refs for the grid and list Virtuosos, `scrollToIndex` over whichever shows, and the scrolling props. */
export function useCollectionScroll({ view, customBody, scrollParent, useWindowScroll }: CollectionScrollOptions) {
  const gridRef = useRef<VirtuosoGridHandle>(null)
  const listRef = useRef<VirtuosoHandle>(null)

  const scrollToIndex = (index: number) => {
    if (customBody) customBody.scrollToIndex(index)
    else if (view === 'grid') gridRef.current?.scrollToIndex({ index, align: 'center' })
    else listRef.current?.scrollToIndex({ index, align: 'center' })
  }

  const scroll: CollectionBodyParts['scroll'] = {
    customScrollParent: scrollParent ?? undefined,
    useWindowScroll,
    className: scrollParent || useWindowScroll ? undefined : css.scroller,
    // Virtuoso makes its scroller a tab stop; the items hold the collection's one tab stop instead.
    tabIndex: undefined,
  }

  return { gridRef, listRef, scrollToIndex, scroll }
}
