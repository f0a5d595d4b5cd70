import type { BrowserFile } from '../file-card/browser-item.ts'
import { type CollectionBaseProps, type CollectionItemProps, type CollectionItemState, VirtualCollection } from '../virtual-collection/virtual-collection.tsx'
import * as css from './file-list.css.ts'
import { FileListRow } from './file-list-row.tsx'
import { useLabels } from '../../locale/locale.tsx'
import type { DateInput } from '../../utils/format-date.ts'
import type { ReactNode } from 'react'

/** Column header texts of the list view ("Name, Size, Created, Actions"). */
export interface FileListColumnLabels {
  name: string
  size: string
  created: string
  actions: string
}

/** The list view's columns. */
export const defaultColumnLabels: FileListColumnLabels = { name: 'Name', size: 'Size', created: 'Created', actions: 'Actions' }

/** Props of `FileList`; the rest go to the root `div`. */
export interface FileListProps extends CollectionBaseProps<BrowserFile> {
  /** Column header texts; default Name, Size, Created, Actions. */
  columnLabels?: Partial<FileListColumnLabels>
  /** Name of each row's Actions button; defaults to "Actions for <name>". */
  actionsLabel?: (name: string) => string
  /** Formats the Created column; defaults to the locale's `card` date format. */
  formatDate?: (date: DateInput) => string
  /**
   * Renders a row of your own (e.g. `FileListRow` with extra content in a cell); spread `itemProps`
   * on its root, a `role="row"` with the same four cells. `row` is the row the list would show.
   */
  renderItem?: (file: BrowserFile, itemProps: CollectionItemProps, state: CollectionItemState & { row: ReactNode }) => ReactNode
}

const fileId = (file: BrowserFile) => file.id

/** The header row shared by the file and folder lists. */
export function ListColumnHeaders({ labels }: { labels?: Partial<FileListColumnLabels> }) {
  const text = useLabels('fileList', defaultColumnLabels, labels)
  return (
    <>
      <div role="columnheader">{text.name}</div>
      <div role="columnheader" className={css.headerWideOnly}>
        {text.size}
      </div>
      <div role="columnheader" className={css.headerWideOnly}>
        {text.created}
      </div>
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
export function FileList({ columnLabels, actionsLabel, formatDate, renderItem, ...props }: FileListProps) {
  return (
    <VirtualCollection<BrowserFile>
      {...props}
      view="list"
      getId={fileId}
      columns={<ListColumnHeaders labels={columnLabels} />}
      headerRowClassName={listHeaderRowClassName}
      renderItem={(file, itemProps, state) => {
        const row = (
          <FileListRow file={file} selected={state.selected} actionsLabel={actionsLabel} formatDate={formatDate} actionProps={state.actionProps} {...itemProps} />
        )
        return renderItem ? renderItem(file, itemProps, { ...state, row }) : row
      }}
    />
  )
}
