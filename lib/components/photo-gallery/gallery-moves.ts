// Keyboard moves that follow the gallery's rows: Left and Right go along the items, Up and Down to
// the item right above or below (under the middle of the one left), PageUp and PageDown by a screenful of
// rows. Worked out from the layout, not the DOM, so they reach rows that are not rendered.
import { type GalleryLayout, rowItemWidths, rowOfItem } from './gallery-layout.ts'

/** The horizontal spans [left, right) of a row's items, in px from the row's start. */
function rowSpans(
  layout: GalleryLayout,
  row: number,
  ratioOf: (index: number) => number | undefined,
): Array<[number, number]> {
  const { start, end } = layout.rows[row]!
  const ratios = Array.from({ length: end - start }, (_, k) => ratioOf(start + k) ?? 1)
  const widths = rowItemWidths(ratios, layout.rows[row]!, layout.options.width, layout.options.gap)
  let x = 0
  return widths.map((w) => {
    const span: [number, number] = [x, x + w]
    x += w + layout.options.gap
    return span
  })
}

/**
 * The item of `row` right above or below item `index`: the one under its middle, else (past the
 * end of a short row, or in a gap) the one nearest to it.
 */
export function nearestInRow(
  layout: GalleryLayout,
  index: number,
  row: number,
  ratioOf: (index: number) => number | undefined,
): number {
  const fromRow = rowOfItem(layout, index)
  const [left, right] = rowSpans(layout, fromRow, ratioOf)[index - layout.rows[fromRow]!.start]!
  const x = (left + right) / 2
  const distance = ([l, r]: [number, number]) => (x < l ? l - x : x >= r ? x - r : 0)
  const spans = rowSpans(layout, row, ratioOf)
  let best = 0
  for (let k = 1; k < spans.length; k++) if (distance(spans[k]!) < distance(spans[best]!)) best = k
  return layout.rows[row]!.start + best
}

/**
 * Where a key moves focus from item `index`: an item index, null to stay put (an edge), or
 * undefined when the key is not a move. `pageRows` is how many rows a screen holds.
 */
export function galleryMove(
  key: string,
  index: number,
  layout: GalleryLayout,
  ratioOf: (index: number) => number | undefined,
  pageRows: number,
): number | null | undefined {
  const last = layout.itemCount - 1
  const lastRow = layout.rows.length - 1
  const row = rowOfItem(layout, index)
  const toRow = (target: number) => (target === row ? null : nearestInRow(layout, index, target, ratioOf))
  switch (key) {
    case 'ArrowRight':
      return index < last ? index + 1 : null
    case 'ArrowLeft':
      return index > 0 ? index - 1 : null
    case 'ArrowDown':
      return row < lastRow ? toRow(row + 1) : null
    case 'ArrowUp':
      return row > 0 ? toRow(row - 1) : null
    case 'Home':
      return 0
    case 'End':
      return last
    case 'PageDown':
      return toRow(Math.min(lastRow, row + Math.max(1, pageRows)))
    case 'PageUp':
      return toRow(Math.max(0, row - Math.max(1, pageRows)))
    default:
      return undefined
  }
}
