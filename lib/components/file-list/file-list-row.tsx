import type { HTMLAttributes, Ref } from 'react'
import { cx } from '../../internal/cx.ts'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import { PeopleMark } from '../../internal/people-mark.tsx'
import type { BrowserFile, BrowserFolder } from '../file-card/browser-item.ts'
import { Icon } from '../icon/icon.tsx'
import { TrashNote } from '../trash-note/trash-note.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import * as css from './file-list.css.ts'
import { useCommonLabels, useLocale } from '../../locale/locale.tsx'

/** The default name of a row's Actions button. */
export const defaultActionsLabel = (name: string) => `Actions for ${name}`

interface RowBase extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Draws the selected look (and sets `data-selected`); inside `FileList` it also sets aria-selected. */
  selected?: boolean
  /** Name of the Actions button from the item's name; defaults to "Actions for <name>". */
  actionsLabel?: (name: string) => string
  /** Props of the Actions button (FileList passes the ones that open its menu). */
  actionProps?: HTMLAttributes<HTMLElement> & { tabIndex?: number }
  /** Formats the date column; defaults to the locale's `card` date format. */
  formatDate?: (date: BrowserFile['uploadDate']) => string
  /** Ref to the row element. */
  ref?: Ref<HTMLDivElement>
}

/** Props of `FileListRow`: a file or a folder; the rest go to the row element. */
export type FileListRowProps = RowBase &
  ({ file: BrowserFile; folder?: never } | { folder: BrowserFolder; file?: never })

/**
 * One row of the list view: Name (badge or folder icon), Size (files only), Created and
 * an Actions button. A `row` of a `grid`: render it inside `FileList`, which gives it its keyboard.
 */
export function FileListRow({
  file,
  folder,
  selected = false,
  actionsLabel,
  actionProps,
  formatDate,
  className,
  ...props
}: FileListRowProps) {
  const name = file ? file.name : folder.name
  const common = useCommonLabels()
  const locale = useLocale()
  const date = file ? file.uploadDate : folder.createdAt
  const item = file ?? folder
  return (
    <div
      role="row"
      data-selected={selected || undefined}
      data-part="file-list-row"
      {...props}
      className={cx(css.columns, css.row, className)}
    >
      <div role="gridcell" data-part="file-list-name" className={css.nameCell}>
        {file ? (
          <ExtensionBadge filename={file.name} max={3} size="small" aria-hidden />
        ) : (
          <Icon name="folder" className={css.folderIcon} />
        )}
        <span data-part="file-name" dir="auto" className={css.name} title={name}>
          {name}
        </span>
        <PeopleMark people={(file ?? folder).people} compact />
        {item.trashed ? (
          <TrashNote at={item.trashed.at} daysLeft={item.trashed.daysLeft} className={css.trashNote} />
        ) : null}
        {(file ?? folder).note ? (
          <span data-part="file-list-note" className={css.note}>
            {(file ?? folder).note}
          </span>
        ) : null}
      </div>
      <div role="gridcell" data-part="file-list-size" className={css.wideOnly}>
        {/* Isolated, so digits and units keep their order in a right-to-left row. */}
        {file ? <bdi>{locale.formatSize(file.size)}</bdi> : null}
      </div>
      <div role="gridcell" data-part="file-list-date" className={css.wideOnly}>
        <bdi>{formatDate ? formatDate(date) : locale.formatDate(date, 'card')}</bdi>
      </div>
      <div role="gridcell" data-part="file-list-actions" className={css.actionsCell}>
        <IconButton
          icon="more-vertical"
          size="small"
          label={(actionsLabel ?? common.actionsFor)(name)}
          {...actionProps}
        />
      </div>
    </div>
  )
}
