import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { EmptyState, type EmptyStateHeadingLevel } from '../empty-state/empty-state.tsx'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import { Icon } from '../icon/icon.tsx'
import { Spinner } from '../spinner/spinner.tsx'
import type { ShareLink } from './share-link.ts'
import * as css from './shared-links-table.css.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'
import { moveInActionGrid } from '../../internal/action-grid.ts'

/** Texts of `SharedLinksTable`. */
export interface SharedLinksTableLabels {
  /** The table's caption (its name). */
  caption: string
  item: string
  kind: string
  expires: string
  downloads: string
  password: string
  actions: string
  /** Kind of a view link. */
  viewLink: string
  /** Kind of an upload-only link. */
  fileRequest: string
  /** Expiry of a link that never expires. */
  never: string
  yes: string
  no: string
  /** Downloads of a file request, which has none. */
  notApplicable: string
  /** "3 / 10" with a limit, "3" without. */
  downloadCount: (downloads: number, max: number | null) => string
  copy: string
  edit: string
  revoke: string
  /** Accessible names of a row's buttons, from the item's name (they start with the visible text). */
  copyFor: (name: string) => string
  editFor: (name: string) => string
  revokeFor: (name: string) => string
  /** Announced once the link is on the clipboard. */
  copied: string
  /** Announced when the clipboard refused. */
  copyFailed: string
  /** The empty state. */
  emptyTitle: string
  emptyDescription: string
  loading: string
}

/** Default English texts. */
export const defaultSharedLinksTableLabels: SharedLinksTableLabels = {
  caption: 'Shared links',
  item: 'Item',
  kind: 'Kind',
  expires: 'Expires',
  downloads: 'Downloads',
  password: 'Password',
  actions: 'Actions',
  viewLink: 'View link',
  fileRequest: 'File request',
  never: 'Never',
  yes: 'Yes',
  no: 'No',
  notApplicable: '—',
  downloadCount: (downloads, max) => (max == null ? String(downloads) : `${downloads} / ${max}`),
  copy: 'Copy',
  edit: 'Edit',
  revoke: 'Revoke',
  copyFor: (name) => `Copy link to ${name}`,
  editFor: (name) => `Edit link to ${name}`,
  revokeFor: (name) => `Revoke link to ${name}`,
  copied: 'Link copied',
  copyFailed: 'Could not copy the link',
  emptyTitle: 'No shared links yet',
  emptyDescription: 'Share a file or folder from its menu, and its link shows up here to copy, change or revoke.',
  loading: 'Loading',
}

/** The default date format: the browser's locale, medium date and short time. */
export const formatLinkDate = (iso: string): string =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** Props of `SharedLinksTable`; the rest go to the root `div`. */
export interface SharedLinksTableProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'onCopy'> {
  /** The user's live links, in display order. */
  links: readonly ShareLink[]
  /** Edit: the app opens the link's settings. */
  onEdit: (link: ShareLink) => void
  /** Revoke: the app asks to confirm and revokes. */
  onRevoke: (link: ShareLink) => void
  /** Called once Copy has put the link's `url` on the clipboard (the table announces "Link copied" itself). */
  onCopy?: (link: ShareLink) => void
  /** Writes text to the clipboard; defaults to `navigator.clipboard.writeText`. */
  copyText?: (text: string) => Promise<void>
  /** Formats an expiry (ISO 8601); defaults to the locale's `link` date format (medium date, short time). */
  formatDate?: (iso: string) => string
  /** The first load: a spinner instead of the empty state. */
  loading?: boolean
  /** The empty state's heading level; defaults to 2. */
  emptyHeadingLevel?: EmptyStateHeadingLevel
  /** Hides the caption for screen readers only (when the page heading already names the table). */
  captionHidden?: boolean
  /** Texts; defaults to `defaultSharedLinksTableLabels`. */
  labels?: Partial<SharedLinksTableLabels>
}

type Action = 'copy' | 'edit' | 'revoke'
const actionOrder: readonly Action[] = ['copy', 'edit', 'revoke']

const clipboardWrite = (text: string) => navigator.clipboard.writeText(text)

// How long the Copy button of the row just copied reads "Copied".
const copiedMs = 2000

/**
 * The user's share links: the item (badge or folder icon), its kind, expiry, downloads used / limit
 * and whether it has a password, with Copy, Edit and Revoke per row. Tab reaches each button; Up and
 * Down move to the same button of the row above or below, Left and Right along a row, Home and End
 * to the first and last row. Narrow, the rows stack into cards that name each value.
 */
