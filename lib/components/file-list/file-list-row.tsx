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
import { ItemPath, type ItemPathRoot } from '../search-result/item-path.tsx'
import { TextSnippet } from '../search-result/text-snippet.tsx'
import { defined } from '../../internal/defined.ts'

/** The default name of a row's Actions button. */
export const defaultActionsLabel = (name: string) => `Actions for ${name}`

interface RowBase extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Draws the selected look (and sets `data-selected`); inside `FileList` it also sets aria-selected. */
  selected?: boolean | undefined
  /** Name of the Actions button from the item's name; defaults to "Actions for <name>". */
  actionsLabel?: ((name: string) => string) | undefined
  /** Props of the Actions button (FileList passes the ones that open its menu). */
  actionProps?: (HTMLAttributes<HTMLElement> & { tabIndex?: number }) | undefined
  /** Formats the date column; defaults to the locale's `card` date format. */
  formatDate?: ((date: BrowserFile['uploadDate']) => string) | undefined
  /** Ref to the row element. */
  ref?: Ref<HTMLDivElement> | undefined
  /** The item's path crumb was chosen: a folder id, `undefined` for the root. Without it the path is plain text. */
  onPathClick?: ((folderId: string | undefined) => void) | undefined
  /** The path's first crumb: Home (default) or Trash. */
  pathRoot?: ItemPathRoot | undefined
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
  onPathClick,
  pathRoot,
  className,
  ...props
}: FileListRowProps) {
  const name = file ? file.name : folder.name
  const common = useCommonLabels()
  const locale = useLocale()
  const date = file ? file.uploadDate : folder.createdAt
  const item = file ?? folder
  const matched = item.path !== undefined || item.snippet !== undefined
  const nameLine = (
    <>
      <span data-part="file-name" dir="auto" className={css.name} title={name}>
        {name}
      </span>
      <PeopleMark people={item.people} compact />
      {item.trashed ? (
        <TrashNote at={item.trashed.at} daysLeft={item.trashed.daysLeft} className={css.trashNote} />
      ) : null}
      {item.note ? (
        <span data-part="file-list-note" className={css.note}>
          {item.note}
        </span>
      ) : null}
    </>
  )
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
        {matched ? (
          // A search result: the name line, then where it is and the text that matched.
          <div className={css.matchStack}>
            <div className={css.nameLine}>{nameLine}</div>
            {item.path ? (
              <ItemPath
                path={item.path}
                root={pathRoot}
                onFolderClick={onPathClick}
                crumbProps={{ tabIndex: -1, 'data-collection-action': true }}
              />
            ) : null}
            {item.snippet ? <TextSnippet snippet={item.snippet} /> : null}
          </div>
        ) : (
          nameLine
        )}
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
          {...defined(actionProps ?? {})}
        />
      </div>
    </div>
  )
}
