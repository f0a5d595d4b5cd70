import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { CollectionView } from './collection-types.ts'

// The collection's window: which items are in the DOM. The grids and lists lay their items out in
// rows of one height (a card grid's cells are alike, so are a list's rows), so the window is a span
// of rows read off the layout — the grid's column tracks, the first item's height, the row gap —
// and the rows above and below it are padding. A general virtualiser measures every item and costs
// a consumer 11–21 kB gzip; this is the part of one the kit needs, about 1 kB.

/** Rendered items, `endIndex` included (as the roving focus reads it). */
export interface ListRange {
  startIndex: number
  endIndex: number
}

interface WindowRangeOptions {
  view: CollectionView
  total: number
  /** The element that scrolls; null when the page does (`windowScroll`) or before it mounts. */
  scroller: HTMLElement | null
  windowScroll: boolean
  /** Items rendered before anything is measured: on the server and in the first render. */
  initialItemCount: number
  /** The last item came into the window (once per length of the list). */
  onEndReached?: (() => void) | undefined
  onRangeChange?: ((range: ListRange) => void) | undefined
}

interface RowWindow {
  /** First rendered item and one past the last. */
  start: number
  end: number
  padTop: number
  padBottom: number
  /** Read off a layout: only then has the user seen the window (and its end). */
  measured: boolean
}

/** Rows drawn beyond each edge of the viewport, so a scroll shows no gap before the next frame. */
const OVERSCAN_PX = 240
/** Without layout (jsdom, a hidden ancestor) nothing can be measured: this many items render. */
export const UNMEASURED_COUNT = 50

/** Columns of a laid-out grid: its resolved tracks ("180px 180px 180px"). */
const trackCount = (template: string) => template.split(' ').filter((track) => /^[\d.]+px$/.test(track)).length

const sameWindow = (a: RowWindow, b: RowWindow) =>
  a.start === b.start &&
  a.end === b.end &&
  a.padTop === b.padTop &&
  a.padBottom === b.padBottom &&
  a.measured === b.measured

/** The window over `total` items in `view`, and the list element's ref that it measures. */
export function useWindowRange({
  view,
  total,
  scroller,
  windowScroll,
  initialItemCount,
  onEndReached,
  onRangeChange,
}: WindowRangeOptions) {
  const listRef = useRef<HTMLElement | null>(null)
  const [win, setWin] = useState<RowWindow>(() => ({
    start: 0,
    end: Math.min(initialItemCount, total),
    padTop: 0,
    padBottom: 0,
    measured: false,
  }))
  // The last layout read: what scrollToIndex and the next window need.
  const layout = useRef({ cols: 1, stride: 0, rowHeight: 0 })
  const latest = useRef({ total, view, scroller, windowScroll, onEndReached, onRangeChange })
  latest.current = { total, view, scroller, windowScroll, onEndReached, onRangeChange }
  const reported = useRef<{ range: ListRange | null; endTotal: number }>({ range: null, endTotal: -1 })

  /** The span of the list (px from its top) that the viewport shows, or null without layout. */
  const viewportSpan = useCallback(() => {
    const { scroller, windowScroll } = latest.current
    const list = listRef.current
    // No box, or an own scroller not mounted yet: nothing to measure against.
    if (!list || list.getClientRects().length === 0 || (!windowScroll && !scroller)) return null
    const listTop = list.getBoundingClientRect().top
    if (windowScroll || !scroller) {
      const top = -listTop
      return { top, bottom: top + document.documentElement.clientHeight }
    }
    const top = scroller.getBoundingClientRect().top + scroller.clientTop - listTop
    return { top, bottom: top + scroller.clientHeight }
  }, [])

  const update = useCallback(() => {
    const { total, view } = latest.current
    const list = listRef.current
    const span = viewportSpan()
    let next: RowWindow
    if (!list || !span) {
      next = {
        start: 0,
        end: Math.min(total, Math.max(UNMEASURED_COUNT, initialItemCount)),
        padTop: 0,
        padBottom: 0,
        measured: false,
      }
    } else {
      const style = getComputedStyle(list)
      const cols = view === 'grid' ? Math.max(1, trackCount(style.gridTemplateColumns)) : 1
      const gap = view === 'grid' ? Number.parseFloat(style.rowGap) || 0 : 0
      const first = list.querySelector<HTMLElement>('[data-collection-item]')
      const rowHeight = first ? first.getBoundingClientRect().height : layout.current.rowHeight
      const stride = rowHeight + gap
      layout.current = { cols, stride, rowHeight }
      const rows = Math.ceil(total / cols)
      if (rowHeight <= 0) {
        // Nothing rendered yet to measure a row by: one row, measured on the next commit.
        next = { start: 0, end: Math.min(total, cols), padTop: 0, padBottom: 0, measured: false }
      } else {
        const startRow = Math.min(rows, Math.max(0, Math.floor((span.top - OVERSCAN_PX) / stride)))
        const endRow = Math.min(rows, Math.max(startRow + 1, Math.ceil((span.bottom + OVERSCAN_PX) / stride)))
        next = {
          start: startRow * cols,
          end: Math.min(total, endRow * cols),
          padTop: startRow * stride,
          padBottom: Math.max(0, (rows - endRow) * stride),
          measured: true,
        }
      }
    }
    setWin((current) => (sameWindow(current, next) ? current : next))
  }, [viewportSpan, initialItemCount])

  // After every commit: the rendered rows may have a new height (fonts, a resized card), the list
  // new items. Reading layout here is what the browser does before painting anyway.
  useLayoutEffect(update)

  // Scrolling and resizing move the window.
  useLayoutEffect(() => {
    const target: HTMLElement | Window = windowScroll || !scroller ? window : scroller
    target.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => update())
    if (scroller) observer?.observe(scroller)
    if (listRef.current) observer?.observe(listRef.current)
    return () => {
      target.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
      observer?.disconnect()
    }
  }, [scroller, windowScroll, update])

  // What changed is reported after the commit that shows it.
  const { start, end, measured } = win
  useLayoutEffect(() => {
    const { onRangeChange, onEndReached } = latest.current
    const range = { startIndex: start, endIndex: Math.max(start, end - 1) }
    const last = reported.current.range
    if (end > start && (!last || last.startIndex !== range.startIndex || last.endIndex !== range.endIndex)) {
      reported.current.range = range
      onRangeChange?.(range)
    }
    // Not from a window nobody saw (hidden, not laid out yet): that would page in the dark.
    if (measured && total > 0 && end >= total && reported.current.endTotal !== total) {
      reported.current.endTotal = total
      onEndReached?.()
    }
  }, [start, end, total, measured])

  /** Scrolls item `index`'s row to the middle of the viewport. */
  const scrollToIndex = useCallback(
    (index: number) => {
      const span = viewportSpan()
      const { cols, stride, rowHeight } = layout.current
      if (!span || rowHeight <= 0) return
      const rowTop = Math.floor(index / cols) * stride
      const delta = rowTop - (span.bottom - span.top - rowHeight) / 2 - span.top
      const { scroller, windowScroll } = latest.current
      if (windowScroll || !scroller) window.scrollBy(0, delta)
      else scroller.scrollTop += delta
      update()
    },
    [viewportSpan, update],
  )

  const setList = useCallback((element: HTMLElement | null) => {
    listRef.current = element
  }, [])

  return { start, end, padTop: win.padTop, padBottom: win.padBottom, listRef: setList, scrollToIndex }
}
