// The page math of the PDF viewer, free of pdf.js and the DOM: where each page sits at a zoom,
// which pages a scroll position shows, and the zoom steps.

/** A page's size at zoom 1 (100 %), in CSS pixels. */
export interface PageSize {
  width: number
  height: number
}

/** Every page's box in the scroller, at one zoom. */
export interface PageLayout {
  tops: number[]
  widths: number[]
  heights: number[]
  /** Height of the whole column, the gaps included. */
  total: number
}

/** CSS pixels per PDF point: pdf.js's 100 % (96 dpi over PDF's 72). */
export const CSS_PER_POINT = 96 / 72

/** The zooms the buttons and keys step through. */
export const zoomSteps = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const
export const MIN_ZOOM = 0.25
export const MAX_ZOOM = 4

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))

/** The next step above `zoom` (a zoom between steps, e.g. fit width, goes to the next one up). */
export const zoomIn = (zoom: number): number => zoomSteps.find((z) => z > zoom + 1e-6) ?? MAX_ZOOM

/** The next step below `zoom`. */
export const zoomOut = (zoom: number): number => [...zoomSteps].reverse().find((z) => z < zoom - 1e-6) ?? MIN_ZOOM

/** The zoom at which a page of `pageWidth` (at 100 %) fills `available` pixels. */
export const fitWidthZoom = (pageWidth: number, available: number) =>
  pageWidth > 0 && available > 0 ? clampZoom(available / pageWidth) : 1

/** Stacks the pages top to bottom at `zoom`, `gap` pixels apart and before the first. */
export function layoutPages(sizes: readonly PageSize[], zoom: number, gap: number): PageLayout {
  const tops: number[] = []
  const widths: number[] = []
  const heights: number[] = []
  let y = gap
  for (const size of sizes) {
    tops.push(y)
    widths.push(Math.round(size.width * zoom))
    const h = Math.round(size.height * zoom)
    heights.push(h)
    y += h + gap
  }
  return { tops, widths, heights, total: y }
}

/** Index of the last page whose top is at or above `y` (0 when above the first). */
function pageIndexAt(layout: PageLayout, y: number): number {
  let lo = 0
  let hi = layout.tops.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (layout.tops[mid]! <= y) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** The pages to draw: those in the viewport and `overscan` more on each side (0-based, inclusive). */
export function visiblePages(
  layout: PageLayout,
  scrollTop: number,
  viewportHeight: number,
  overscan = 1,
): { first: number; last: number } {
  const count = layout.tops.length
  if (count === 0) return { first: 0, last: -1 }
  const first = pageIndexAt(layout, scrollTop)
  const last = pageIndexAt(layout, scrollTop + Math.max(0, viewportHeight))
  return { first: Math.max(0, first - overscan), last: Math.min(count - 1, last + overscan) }
}

/** The page a reader is on (1-based): the one under the upper third of the viewport. */
export function currentPage(layout: PageLayout, scrollTop: number, viewportHeight: number): number {
  if (layout.tops.length === 0) return 0
  return pageIndexAt(layout, scrollTop + viewportHeight / 3) + 1
}

/** A typed page number made valid: a whole number from 1 to `count`, or undefined. */
export function parsePageNumber(input: string, count: number): number | undefined {
  const n = Number(input.trim())
  if (!Number.isInteger(n) || count < 1) return undefined
  return Math.min(count, Math.max(1, n))
}
