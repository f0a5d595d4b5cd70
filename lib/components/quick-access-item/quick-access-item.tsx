import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { useThumbnail } from '../../internal/use-thumbnail.ts'
import { formatCardDate } from '../../utils/format-date.ts'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import type { BrowserFile } from '../file-card/browser-item.ts'
import * as css from './quick-access-item.css.ts'

/** Props of `QuickAccessItem`; the rest go to the button (Ariakit `Button`), e.g. `onClick`, `onContextMenu`. */
export interface QuickAccessItemProps extends Omit<Ariakit.ButtonProps, 'children'> {
  /** The recent file to show. */
  file: BrowserFile
  /** Selected: shown pressed (`aria-pressed`). */
  selected?: boolean
  /** Never loads the thumbnail, showing the extension badge instead. */
  thumbnailsDisabled?: boolean
  /** Longest badge text; Quick Access uses the short form (SPEC §3 "3 in some views"). */
  badgeMax?: number
  /** Formats the upload date; defaults to `formatCardDate`. */
  formatDate?: (date: BrowserFile['uploadDate']) => string
}

/**
 * A compact recent-file card for the Quick Access strip (SPEC §2): a button named by its text (the file
 * name and upload date; the badge is decoration), pressed while selected. The app decides what a click does.
 */
export function QuickAccessItem({
  file,
  selected = false,
  thumbnailsDisabled = false,
  badgeMax = 3,
  formatDate = formatCardDate,
  className,
  ...props
}: QuickAccessItemProps) {
  const { url, onError } = useThumbnail(file.thumbnailUrl, thumbnailsDisabled)
  return (
    <Ariakit.Button
      aria-pressed={selected}
      {...props}
      className={cx(css.item, className)}
    >
      <span className={css.preview}>
        {url ? (
          <img src={url} alt="" loading="lazy" decoding="async" draggable={false} className={css.image} onError={onError} />
        ) : (
          <ExtensionBadge filename={file.name} max={badgeMax} aria-hidden />
        )}
      </span>
      <span className={css.body}>
        <span className={css.name} title={file.name}>
          {file.name}
        </span>
        {/* Keeps a space between name and date in the accessible name, whatever the layout. */}
        {' '}
        <span className={css.date}>
          {formatDate(file.uploadDate)}
        </span>
      </span>
    </Ariakit.Button>
  )
}
