import type { BrowserFile } from '../file-card/browser-item.ts'
import {
  type CollectionBaseProps,
  type CollectionItemProps,
  type CollectionItemState,
  VirtualCollection,
} from '../virtual-collection/virtual-collection.tsx'
import * as css from './file-list.css.ts'
import { FileListRow } from './file-list-row.tsx'
import { Icon } from '../icon/icon.tsx'
import { useLabels } from '../../locale/locale.tsx'
import type { DateInput } from '../../utils/format-date.ts'
import type { ReactNode } from 'react'
import type { ItemPathRoot } from '../search-result/item-path.tsx'

/** Column header texts of the list view ("Name, Size, Created, Actions"). */
export interface FileListColumnLabels {
  name: string
  size: string
  created: string
  actions: string
}

/** The list view's columns. */
export const defaultColumnLabels: FileListColumnLabels = {
  name: 'Name',
  size: 'Size',
  created: 'Created',
  actions: 'Actions',
}

/** Props of `FileList`; the rest go to the root `div`. Generic over your item type, as `FileGrid`. */
export interface FileListProps<T extends BrowserFile = BrowserFile> extends CollectionBaseProps<T> {
  /** Column header texts; default Name, Size, Created, Actions. */
  columnLabels?: Partial<FileListColumnLabels> | undefined
  /** Name of each row's Actions button; defaults to "Actions for <name>". */
  actionsLabel?: ((name: string) => string) | undefined
  /** Formats the Created column; defaults to the locale's `card` date format. */
  formatDate?: ((date: DateInput) => string) | undefined
  /** Makes the column headers sort buttons (with `aria-sort`); see `ColumnSort`. */
  columnSort?: ColumnSort | undefined
  /** List view, search results: a crumb of an item's `path` was chosen (a folder id, `undefined` for the root). */
  onPathClick?: ((folderId: string | undefined, item: T) => void) | undefined
  /** List view: the first crumb of the items' paths, Home (default) or Trash. */
  pathRoot?: ItemPathRoot | undefined
  /**
   * Renders a row of your own (e.g. `FileListRow` with extra content in a cell); spread `itemProps`
   * on its root, a `role="row"` with the same four cells. `row` is the row the list would show.
   */
  renderItem?:
    | ((file: T, itemProps: CollectionItemProps, state: CollectionItemState & { row: ReactNode }) => ReactNode)
    | undefined
}

const fileId = (file: BrowserFile) => file.id

/** The columns a list can sort by. */
export type SortableColumn = 'name' | 'size' | 'created'

/**
 * Column headers that sort when clicked: the current sort (a `SortControl` value such as
 * `alp_asc`) and the sort field of each column. Clicking the sorted column flips its direction;
 * another column sorts ascending by name, descending by size and date (largest, newest first).
 */
export interface ColumnSort {
  value: string
  onValueChange: (value: string) => void
  /** Each column's sort field; defaults to name `alp`, size `size`, created `date`. A column left out does not sort. */
  fields?: Partial<Record<SortableColumn, string>> | undefined
}

/** The default sort fields of the columns (the spec's `alp` and `date`, and `size`). */
export const defaultColumnSortFields: Record<SortableColumn, string> = { name: 'alp', size: 'size', created: 'date' }

function SortableHeader({
  column,
  label,
  sort,
  className,
}: {
  column: SortableColumn
  label: string
  sort?: ColumnSort | undefined
  className?: string | undefined
}) {
  const field = sort ? (sort.fields ?? defaultColumnSortFields)[column] : undefined
  if (!sort || !field)
    return (
      <div role="columnheader" className={className}>
        {label}
      </div>
    )
  const cut = sort.value.lastIndexOf('_')
  const current = sort.value.slice(0, cut) === field ? (sort.value.slice(cut + 1) as 'asc' | 'desc') : undefined
  const next = current ? (current === 'asc' ? 'desc' : 'asc') : column === 'name' ? 'asc' : 'desc'
  return (
    <div
      role="columnheader"
      className={className}
      aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        data-part="column-sort"
        className={css.sortButton}
        onClick={() => sort.onValueChange(`${field}_${next}`)}
      >
        {label}
        {current ? (
          <Icon name={current === 'asc' ? 'sort-asc' : 'sort-desc'} className={css.sortIcon} aria-hidden />
        ) : null}
      </button>
    </div>
  )
}

/** The header row shared by the file and folder lists; with `sort`, Name, Size and Created sort when clicked. */
export function ListColumnHeaders({
  labels,
  sort,
}: {
  labels?: Partial<FileListColumnLabels> | undefined
  sort?: ColumnSort | undefined
}) {
  const text = useLabels('fileList', defaultColumnLabels, labels)
  return (
    <>
      <SortableHeader column="name" label={text.name} sort={sort} />
      <SortableHeader column="size" label={text.size} sort={sort} className={css.headerWideOnly} />
      <SortableHeader column="created" label={text.created} sort={sort} className={css.headerWideOnly} />
      <div role="columnheader" className={css.actionsHeader}>
        {text.actions}
      </div>
    </>
  )
}

/** The header row's class (it shares the rows' columns). */
export const listHeaderRowClassName = `${css.columns} ${css.header}`

/**
 * The list view of files: a virtualised `grid` with the columns Name, Size, Created and
 * Actions (Size and Created drop out when narrow). Up/Down move between rows, Right reaches a row's
 * Actions button, Enter opens, Space toggles selection; the app gets every click and decides.
 */
export function FileList<T extends BrowserFile = BrowserFile>({
  columnLabels,
  actionsLabel,
  formatDate,
  columnSort,
  renderItem,
  onPathClick,
  pathRoot,
  ...props
}: FileListProps<T>) {
  return (
    <VirtualCollection<T>
      data-part="file-list"
      {...props}
      view="list"
      getId={fileId}
      columns={<ListColumnHeaders labels={columnLabels} sort={columnSort} />}
      headerRowClassName={listHeaderRowClassName}
      renderItem={(file, itemProps, state) => {
        const row = (
          <FileListRow
            file={file}
            selected={state.selected}
            actionsLabel={actionsLabel}
            formatDate={formatDate}
            actionProps={state.actionProps}
            {...(onPathClick ? { onPathClick: (id: string | undefined) => onPathClick(id, file) } : {})}
            pathRoot={pathRoot}
            {...itemProps}
          />
        )
        return renderItem ? renderItem(file, itemProps, { ...state, row }) : row
      }}
    />
  )
}
