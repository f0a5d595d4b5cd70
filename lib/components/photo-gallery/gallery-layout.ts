// The justified layout of the photo gallery, as pure functions: items are packed into rows whose
// heights are chosen so each row fills the width exactly (thumbnails keep their aspect ratio), and
// rows never span two months. Only numbers are kept per row; the widths of a row's items are
// computed when it renders, so a layout of 100,000 items is two small arrays.

/** Aspect ratios are clamped to this range, so a panorama or a sliver never collapses its row. */
export const minAspectRatio = 0.25
export const maxAspectRatio = 4

/** What the layout needs of an item: its month key and its aspect ratio (width / height). */
export interface LayoutItem {
  /** Items with the same key share a group (e.g. `2026-10` for November 2026). */
  groupKey: string
  /** Width / height; unknown is 1 (a square). */
  aspectRatio?: number | undefined
}

export interface LayoutOptions {
  /** Inner width of the rows, in px. */
  width: number
  /** Rows are packed to come as close to this height as they can, in px. */
  targetRowHeight: number
  /** Space between two items of a row, in px. */
  gap: number
}

/** One row: items `start` to `end - 1`, all of group `group`. */
export interface LayoutRow {
  group: number
  start: number
  end: number
  /** Row height in whole px. */
  height: number
  /** Stretched to the full width; false for the short last row of a group. */
  justified: boolean
}

/** One group (a month): its key and where its rows and items begin. */
export interface LayoutGroup {
  key: string
  firstRow: number
  rowCount: number
  firstItem: number
}

export interface GalleryLayout {
  options: LayoutOptions
  rows: LayoutRow[]
  groups: LayoutGroup[]
  /** Rows per group, as GroupedVirtuoso's `groupCounts` wants them. */
  groupCounts: number[]
  /** Items laid out (a later call may resume from here when items were appended). */
  itemCount: number
}

/** An item's aspect ratio as the layout uses it: unknown or invalid is a square, extremes are clamped. */
export function layoutRatio(ratio: number | undefined): number {
  if (ratio === undefined || !Number.isFinite(ratio) || ratio <= 0) return 1
  return Math.min(maxAspectRatio, Math.max(minAspectRatio, ratio))
}

/** The target row height for a container width: ~110 px on a phone, ~180 px on a desktop. */
export function defaultTargetRowHeight(width: number): number {
  if (width <= 480) return 110
  if (width >= 900) return 180
  // In between, grow with the width so a tablet is neither phone-tight nor desktop-loose.
  return Math.round(110 + ((width - 480) / (900 - 480)) * 70)
}

const sameOptions = (a: LayoutOptions, b: LayoutOptions) =>
  a.width === b.width && a.targetRowHeight === b.targetRowHeight && a.gap === b.gap

/**
 * Packs `items` into rows. Given the `previous` layout of a list that `items` extends (same options,
 * same first `previous.itemCount` items: the caller knows, e.g. a next page was appended), only the
 * last group is packed again; anything else is packed from the start.
 */
export function packGallery(
  items: readonly LayoutItem[],
  options: LayoutOptions,
  previous?: GalleryLayout,
): GalleryLayout {
  const width = Math.max(1, options.width)
  const { targetRowHeight: target, gap } = options
  let rows: LayoutRow[] = []
  let groups: LayoutGroup[] = []
  let from = 0
  if (
    previous &&
    sameOptions(previous.options, options) &&
    previous.itemCount <= items.length &&
    previous.groups.length > 0
  ) {
    // Keep every group but the last, which the new items may continue.
    const last = previous.groups[previous.groups.length - 1]!
    groups = previous.groups.slice(0, -1)
    rows = previous.rows.slice(0, last.firstRow)
    from = last.firstItem
  }

  let rowStart = from
  let ratioSum = 0
  const closeRow = (end: number, sum: number, justified: boolean) => {
    const count = end - rowStart
    const natural = (width - gap * (count - 1)) / sum
    const group = groups.length - 1
    rows.push({
      group,
      start: rowStart,
      end,
      height: Math.max(1, Math.round(justified ? natural : Math.min(natural, target))),
      justified,
    })
    groups[group]!.rowCount++
    rowStart = end
  }

  for (let i = from; i < items.length; i++) {
    const item = items[i]!
    if (groups.length === 0 || groups[groups.length - 1]!.key !== item.groupKey) {
      // A new month: the open row of the last one ends short, unstretched.
      if (i > rowStart) closeRow(i, ratioSum, false)
      groups.push({ key: item.groupKey, firstRow: rows.length, rowCount: 0, firstItem: i })
      rowStart = i
      ratioSum = 0
    }
    const ratio = layoutRatio(item.aspectRatio)
    const count = i - rowStart + 1
    const height = (width - gap * (count - 1)) / (ratioSum + ratio)
    if (height > target) {
      ratioSum += ratio
      continue
    }
    // Adding this item brings the row to the target or below: keep whichever row height, with or
    // without it, is closer to the target (relative error, so one tall row never wins by default).
    const without = count > 1 ? (width - gap * (count - 2)) / ratioSum : Infinity
    if (count > 1 && without / target < target / height) {
      closeRow(i, ratioSum, true)
      ratioSum = ratio
      // The item starts the next row; it may fill it alone (a very wide picture).
      if (width / ratio <= target) {
        closeRow(i + 1, ratio, true)
        ratioSum = 0
      }
    } else {
      closeRow(i + 1, ratioSum + ratio, true)
      ratioSum = 0
    }
  }
  if (items.length > rowStart) closeRow(items.length, ratioSum, false)

  return {
    options: { ...options, width },
    rows,
    groups,
    groupCounts: groups.map((g) => g.rowCount),
    itemCount: items.length,
  }
}

/**
 * The widths of a row's items in whole px: proportional to their ratios, placed on rounded edges
 * so a justified row sums to `width` exactly. A short row keeps the ratios at the row's height.
 */
export function rowItemWidths(
  ratios: readonly number[],
  row: Pick<LayoutRow, 'height' | 'justified'>,
  width: number,
  gap: number,
): number[] {
  const clamped = ratios.map(layoutRatio)
  const sum = clamped.reduce((a, b) => a + b, 0)
  // Justified: the ratios share the width left after the gaps. Short: each is as wide as its ratio
  // at the row's height; rounding the edges (not each width) never lets the row outgrow the width.
  const span = row.justified ? width - gap * (clamped.length - 1) : sum * row.height
  const widths: number[] = []
  let edge = 0
  let acc = 0
  for (const ratio of clamped) {
    acc += ratio
    const next = Math.round((acc / sum) * span)
    widths.push(next - edge)
    edge = next
  }
  return widths
}

/** The row holding item `index` (binary search over the rows' starts). */
export function rowOfItem(layout: GalleryLayout, index: number): number {
  const { rows } = layout
  let lo = 0
  let hi = rows.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (rows[mid]!.start <= index) lo = mid
    else hi = mid - 1
  }
  return lo
}
