import {
  type CSSProperties,
  createContext,
  Fragment,
  type HTMLAttributes,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  type ContextProp,
  GroupedVirtuoso,
  type GroupedVirtuosoHandle,
  type ListProps,
  type TopItemListProps,
} from 'react-virtuoso'
import type { DateInput } from '../../utils/format-date.ts'
import { type PhotoGalleryOrder, useDateOrder } from './date-order.ts'
import type { BrowserFile } from '../file-card/browser-item.ts'
import { EmptyState, type EmptyStateHeadingLevel } from '../empty-state/empty-state.tsx'
import { MediaTile } from '../media-grid/media-grid.tsx'
import type {
  CollectionBaseProps,
  CollectionBody,
  CollectionBodyParts,
} from '../virtual-collection/virtual-collection.tsx'
import { VirtualCollection } from '../virtual-collection/virtual-collection.tsx'
import {
  defaultTargetRowHeight,
  type GalleryLayout,
  type LayoutItem,
  packGallery,
  rowItemWidths,
  rowOfItem,
} from './gallery-layout.ts'
import { galleryMove } from './gallery-moves.ts'
import * as css from './photo-gallery.css.ts'
import { useCommonLabels, useLabels, useLocale } from '../../locale/locale.tsx'
import { GalleryScrubber, type ScrubberEntry } from './gallery-scrubber.tsx'
import { defined } from '../../internal/defined.ts'

/** Space between tiles, in px (the theme's xxsmall space). */
export const photoGalleryGap = 2

/** The date a file is grouped by: when it was taken, else when it was uploaded. */
export const galleryDate = (file: BrowserFile): DateInput => file.takenDate ?? file.uploadDate

/** The month key of a date (local time), e.g. "2026-10" for November 2026. */
export function monthKey(input: DateInput): string {
  const date = input instanceof Date ? input : new Date(input)
  return `${date.getFullYear()}-${date.getMonth()}`
}

/** Texts of `PhotoGallery`. */
export interface PhotoGalleryLabels {
  /** The date scrubber's accessible name. */
  scrubber: string
}

/** English defaults of `PhotoGalleryLabels`. */
export const defaultPhotoGalleryLabels: PhotoGalleryLabels = { scrubber: 'Jump to month' }

/** Props of `PhotoGallery`; the rest go to the root `div`. Generic over your item type, as `FileGrid`. */
export interface PhotoGalleryProps<T extends BrowserFile = BrowserFile> extends Omit<
  CollectionBaseProps<T>,
  'emptyText'
> {
  /** Row height the packing aims for, in px; defaults to ~110 on a phone-wide gallery and ~180 from 900 px. */
  targetRowHeight?: number | undefined
  /** Where the stuck month header sits from the scroller's top (a CSS length, e.g. under a sticky app header); defaults to 0. */
  stickyOffset?: string | undefined
  /** Never loads thumbnails: tiles show extension badges. */
  thumbnailsDisabled?: boolean | undefined
  /** A badge over a tile (e.g. an `OwnerBadge` on someone else's photo); null or undefined for none. */
  renderBadge?: ((file: T) => ReactNode) | undefined
  /** Accessible name of the broken-thumbnail icon; defaults to "Thumbnail failed to load". */
  thumbnailErrorLabel?: string | undefined
  /** Heading of the empty gallery, e.g. "No photos or videos yet" (shown with a picture); nothing shows without it. */
  emptyTitle?: string | undefined
  /** The line under it, saying how to fill the gallery. */
  emptyDescription?: ReactNode | undefined
  /** The next action (e.g. an upload Button) under the empty state. */
  emptyAction?: ReactNode | undefined
  /**
   * The gallery's width before it is measured (server rendering, tests), in px: with
   * `initialItemCount`, the rows holding that many tiles render on the server.
   */
  initialWidth?: number | undefined
  /** A date scrubber on the inline-end edge: the loaded months by year, each jumping to its heading. */
  scrubber?: boolean | undefined
  /**
   * Newest (the default) or oldest first. The gallery sorts `items` by date itself (`takenDate`,
   * else `uploadDate`), so they may come in any order; items already in order are used as given.
   */
  order?: PhotoGalleryOrder | undefined
  /** Texts; defaults to `defaultPhotoGalleryLabels`. */
  labels?: Partial<PhotoGalleryLabels> | undefined
}

