import type { BrowserFolder } from '../file-card/browser-item.ts'
import {
  type ColumnSort,
  type FileListColumnLabels,
  ListColumnHeaders,
  listHeaderRowClassName,
} from '../file-list/file-list.tsx'
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

/** Props of `FolderGrid`; the rest go to the root `div`. */
export interface FolderGridProps extends CollectionBaseProps<BrowserFolder> {
  /** Cards or rows; defaults to grid. */
  view?: CollectionView
  /** Narrowest card in px; defaults to 200. */
  minCardWidth?: number
  /** List view: column header texts (Size stays empty for folders). */
  columnLabels?: Partial<FileListColumnLabels>
  /** List view: name of each row's Actions button. */
  actionsLabel?: (name: string) => string
  /** List view: formats the Created column; defaults to the locale's `card` date format. */
  formatDate?: (date: DateInput) => string
  /** List view: column headers that sort when clicked (see `ColumnSort`). */
  columnSort?: ColumnSort
  /** A selected card shows an "Open" cue (touch: a first tap selects, a second opens); grid view. */
  openCue?: boolean
}

const folderId = (folder: BrowserFolder) => folder.id

/**
 * The folder section (titled "Home Folders", "Folders", "Search", "Trash" or "No Folders"):
 * a virtualised grid of `FolderCard`s or, with `view="list"`, rows. Keyboard, selection, menus and
 * paging work as in `FileGrid`.
 */
export function FolderGrid({
  view = 'grid',
  minCardWidth = folderGridMinCardWidth,
  columnLabels,
  actionsLabel,
  formatDate,
  columnSort,
  openCue = false,
  ...props
}: FolderGridProps) {
  return (
    <VirtualCollection<BrowserFolder>
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
            {...itemProps}
          />
        ) : (
          <FolderCard folder={folder} selected={selected} openCue={openCue} {...itemProps} />
        )
      }
    />
  )
}
