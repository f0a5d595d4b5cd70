import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { useThumbnail } from '../../internal/use-thumbnail.ts'
import { defaultBadgeMax } from '../../utils/extension-badge.ts'
import { formatCardDate } from '../../utils/format-date.ts'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import type { BrowserFile } from './browser-item.ts'
import * as css from './file-card.css.ts'

/** Props of `FileCard`; the rest go to the root (Ariakit `Role`, a `div` unless `render` says otherwise). */
export interface FileCardProps extends Omit<Ariakit.RoleProps, 'children'> {
  /** The file to show. */
  file: BrowserFile
  /** Draws the selected look (and sets `data-selected`). */
  selected?: boolean
  /** Never loads the thumbnail, showing the extension badge instead (SPEC §3 preference not-load-thumbnails). */
  thumbnailsDisabled?: boolean
  /** Longest badge text (SPEC §3: 4, or 3 in some views). */
  badgeMax?: number
  /** Formats the upload date; defaults to `formatCardDate` (MM/DD/YY hh:mma). */
  formatDate?: (date: BrowserFile['uploadDate']) => string
}

/**
 * A file's card (SPEC §2 Home page): the thumbnail when the file has one and thumbnails are on,
 * else its extension badge (also when the thumbnail fails to load); the name; the upload date.
 * Given a `role` (e.g. `option` inside `FileGrid`), its name is its text: the file name and the date.
 */
export function FileCard({
  file,
  selected = false,
  thumbnailsDisabled = false,
  badgeMax = defaultBadgeMax,
  formatDate = formatCardDate,
  className,
  ...props
}: FileCardProps) {
  const { url, onError } = useThumbnail(file.thumbnailUrl, thumbnailsDisabled)
  return (
    <Ariakit.Role data-selected={selected || undefined} {...props}
      className={cx(css.card, className)}
    >
      <div className={css.preview}>
        {url ? (
          <img
            src={url}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            className={css.image}
            onError={onError}
          />
        ) : (
          // The name says the extension already: the badge is decoration.
          <ExtensionBadge filename={file.name} max={badgeMax} size="large" aria-hidden />
        )}
      </div>
      <div className={css.body}>
        <span className={css.name} title={file.name}>
          {file.name}
        </span>
        {/* Keeps a space between name and date in the accessible name, whatever the layout. */}
        {' '}
        <span className={css.date}>
          {formatDate(file.uploadDate)}
        </span>
      </div>
    </Ariakit.Role>
  )
}