interface GalleryContext {
  footer: ReactNode
  listProps: HTMLAttributes<HTMLDivElement>
  stickyOffset?: string | undefined
}

// Virtuoso renders the stuck month header through the List part too; only the main list is the listbox.
const InTopList = createContext(false)

// Module-level and stable: a new component per render would remount the stuck header.
const TopItemList = ({ context, style, children, ...props }: TopItemListProps & ContextProp<GalleryContext>) => (
  <div {...props} style={{ ...style, top: context.stickyOffset ?? style?.top }}>
    <InTopList.Provider value>{children}</InTopList.Provider>
  </div>
)
// The listbox holds the rows (and month headers) only: the loading footer, a status, is its sibling.
const List = ({ context, ref, ...props }: ListProps & ContextProp<GalleryContext>) => {
  const inTopList = useContext(InTopList)
  if (inTopList) return <div ref={ref} {...props} />
  return <div ref={ref} {...props} {...context.listProps} style={{ ...context.listProps.style, ...props.style }} />
}
const Footer = ({ context }: ContextProp<GalleryContext>) => context.footer
const galleryComponents = { TopItemList, List, Footer }

const dateValue = (input: DateInput) => (input instanceof Date ? input.getTime() : input)

/** Whether a file lays out as before: the same object, or the same id, date and ratio (a refetched page). */
const sameInLayout = (a: BrowserFile, b: BrowserFile) =>
  a === b ||
  (a.id === b.id && a.aspectRatio === b.aspectRatio && dateValue(galleryDate(a)) === dateValue(galleryDate(b)))

interface KeptLayout {
  layout: GalleryLayout
  items: readonly BrowserFile[]
  layoutItems: readonly LayoutItem[]
}

/**
 * The rows of `items` at `width`. Packing is arithmetic over the items; what costs is reading dates,
 * so each item's month is read once: a next page appended to the same list reads only the new items
 * and re-packs only the last month, and a width change re-packs without reading a date.
 */
function useGalleryLayout(
  items: readonly BrowserFile[],
  width: number,
  targetRowHeight: number | undefined,
): GalleryLayout {
  const kept = useRef<KeptLayout | null>(null)
  return useMemo(() => {
    const options = { width, targetRowHeight: targetRowHeight ?? defaultTargetRowHeight(width), gap: photoGalleryGap }
    const previous = kept.current
    let same = 0
    if (previous && previous.items.length <= items.length) {
      const before = previous.items
      while (same < before.length && sameInLayout(before[same]!, items[same]!)) same++
    }
    const appended = previous !== null && same === previous.items.length
    const layoutItems = appended ? previous.layoutItems.slice() : []
    for (let i = layoutItems.length; i < items.length; i++) {
      const file = items[i]!
      layoutItems.push({ groupKey: monthKey(galleryDate(file)), aspectRatio: file.aspectRatio })
    }
    const layout = packGallery(layoutItems, options, appended ? previous.layout : undefined)
    kept.current = { layout, items, layoutItems }
    return layout
  }, [items, width, targetRowHeight])
}

/** The content width of the element last given to `ref`, kept up to date. */
function useWidth(initialWidth: number) {
  const [width, setWidth] = useState(initialWidth)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (!node) return
    const read = () => {
      if (node.clientWidth > 0) setWidth(node.clientWidth)
    }
    read()
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(read)
      observer.current.observe(node)
    }
  }, [])
  return { width, ref }
}

/** How many rows a screen holds: PageUp and PageDown move by it. */
function pageRowsOf(scroller: HTMLElement | null, useWindow: boolean, layout: GalleryLayout): number {
  const height = useWindow || !scroller ? window.innerHeight : scroller.clientHeight
  return Math.max(1, Math.floor(height / (layout.options.targetRowHeight + layout.options.gap)) - 1)
}

