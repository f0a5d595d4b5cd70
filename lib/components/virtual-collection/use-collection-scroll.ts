import { type CSSProperties, useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { CollectionBody, CollectionBodyParts } from './collection-types.ts'
import * as css from './virtual-collection.css.ts'
import { defined } from '../../internal/defined.ts'

// Where the window scrolls and how it is measured: an own scroller, a shared scroll parent or the
// page; the grid's column width; and bringing an item into the window for the roving focus,
// whichever body is showing (the built-in window, or a custom body such as the gallery's). An own
// scroller that the page gives no height (a grid in page flow) would show no item at all: the
// collection then scrolls with the page.

interface CollectionScrollOptions {
  customBody?: CollectionBody | undefined
  scrollParent?: HTMLElement | null | undefined
  useWindowScroll: boolean
  /** Items to show: an empty collection has no scroller to measure. */
  total: number
  /** The collection's title, for the development warning. */
  name: string
}

// createVar() gives "var(--name)"; an inline style sets "--name" (what @vanilla-extract/dynamic does).
const cssVarName = (reference: string) => reference.replace(/^var\((.+)\)$/, '$1')

/** The grid list's style for a narrowest column of `minCellWidth` px. */
export const minCellStyle = (minCellWidth: number | undefined): CSSProperties | undefined =>
  minCellWidth != null ? ({ [cssVarName(css.minCellVar)]: `${minCellWidth}px` } as CSSProperties) : undefined

/** Laid out (it has a box: not hidden, and not in a DOM without layout) and 0 px tall. */
const heightless = (el: HTMLElement) => el.getClientRects().length > 0 && el.clientHeight === 0

/** What a development build says when a collection falls back to the page's scrolling. */
export const heightlessWarning = (name: string) =>
  `@cumulus/ui: the collection${name ? ` "${name}"` : ''} has no height, so it scrolls with the page ` +
  `(useWindowScroll). To scroll inside it, give it or its parent a height (e.g. style={{ height: 480 }} ` +
  `or a flex column with minHeight: 0); to keep the page's scrolling and silence this, pass useWindowScroll ` +
  `(or scrollParent for an element that scrolls).`

/** The built-in body's scroll handle, `scrollToIndex` over whichever body shows, and the scrolling props. */
export function useCollectionScroll({
  customBody,
  scrollParent,
  useWindowScroll,
  total,
  name,
}: CollectionScrollOptions) {
  const windowRef = useRef<((index: number) => void) | null>(null)
  const [scroller, setScroller] = useState<HTMLElement | null>(null)
  const [pageScrolls, setPageScrolls] = useState(false)
  const own = !scrollParent && !useWindowScroll && !customBody
  const checks = own && !pageScrolls && total > 0

  // Before paint: a heightless scroller is seen once and replaced by the page's scrolling.
  useLayoutEffect(() => {
    if (!checks || !scroller || !heightless(scroller)) return
    if (process.env.NODE_ENV !== 'production') console.warn(heightlessWarning(name))
    setPageScrolls(true)
  }, [checks, scroller, name])

  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    setScroller(el instanceof HTMLElement ? el : null)
  }, [])

  const scrollToIndex = (index: number) => {
    if (customBody) customBody.scrollToIndex(index)
    else windowRef.current?.(index)
  }

  const windowScroll = useWindowScroll || (own && pageScrolls)
  const scroll: CollectionBodyParts['scroll'] = {
    ...defined({ customScrollParent: scrollParent ?? undefined }),
    useWindowScroll: windowScroll,
    className: scrollParent || windowScroll ? undefined : css.scroller,
    // A scroller is a tab stop by default; the items hold the collection's one tab stop instead.
    tabIndex: undefined,
  }

  return {
    windowRef,
    scrollToIndex,
    scroll,
    /** For the built-in body: the own scroller, measured. */
    scrollerRef: own && !pageScrolls ? scrollerRef : undefined,
    /** Changes when the scrolling falls back to the page: the body starts again with it. */
    scrollKey: windowScroll ? 'page' : 'own',
  }
}
