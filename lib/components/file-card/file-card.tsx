import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { FileFace, type FileFaceOptions } from '../../internal/file-face.tsx'
import { OpenCue } from '../../internal/open-cue.tsx'
import { defaultBadgeMax } from '../../utils/extension-badge.ts'
import * as css from './file-card.css.ts'

/** Props of `FileCard`; the rest go to the root (Ariakit `Role`, a `div` unless `render` says otherwise). */
export interface FileCardProps extends Omit<Ariakit.RoleProps, 'children'>, FileFaceOptions {
  /** Draws the selected look (and sets `data-selected`). */
  selected?: boolean | undefined
  /** Selected, it also shows an "Open" cue: on touch, where a first tap selects and a second opens. */
  openCue?: boolean | undefined
  /** The cue's text; defaults to the locale's `common.open` ("Open"). */
  openLabel?: string | undefined
}

/**
 * A file's card: the thumbnail when the file has one and thumbnails are on,
 * else its extension badge (also when the thumbnail fails to load); the name; the upload date.
 * Given a `role` (e.g. `option` inside `FileGrid`), its name is its text: the file name and the date.
 */
export function FileCard({
  file,
  selected = false,
  openCue = false,
  openLabel,
  thumbnailsDisabled = false,
  badgeMax = defaultBadgeMax,
  formatDate,
  className,
  ...props
}: FileCardProps) {
  return (
    <Ariakit.Role
      data-selected={selected || undefined}
      data-part="file-card"
      {...props}
      className={cx(css.card, className)}
    >
      <FileFace
        file={file}
        thumbnailsDisabled={thumbnailsDisabled}
        badgeMax={badgeMax}
        badgeSize="large"
        formatDate={formatDate}
        classes={css}
        as="div"
      />
      {selected && openCue ? <OpenCue label={openLabel} /> : null}
    </Ariakit.Role>
  )
}