/** The scrubber's entries: one per month group, in the gallery's order. */
function useScrubberEntries(enabled: boolean, layout: GalleryLayout): ScrubberEntry[] {
  const { locale } = useLocale()
  return useMemo(() => {
    if (!enabled) return []
    const short = new Intl.DateTimeFormat(locale, { month: 'short' })
    return layout.groups.map((group, index) => {
      // Keys are local year and month (monthKey), as the groups are; mid-month is that month anywhere.
      const [year = '', month = '0'] = group.key.split('-')
      const name = short.format(new Date(Number(year), Number(month), 15))
      return { group: index, key: group.key, year, short: name, name: `${name} ${year}` }
    })
  }, [enabled, layout.groups, locale])
}

/** How far down the stuck month header sits (under an app header): a jump lands the heading below it. */
function stuckHeaderOffset(list: HTMLElement | null): number {
  const stuck = list?.querySelector<HTMLElement>('[data-testid="virtuoso-top-item-list"]')
  return stuck ? Number.parseFloat(getComputedStyle(stuck).insetBlockStart) || 0 : 0
}

/**
 * The photo gallery (Media page): thumbnails in justified rows that fill the width exactly, each
 * keeping its aspect ratio (`aspectRatio`, a square when unknown), grouped by month under headers
 * that stay stuck while their month scrolls by (`takenDate`, else `uploadDate`; sorted by it, newest
 * first unless `order="oldest"`). Virtualised by
 * rows; names show on hover and focus; videos carry a play mark. Keyboard, selection, menus and
 * paging work as in `MediaGrid`, with Up and Down moving to the nearest item of the next row.
 */
