import type { ComponentPropsWithRef, KeyboardEvent, ReactNode } from 'react'
import { useMemo, useState } from 'react'
import { fillSlots, isolateText, slot } from '../../internal/bidi.tsx'
import { cx } from '../../internal/cx.ts'
import { moveInActionGrid } from '../../internal/action-grid.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'
import { Button } from '../button/button.tsx'
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx'
import { EmptyState, type EmptyStateHeadingLevel } from '../empty-state/empty-state.tsx'
import { Spinner } from '../spinner/spinner.tsx'
import * as css from './version-list.css.ts'

/** One earlier content of a file. */
export interface FileVersion {
  id: string
  /** Bytes. */
  size: number
  /** When this content was uploaded; a `Date` or an ISO 8601 string. */
  createdAt: Date | string
  /** Who uploaded it; null or absent when it was the file's owner (nothing is shown then). */
  addedBy?: { displayName: string } | null
}

/** The row actions, in the order they show. */
export const versionActions = ['download', 'restore', 'delete'] as const

/** One of `versionActions`. */
export type VersionAction = (typeof versionActions)[number]

/** The texts of `VersionList`; each has an English default. */
export interface VersionListLabels {
  /** The list's accessible name. */
  list: string
  /** A row's second line after the size, from the uploader's name. */
  addedBy: (name: string) => string
  download: string
  restore: string
  delete: string
  /** Accessible names of a row's buttons, from the formatted date (they start with the visible text). */
  downloadFor: (date: string) => string
  restoreFor: (date: string) => string
  deleteFor: (date: string) => string
  /** The delete confirmation (when no `confirmDelete` is given), from the formatted date. */
  deleteTitle: string
  deleteText: (date: string) => string
  deleteConfirm: string
  /** The empty state. */
  emptyTitle: string
  emptyDescription: string
  loading: string
  /** The retry button of the error state. */
  retry: string
}

/** English defaults of `VersionListLabels`. */
export const defaultVersionListLabels: VersionListLabels = {
  list: 'Versions',
  addedBy: (name) => `Added by ${name}`,
  download: 'Download',
  restore: 'Restore',
  delete: 'Delete',
  downloadFor: (date) => `Download version of ${date}`,
  restoreFor: (date) => `Restore version of ${date}`,
  deleteFor: (date) => `Delete version of ${date}`,
  deleteTitle: 'Delete this version?',
  deleteText: (date) => `The version of ${date} will be deleted. You will not be able to recover it.`,
  deleteConfirm: 'Delete',
  emptyTitle: 'No earlier versions',
  emptyDescription: 'When this file is replaced, its earlier content is kept here.',
  loading: 'Loading versions',
  retry: 'Try again',
}

/** Props of `VersionList`; other attributes go to the root `div`. */
export interface VersionListProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The file's earlier contents; shown newest first whatever the order given. */
  versions: readonly FileVersion[]
  /** Download: without it there is no button. */
  onDownload?: (version: FileVersion) => void
  /** Restore (the version becomes the current content): without it there is no button. */
  onRestore?: (version: FileVersion) => void
  /** Delete, once confirmed: without it there is no button. */
  onDelete?: (version: FileVersion) => void
  /**
   * Asks before a delete; resolve true to go ahead. Defaults to the kit's confirm dialog with the
   * `deleteTitle`, `deleteText` and `deleteConfirm` texts.
   */
  confirmDelete?: (version: FileVersion) => boolean | Promise<boolean>
  /** An action is running on one version: its button shows a spinner, the row's others wait. */
  busy?: { id: string; action: VersionAction } | null
  /** The first load: a spinner instead of the empty state. */
  loading?: boolean
  /** The list could not be read: the message shown instead of the list. */
  error?: ReactNode
  /** With `error`: a Try again button. */
  onRetry?: () => void
  /** The empty state's heading level; defaults to 3. */
  emptyHeadingLevel?: EmptyStateHeadingLevel
  /** Texts; see `defaultVersionListLabels`. */
  labels?: Partial<VersionListLabels>
}

const time = (version: FileVersion) => new Date(version.createdAt).getTime() || 0

/**
 * A file's earlier versions, newest first: each with its date, size and who added it (nothing for
 * the owner), and Download, Restore and Delete as the props allow (a viewer's list: Download only).
 * Delete asks first. Tab reaches each button; Up and Down move to the same button of the row above
 * or below, Left and Right along a row, Home and End to the first and last row. Empty: "No earlier
 * versions"; loading and error states in place of the list.
 */
