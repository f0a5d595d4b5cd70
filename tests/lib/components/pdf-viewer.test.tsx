import { describe, expect, it } from 'vitest'
import {
  findMatches,
  firstMatchFrom,
  itemHighlights,
  pageTextOf,
  stepMatch,
} from '../../../lib/components/pdf-viewer/find.ts'
import {
  currentPage,
  fitWidthZoom,
  layoutPages,
  parsePageNumber,
  visiblePages,
  zoomIn,
  zoomOut,
} from '../../../lib/components/pdf-viewer/page-layout.ts'

// pdf.js needs a canvas and a worker, which jsdom has not: the viewer itself is checked in its
// stories (Chromium) and the app's e2e journey; here are its page math and find.
describe('PdfViewer page layout', () => {
  const sizes = Array.from({ length: 100 }, () => ({ width: 400, height: 500 }))

  it('given 100 pages at 50 %, then they stack 250 px high with the gap between and around them', () => {
    const layout = layoutPages(sizes, 0.5, 10)
    expect(layout.tops.slice(0, 3)).toEqual([10, 270, 530])
    expect(layout.widths[0]).toBe(200)
    expect(layout.total).toBe(10 + 100 * 260)
  })

  it('given a scroll position, then only the pages in view and one on each side are drawn', () => {
    const layout = layoutPages(sizes, 1, 10)
    // Page 11 starts at 10 + 10 × 510 = 5110; a 600 px window from 5200 shows pages 11 and 12.
    expect(visiblePages(layout, 5200, 600)).toEqual({ first: 9, last: 12 })
    expect(visiblePages(layout, 0, 600)).toEqual({ first: 0, last: 2 })
    expect(visiblePages(layout, layout.total, 600)).toEqual({ first: 98, last: 99 })
    expect(visiblePages(layoutPages([], 1, 10), 0, 600)).toEqual({ first: 0, last: -1 })
  })

  it('given pages of different sizes, then the page being read is the one under the upper third', () => {
    const layout = layoutPages(
      [
        { width: 100, height: 100 },
        { width: 100, height: 1000 },
        { width: 100, height: 100 },
      ],
      1,
      0,
    )
    expect(currentPage(layout, 0, 300)).toBe(2)
    expect(currentPage(layout, 0, 150)).toBe(1)
    expect(currentPage(layout, 1095, 30)).toBe(3)
  })

  it('given zoom steps, then in and out move one step, clamp at the ends, and fit width fills the room', () => {
    expect(zoomIn(1)).toBe(1.25)
    expect(zoomOut(1)).toBe(0.75)
    expect(zoomIn(1.1)).toBe(1.25)
    expect(zoomOut(1.1)).toBe(1)
    expect(zoomIn(4)).toBe(4)
    expect(zoomOut(0.25)).toBe(0.25)
    expect(fitWidthZoom(400, 600)).toBe(1.5)
    expect(fitWidthZoom(400, 100_000)).toBe(4)
    expect(fitWidthZoom(0, 600)).toBe(1)
  })

  it('given a typed page number, then a whole number within the document or nothing', () => {
    expect(parsePageNumber(' 3 ', 5)).toBe(3)
    expect(parsePageNumber('9', 5)).toBe(5)
    expect(parsePageNumber('0', 5)).toBe(1)
    expect(parsePageNumber('2.5', 5)).toBeUndefined()
    expect(parsePageNumber('two', 5)).toBeUndefined()
  })
})

describe('PdfViewer find', () => {
  const page = (...items: Array<[string, boolean?]>) =>
    pageTextOf([{}, ...items.map(([str, hasEOL]) => ({ str, hasEOL: hasEOL ?? false }))])

  it('given pages of text items, then every match case-insensitively, across items and line ends, in reading order', () => {
    const pages = [page(['Cumulus clouds', true], ['and more clouds']), undefined, page(['CLOUDS'], ['cape'])]
    expect(pages[0]!.text).toBe('Cumulus clouds and more clouds')
    const matches = findMatches(pages, 'Clouds')
    expect(matches).toEqual([
      { page: 1, start: 8, end: 14 },
      { page: 1, start: 24, end: 30 },
      { page: 3, start: 0, end: 6 },
    ])
    expect(findMatches(pages, 'clouds and')).toEqual([{ page: 1, start: 8, end: 18 }])
    expect(findMatches(pages, 'scape')).toEqual([{ page: 3, start: 5, end: 10 }])
    expect(findMatches(pages, '   ')).toEqual([])
  })

  it('given matches, then next and previous wrap round, and a search starts at the page being read', () => {
    expect(stepMatch(-1, 3, 1)).toBe(0)
    expect(stepMatch(-1, 3, -1)).toBe(2)
    expect(stepMatch(2, 3, 1)).toBe(0)
    expect(stepMatch(0, 3, -1)).toBe(2)
    expect(stepMatch(0, 0, 1)).toBe(-1)
    const matches = [
      { page: 1, start: 0, end: 1 },
      { page: 4, start: 0, end: 1 },
      { page: 7, start: 0, end: 1 },
    ]
    expect(firstMatchFrom(matches, 3)).toBe(1)
    expect(firstMatchFrom(matches, 8)).toBe(0)
    expect(firstMatchFrom([], 1)).toBe(-1)
  })

  it('given a match across two items, then each item gets its part highlighted', () => {
    const text = page(['Cumulus cl'], ['ouds here'])
    const [match] = findMatches([text], 'clouds')
    expect(itemHighlights(text, [{ ...match!, selected: true }])).toEqual([
      { item: 0, start: 8, end: 10, selected: true },
      { item: 1, start: 0, end: 4, selected: true },
    ])
  })
})