export function PhotoGallery<T extends BrowserFile = BrowserFile>({
  items: givenItems,
  order = 'newest',
  targetRowHeight,
  stickyOffset,
  thumbnailsDisabled = false,
  thumbnailErrorLabel,
  emptyTitle,
  emptyDescription,
  emptyAction,
  initialWidth = 0,
  initialItemCount,
  useWindowScroll = false,
  scrubber = false,
  labels,
  renderBadge,
  ...props
}: PhotoGalleryProps<T>) {
  const items = useDateOrder(givenItems, galleryDate, order)
  const common = useCommonLabels()
  const text = useLabels('photoGallery', defaultPhotoGalleryLabels, labels)
  const { formatDate } = useLocale()
  const { width, ref: measureRef } = useWidth(initialWidth)
  const layout = useGalleryLayout(items, width, targetRowHeight)
  const virtuosoRef = useRef<GroupedVirtuosoHandle>(null)
  const listRef = useRef<HTMLDivElement | null>(null)
  const setListRef = useCallback(
    (node: HTMLDivElement | null) => {
      listRef.current = node
      measureRef(node)
    },
    [measureRef],
  )
  const ratioOf = (index: number) => items[index]?.aspectRatio
  const ownScroller = !useWindowScroll && props.scrollParent == null
  const measureScroller = useCallback(
    (node: HTMLElement | Window | null) => node instanceof HTMLElement && measureRef(node),
    [measureRef],
  )
  const entries = useScrubberEntries(scrubber, layout)
  // Rows, not tiles, are what the gallery's list virtualises.
  const initialRows =
    initialItemCount && items.length > 0 && layout.rows.length > 0
      ? rowOfItem(layout, Math.min(initialItemCount, items.length) - 1) + 1
      : 0
  const jumpTo = (group: number) =>
    virtuosoRef.current?.scrollToIndex({
      groupIndex: group,
      align: 'start',
      offset: ownScroller ? 0 : -stuckHeaderOffset(listRef.current),
    })

  const renderRow = (parts: CollectionBodyParts, rowIndex: number) => {
    const row = layout.rows[rowIndex]
    if (!row) return null
    const ratios = items.slice(row.start, row.end).map((file) => file.aspectRatio ?? 1)
    const widths = rowItemWidths(ratios, row, layout.options.width, photoGalleryGap)
    // The gap below a row is its padding (Virtuoso measures heights, never margins), counted in the
    // row's border-box height: a page's `* { box-sizing: border-box }` outranks the kit's layer.
    const rowStyle: CSSProperties = {
      height: row.height + photoGalleryGap,
      gap: photoGalleryGap,
      paddingBlockEnd: photoGalleryGap,
    }
    return (
      <div role="none" className={css.row} style={rowStyle}>
        {widths.map((tileWidth, k) => (
          <Fragment key={items[row.start + k]!.id}>
            {parts.renderAt(row.start + k, { className: css.tile, style: { width: tileWidth, height: row.height } })}
          </Fragment>
        ))}
      </div>
    )
  }

  const body: CollectionBody = {
    nextIndex: (key, index) =>
      galleryMove(key, index, layout, ratioOf, pageRowsOf(listRef.current, useWindowScroll, layout)),
    scrollToIndex: (index) => virtuosoRef.current?.scrollToIndex({ index: rowOfItem(layout, index), align: 'center' }),
    render: (parts) => {
      const list = (
        <div ref={setListRef} className={css.list}>
          {width > 0 ? (
            <GroupedVirtuoso<unknown, GalleryContext>
              ref={virtuosoRef}
              {...parts.scroll}
              // An own scroller: its scrollbar takes width from the rows, so they are packed into the
              // scroller's inner width, and the gutter is kept so it never changes as rows overflow.
              style={ownScroller ? { scrollbarGutter: 'stable' } : undefined}
              {...defined({ scrollerRef: ownScroller ? measureScroller : undefined })}
              groupCounts={layout.groupCounts}
              {...(initialRows ? { initialItemCount: initialRows } : {})}
              // Rows not yet measured are estimated at the target height (they come close to it).
              defaultItemHeight={layout.options.targetRowHeight + photoGalleryGap}
              context={{ footer: parts.footer, listProps: parts.listProps, stickyOffset }}
              components={galleryComponents}
              groupContent={(group) => {
                const first = items[layout.groups[group]?.firstItem ?? -1]
                return (
                  <div role="none" className={css.monthHeader}>
                    {first ? formatDate(galleryDate(first), 'month') : null}
                  </div>
                )
              }}
              itemContent={(rowIndex) => renderRow(parts, rowIndex)}
              endReached={parts.endReached}
              rangeChanged={({ startIndex, endIndex }) => {
                const first = layout.rows[startIndex]
                const last = layout.rows[Math.min(endIndex, layout.rows.length - 1)]
                if (first && last) parts.rangeChanged({ startIndex: first.start, endIndex: last.end - 1 })
              }}
            />
          ) : null}
        </div>
      )
      if (!scrubber) return list
      return (
        <div className={css.withScrubber}>
          {list}
          {entries.length > 0 ? (
            <GalleryScrubber
              entries={entries}
              label={text.scrubber}
              sticky={!ownScroller}
              stickyOffset={stickyOffset}
              onJump={jumpTo}
            />
          ) : null}
        </div>
      )
    },
  }

  // The title's heading is one level above the empty state's.
  const emptyLevel = Math.min(4, (props.headingLevel ?? 2) + 1) as EmptyStateHeadingLevel
  const emptyText =
    emptyTitle != null ? (
      <EmptyState
        illustration="photos"
        title={emptyTitle}
        description={emptyDescription}
        action={emptyAction}
        headingLevel={emptyLevel}
      />
    ) : undefined

  return (
    <VirtualCollection<T>
      data-part="photo-gallery"
      {...props}
      items={items}
      view="grid"
      getId={fileId}
      body={body}
      useWindowScroll={useWindowScroll}
      emptyText={emptyText}
      renderItem={(file, itemProps, { selected }) => (
        <MediaTile
          file={file}
          selected={selected}
          thumbnailsDisabled={thumbnailsDisabled}
          thumbnailErrorLabel={thumbnailErrorLabel ?? common.thumbnailError}
          caption
          badge={renderBadge?.(file)}
          {...itemProps}
        />
      )}
    />
  )
}

const fileId = (file: BrowserFile) => file.id
