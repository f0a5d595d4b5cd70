import type { HTMLAttributes, Ref } from 'react'
import { cx } from '../../internal/cx.ts'
import { formatBytes } from '../../utils/format-bytes.ts'
import { formatCardDate } from '../../utils/format-date.ts'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import type { BrowserFile, BrowserFolder } from '../file-card/browser-item.ts'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import * as css from './file-list.css.ts'

/** The default name of a row's Actions button. */
export const defaultActionsLabel = (name: string) => `Actions for ${name}`

interface RowBase extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Draws the selected look (and sets `data-selected`); inside `FileList` it also sets aria-selected. */
  selected?: boolean
  /** Name of the Actions button from the item's name; defaults to "Actions for <name>". */
  actionsLabel?: (name: string) => string
  /** Props of the Actions button (FileList passes the ones that open its menu). */
  actionProps?: HTMLAttributes<HTMLElement> & { tabIndex?: number }
  /** Formats the date column; defaults to `formatCardDate` (MM/DD/YY hh:mma). */
  formatDate?: (date: BrowserFile['uploadDate']) => string
  /** Ref to the row element. */
  ref?: Ref<HTMLDivElement>
}

/** Props of `FileListRow`: a file or a folder; the rest go to the row element. */
export type FileListRowProps = RowBase & ({ file: BrowserFile; folder?: never } | { folder: BrowserFolder; file?: never })

/**
 * One row of the list view: Name (badge or folder icon), Size (files only), Created and
 * an Actions button. A `row` of a `grid`: render it inside `FileList`, which gives it its keyboard.
 */
export function FileListRow({
  file,
  folder,
  selected = false,
  actionsLabel = defaultActionsLabel,
  actionProps,
  formatDate = formatCardDate,
  className,
  ...props
}: FileListRowProps) {
  const name = file ? file.name : folder.name
  return (
    <div role="row" data-selected={selected || undefined} {...props} className={cx(css.columns, css.row, className)}>
      <div role="gridcell" className={css.nameCell}>
        {file ? <ExtensionBadge filename={file.name} max={3} size="small" aria-hidden /> : <Icon name="folder" className={css.folderIcon} />}
        <span className={css.name} title={name}>
          {name}
        </span>
      </div>
      <div role="gridcell" className={css.wideOnly}>
        {file ? formatBytes(file.size) : null}
      </div>
      <div role="gridcell" className={css.wideOnly}>
        {formatDate(file ? file.uploadDate : folder.createdAt)}
      </div>
      <div role="gridcell" className={css.actionsCell}>
        <IconButton icon="more-vertical" size="small" label={actionsLabel(name)} {...actionProps} />
      </div>
    </div>
  )
}
