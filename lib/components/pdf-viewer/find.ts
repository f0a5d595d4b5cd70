// Find in document, free of pdf.js and the DOM: a page's text as pdf.js items, the matches of a
// query across pages, stepping through them, and which parts of which items to highlight.

/** A text item as pdf.js gives it (`getTextContent().items`; marked-content entries have no `str`). */
export interface TextItemLike {
  str?: string
  hasEOL?: boolean
}

/** A page's searchable text: its items joined, and where each item starts in it. */
export interface PageText {
  text: string
  /** Offset of item k in `text`, for the items that have text (the text layer's order). */
  starts: number[]
  lengths: number[]
}

/** A match: its page (1-based) and its span in the page's text. */
export interface FindMatch {
  page: number
  start: number
  end: number
}

/** Joins a page's items; a line end becomes a space so words across lines still match. */
export function pageTextOf(items: readonly TextItemLike[]): PageText {
  let text = ''
  const starts: number[] = []
  const lengths: number[] = []
  for (const item of items) {
    if (typeof item.str !== 'string') continue
    starts.push(text.length)
    lengths.push(item.str.length)
    text += item.str
    if (item.hasEOL) text += ' '
  }
  return { text, starts, lengths }
}

/** Every match of `query` in the pages (case-insensitive, whitespace runs equal), in reading order. */
export function findMatches(pages: readonly (PageText | undefined)[], query: string): FindMatch[] {
  const needle = query.trim().replace(/\s+/g, ' ').toLocaleLowerCase()
  if (!needle) return []
  const matches: FindMatch[] = []
  pages.forEach((page, k) => {
    if (!page) return
    const hay = page.text.replace(/\s/g, ' ').toLocaleLowerCase()
    for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) {
      matches.push({ page: k + 1, start: at, end: at + needle.length })
    }
  })
  return matches
}

/** The match after (`1`) or before (`-1`) `current`, wrapping round; -1 when there is none. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1
  if (current < 0) return direction === 1 ? 0 : count - 1
  return (current + direction + count) % count
}

/** The first match on or after `page` (1-based), for a search started mid-document. */
export function firstMatchFrom(matches: readonly FindMatch[], page: number): number {
  if (matches.length === 0) return -1
  const k = matches.findIndex((m) => m.page >= page)
  return k === -1 ? 0 : k
}

/** A part of one text item to highlight. */
export interface ItemHighlight {
  item: number
  start: number
  end: number
  selected: boolean
}

/** The item parts one page's matches cover (a match across items gives a part in each). */
export function itemHighlights(
  page: PageText,
  matches: readonly { start: number; end: number; selected: boolean }[],
): ItemHighlight[] {
  const out: ItemHighlight[] = []
  for (const match of matches) {
    page.starts.forEach((itemStart, item) => {
      const itemEnd = itemStart + page.lengths[item]!
      const start = Math.max(match.start, itemStart)
      const end = Math.min(match.end, itemEnd)
      if (start < end) out.push({ item, start: start - itemStart, end: end - itemStart, selected: match.selected })
    })
  }
  return out
}