export function VersionList({
  versions,
  onDownload,
  onRestore,
  onDelete,
  confirmDelete,
  busy = null,
  loading = false,
  error,
  onRetry,
  emptyHeadingLevel = 3,
  labels: labelOverrides,
  className,
  ...props
}: VersionListProps) {
  const text = useLabels('versionList', defaultVersionListLabels, labelOverrides)
  const { formatDate, formatSize } = useLocale()
  const [asking, setAsking] = useState<FileVersion | null>(null)
  const sorted = useMemo(() => [...versions].sort((a, b) => time(b) - time(a)), [versions])
  const handlers: Record<VersionAction, ((version: FileVersion) => void) | undefined> = {
    download: onDownload,
    restore: onRestore,
    delete: onDelete,
  }
  const shown = versionActions.filter((action) => handlers[action] !== undefined)
  const dateOf = (version: FileVersion) => formatDate(version.createdAt, 'file')

  const askDelete = async (version: FileVersion) => {
    if (!confirmDelete) return setAsking(version)
    if (await confirmDelete(version)) onDelete?.(version)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => moveInActionGrid(event, shown, sorted.length)

  let content: ReactNode
  if (error) {
    content = (
      <div className={css.status} data-part="version-list-error">
        <p role="alert" className={css.error}>
          {error}
        </p>
        {onRetry ? (
          <Button size="small" icon="retry" onClick={onRetry}>
            {text.retry}
          </Button>
        ) : null}
      </div>
    )
  } else if (sorted.length === 0) {
    content = loading ? (
      <div className={css.status}>
        <Spinner label={text.loading} />
      </div>
    ) : (
      <EmptyState title={text.emptyTitle} description={text.emptyDescription} headingLevel={emptyHeadingLevel} />
    )
  } else {
    content = (
      <ul aria-label={text.list} className={css.list} onKeyDown={handleKeyDown}>
        {sorted.map((version, index) => {
          const date = dateOf(version)
          const label = isolateText(date)
          const rowBusy = busy?.id === version.id
          const button = (action: VersionAction) => ({
            'data-action': action,
            'data-row': index,
            size: 'small' as const,
            variant: 'ghost' as const,
            loading: rowBusy && busy?.action === action,
            // The row's other actions wait for the running one.
            disabled: rowBusy && busy?.action !== action,
          })
          const when = new Date(version.createdAt)
          return (
            <li key={version.id} data-part="version" className={css.row}>
              <span className={css.facts}>
                {/* Isolated, so a date or size keeps its own order inside right-to-left text. */}
                <span className={css.date}>
                  <bdi>
                    <time dateTime={Number.isNaN(when.getTime()) ? undefined : when.toISOString()}>{date}</time>
                  </bdi>
                </span>
                <span className={css.detail}>
                  <bdi>{formatSize(version.size)}</bdi>
                  {version.addedBy ? (
                    <>
                      {' · '}
                      {fillSlots(text.addedBy(slot(0)), [<bdi key="name">{version.addedBy.displayName}</bdi>])}
                    </>
                  ) : null}
                </span>
              </span>
              {shown.length > 0 ? (
                <span className={css.actions}>
                  {onDownload ? (
                    <Button
                      {...button('download')}
                      icon="download"
                      aria-label={text.downloadFor(label)}
                      onClick={() => onDownload(version)}
                    >
                      {text.download}
                    </Button>
                  ) : null}
                  {onRestore ? (
                    <Button
                      {...button('restore')}
                      icon="restore"
                      aria-label={text.restoreFor(label)}
                      onClick={() => onRestore(version)}
                    >
                      {text.restore}
                    </Button>
                  ) : null}
                  {onDelete ? (
                    <Button
                      {...button('delete')}
                      icon="trash"
                      className={css.danger}
                      aria-label={text.deleteFor(label)}
                      onClick={() => void askDelete(version)}
                    >
                      {text.delete}
                    </Button>
                  ) : null}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <div data-part="version-list" aria-busy={loading || undefined} {...props} className={cx(css.root, className)}>
      {content}
      {asking ? (
        <ConfirmDialog
          open
          title={text.deleteTitle}
          text={text.deleteText(dateOf(asking))}
          confirmLabel={text.deleteConfirm}
          tone="danger"
          onConfirm={() => {
            setAsking(null)
            onDelete?.(asking)
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  )
}