export function SharedLinksTable({
  links,
  onEdit,
  onRevoke,
  onCopy,
  copyText = clipboardWrite,
  formatDate,
  loading = false,
  emptyHeadingLevel = 2,
  captionHidden = false,
  labels,
  className,
  ...props
}: SharedLinksTableProps) {
  const text = useLabels('sharedLinksTable', defaultSharedLinksTableLabels, labels)
  const locale = useLocale()
  const formatExpiry = formatDate ?? ((iso: string) => locale.formatDate(iso, 'link'))
  const [announcement, setAnnouncement] = useState({ message: '', count: 0 })
  const [copiedId, setCopiedId] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = async (link: ShareLink) => {
    try {
      await copyText(link.url)
    } catch {
      setAnnouncement(({ count }) => ({ message: text.copyFailed, count: count + 1 }))
      return
    }
    // A changing key re-reads the same message when it is copied twice.
    setAnnouncement(({ count }) => ({ message: text.copied, count: count + 1 }))
    setCopiedId(link._id)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopiedId(null), copiedMs)
    onCopy?.(link)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) =>
    moveInActionGrid(event, actionOrder, links.length)

  // The columns between the item and its actions: each one's header (also a stacked card's label
  // for its value, on narrow screens) and a row's value.
  const columns: readonly { key: string; label: string; value: (link: ShareLink) => ReactNode }[] = [
    { key: 'kind', label: text.kind, value: (link) => (link.access === 'upload' ? text.fileRequest : text.viewLink) },
    {
      key: 'expires',
      label: text.expires,
      value: (link) =>
        link.expiresAt ? formatExpiry(link.expiresAt) : <span className={css.muted}>{text.never}</span>,
    },
    {
      key: 'downloads',
      label: text.downloads,
      value: (link) =>
        link.access === 'upload' ? (
          <span className={css.muted}>{text.notApplicable}</span>
        ) : (
          text.downloadCount(link.downloads, link.maxDownloads)
        ),
    },
    { key: 'password', label: text.password, value: (link) => (link.hasPassword ? text.yes : text.no) },
  ]

  let content: ReactNode
  if (links.length === 0) {
    content = loading ? (
      <div className={css.status}>
        <Spinner label={text.loading} />
      </div>
    ) : (
      <EmptyState
        illustration="folder"
        title={text.emptyTitle}
        description={text.emptyDescription}
        headingLevel={emptyHeadingLevel}
      />
    )
  } else {
    const caption = <caption className={css.caption}>{text.caption}</caption>
    content = (
      <table className={css.table}>
        {captionHidden ? <Ariakit.VisuallyHidden render={caption} /> : caption}
        <thead className={css.head}>
          <tr>
            <th scope="col" className={css.headerCell}>
              {text.item}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={css.headerCell}>
                {column.label}
              </th>
            ))}
            <th scope="col" className={css.actionsHeader}>
              {text.actions}
            </th>
          </tr>
        </thead>
        <tbody className={css.body} onKeyDown={handleKeyDown}>
          {links.map((link, index) => {
            const actionProps = (action: Action) => ({
              'data-action': action,
              'data-row': index,
              size: 'small' as const,
              variant: 'ghost' as const,
            })
            const copied = copiedId === link._id
            return (
              <tr key={link._id} className={css.row}>
                <th scope="row" className={css.nameCell}>
                  <span className={css.name}>
                    {link.itemType === 'file' ? (
                      <ExtensionBadge filename={link.name} max={3} size="small" aria-hidden />
                    ) : (
                      <Icon name="folder" className={css.folderIcon} />
                    )}
                    <span dir="auto" className={css.nameText} title={link.name}>
                      {link.name}
                    </span>
                  </span>
                </th>
                {columns.map((column) => (
                  <td key={column.key} className={css.cell} data-label={column.label}>
                    {column.value(link)}
                  </td>
                ))}
                <td className={css.actionsCell}>
                  <span className={css.actions}>
                    <Button
                      {...actionProps('copy')}
                      icon={copied ? 'check' : 'copy'}
                      aria-label={text.copyFor(link.name)}
                      onClick={() => void copy(link)}
                    >
                      {text.copy}
                    </Button>
                    <Button
                      {...actionProps('edit')}
                      icon="settings"
                      aria-label={text.editFor(link.name)}
                      onClick={() => onEdit(link)}
                    >
                      {text.edit}
                    </Button>
                    <Button
                      {...actionProps('revoke')}
                      icon="trash"
                      className={css.revoke}
                      aria-label={text.revokeFor(link.name)}
                      onClick={() => onRevoke(link)}
                    >
                      {text.revoke}
                    </Button>
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    )
  }

  return (
    <div data-part="shared-links-table" {...props} className={cx(css.root, className)}>
      {content}
      <Ariakit.VisuallyHidden role="status" aria-live="polite">
        <span key={announcement.count}>{announcement.message}</span>
      </Ariakit.VisuallyHidden>
    </div>
  )
}
