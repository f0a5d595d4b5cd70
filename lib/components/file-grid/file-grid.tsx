import { cx } from '../../internal/cx.ts'
import type { BrowserFile } from '../file-card/browser-item.ts'
import { FileCard } from '../file-card/file-card.tsx'
import type { ItemPathRoot } from '../search-result/item-path.tsx'
import { type ColumnSort, FileList, type FileListColumnLabels } from '../file-list/file-list.tsx'
import {
  type CollectionBaseProps,
  type CollectionItemProps,
  type CollectionItemState,
  type CollectionView,
  VirtualCollection,
} from '../virtual-collection/virtual-collection.tsx'
import * as css from './file-grid.css.ts'
import type { DateInput } from '../../utils/format-date.ts'
import type { ReactNode } from 'react'

/** Narrowest file card in px (the grid fits as many columns as this allows). */
export const fileGridMinCardWidth = 180

/**
 * Props of `FileGrid`; the rest go to the root `div`. Generic over your item type: the callbacks
 * hand back the items you passed (`T`), extra fields included.
 */
export interface FileGridProps<T extends BrowserFile = BrowserFile> extends CollectionBaseProps<T> {
  /** Cards or rows (the user's list-mode preference); defaults to grid. */
  view?: CollectionView | undefined
  /** Never loads thumbnails: cards show extension badges (the user's "do not load thumbnails" preference). */
  thumbnailsDisabled?: boolean | undefined
  /** Narrowest card in px; defaults to 180. */
  minCardWidth?: number | undefined
  /** List view: column header texts. */
  columnLabels?: Partial<FileListColumnLabels> | undefined
  /** List view: name of each row's Actions button. */
  actionsLabel?: ((name: string) => string) | undefined
  /** List view: column headers that sort when clicked (see `ColumnSort`). */
  columnSort?: ColumnSort | undefined
  /** List view, search results: a crumb of an item's `path` was chosen (a folder id, `undefined` for the root). */
  onPathClick?: ((folderId: string | undefined, item: T) => void) | undefined
  /** List view: the first crumb of the items' paths, Home (default) or Trash. */
  pathRoot?: ItemPathRoot | undefined
  /** A selected card shows an "Open" cue (touch: a first tap selects, a second opens); grid view. */
  openCue?: boolean | undefined
  /** Formats each card's (or row's) upload date; defaults to the locale's `card` date format. */
  formatDate?: ((date: DateInput) => string) | undefined
  /**
   * Renders a card of your own (e.g. the kit's `FileCard` beside your badges); spread `itemProps`
   * on its root. `card` is the card the grid would show. List view: see `FileList`'s `renderItem`.
   */
  renderItem?:
    | ((file: T, itemProps: CollectionItemProps, state: CollectionItemState & { card: ReactNode }) => ReactNode)
    | undefined
}

const fileId = (file: BrowserFile) => file.id

/**
 * The file section of a folder (Home page, titled e.g. "Home Files" or "Files"): a
 * virtualised grid of `FileCard`s (a multi-select `listbox`) or, with `view="list"`, a `FileList`.
 * Arrow keys move between cards by row and column, Enter opens, Space toggles selection, and the
 * collection keeps one tab stop. Selection comes in through `selectedIds`; every click goes out
 * with its modifier keys, and the end of the list asks for the next page. A phone-wide grid (under
 * about 390 px, measured on the grid itself) shows two compact cards a row: cropped thumbnail, the
 * name on up to two lines.
 */
export function FileGrid<T extends BrowserFile = BrowserFile>({
  view = 'grid',
  thumbnailsDisabled = false,
  minCardWidth = fileGridMinCardWidth,
  columnLabels,
  actionsLabel,
  columnSort,
  formatDate,
  renderItem,
  openCue = false,
  onPathClick,
  pathRoot,
  className,
  ...props
}: FileGridProps<T>) {
  if (view === 'list')
    return (
      <FileList<T>
        data-part="file-grid"
        {...props}
        className={className}
        columnLabels={columnLabels}
        actionsLabel={actionsLabel}
        formatDate={formatDate}
        {...(columnSort ? { columnSort } : {})}
        {...(onPathClick ? { onPathClick } : {})}
        pathRoot={pathRoot}
      />
    )
  return (
    <VirtualCollection<T>
      data-part="file-grid"
      {...props}
      className={cx(css.root, className)}
      listClassName={css.list}
      view="grid"
      getId={fileId}
      minCellWidth={minCardWidth}
      renderItem={(file, itemProps, state) => {
        const card = (
          <FileCard
            file={file}
            selected={state.selected}
            openCue={openCue}
            thumbnailsDisabled={thumbnailsDisabled}
            formatDate={formatDate}
            {...itemProps}
          />
        )
        return renderItem ? renderItem(file, itemProps, { ...state, card }) : card
      }}
    />
  )
}
