import type { BrowserFolder } from '../file-card/browser-item.ts'
import {
  type ColumnSort,
  type FileListColumnLabels,
  ListColumnHeaders,
  listHeaderRowClassName,
} from '../file-list/file-list.tsx'
import type { ItemPathRoot } from '../search-result/item-path.tsx'
import { FileListRow } from '../file-list/file-list-row.tsx'
import { FolderCard } from '../folder-card/folder-card.tsx'
import {
  type CollectionBaseProps,
  type CollectionView,
  VirtualCollection,
} from '../virtual-collection/virtual-collection.tsx'
import type { DateInput } from '../../utils/format-date.ts'

/** Narrowest folder card in px. */
export const folderGridMinCardWidth = 200

/** Props of `FolderGrid`; the rest go to the root `div`. Generic over your folder type, as `FileGrid`. */
export interface FolderGridProps<T extends BrowserFolder = BrowserFolder> extends CollectionBaseProps<T> {
  /** Cards or rows; defaults to grid. */
  view?: CollectionView | undefined
  /** Narrowest card in px; defaults to 200. */
  minCardWidth?: number | undefined
  /** List view: column header texts (Size stays empty for folders). */
  columnLabels?: Partial<FileListColumnLabels> | undefined
  /** List view: name of each row's Actions button. */
  actionsLabel?: ((name: string) => string) | undefined
  /** List view: formats the Created column; defaults to the locale's `card` date format. */
  formatDate?: ((date: DateInput) => string) | undefined
  /** List view: column headers that sort when clicked (see `ColumnSort`). */
  columnSort?: ColumnSort | undefined
  /** List view, search results: a crumb of an item's `path` was chosen (a folder id, `undefined` for the root). */
  onPathClick?: ((folderId: string | undefined, item: T) => void) | undefined
  /** List view: the first crumb of the items' paths, Home (default) or Trash. */
  pathRoot?: ItemPathRoot | undefined
  /** A selected card shows an "Open" cue (touch: a first tap selects, a second opens); grid view. */
  openCue?: boolean | undefined
}

const folderId = (folder: BrowserFolder) => folder.id

/**
 * The folder section (titled "Home Folders", "Folders", "Search", "Trash" or "No Folders"):
 * a virtualised grid of `FolderCard`s or, with `view="list"`, rows. Keyboard, selection, menus and
 * paging work as in `FileGrid`.
 */
export function FolderGrid<T extends BrowserFolder = BrowserFolder>({
  view = 'grid',
  minCardWidth = folderGridMinCardWidth,
  columnLabels,
  actionsLabel,
  formatDate,
  columnSort,
  openCue = false,
  onPathClick,
  pathRoot,
  ...props
}: FolderGridProps<T>) {
  return (
    <VirtualCollection<T>
      data-part="folder-grid"
      {...props}
      view={view}
      getId={folderId}
      minCellWidth={minCardWidth}
      columns={<ListColumnHeaders labels={columnLabels} sort={columnSort} />}
      headerRowClassName={listHeaderRowClassName}
      renderItem={(folder, itemProps, { selected, actionProps }) =>
        view === 'list' ? (
          <FileListRow
            folder={folder}
            selected={selected}
            actionsLabel={actionsLabel}
            formatDate={formatDate}
            actionProps={actionProps}
            {...(onPathClick ? { onPathClick: (id: string | undefined) => onPathClick(id, folder) } : {})}
            pathRoot={pathRoot}
            {...itemProps}
          />
        ) : (
          <FolderCard folder={folder} selected={selected} openCue={openCue} {...itemProps} />
        )
      }
    />
  )
}
