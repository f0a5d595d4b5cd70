import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { FileFace, type FileFaceOptions } from '../../internal/file-face.tsx'
import * as css from './quick-access-item.css.ts'

/** Props of `QuickAccessItem`; the rest go to the button (Ariakit `Button`), e.g. `onClick`, `onContextMenu`. */
export interface QuickAccessItemProps extends Omit<Ariakit.ButtonProps, 'children'>, FileFaceOptions {
  /** Selected: shown pressed (`aria-pressed`). Quick Access shortens badges to 3 letters by default. */
  selected?: boolean
}

/**
 * A compact recent-file card for the Quick Access strip: a button named by its text (the file
 * name and upload date; the badge is decoration), pressed while selected. The app decides what a click does.
 */
export function QuickAccessItem({
  file,
  selected = false,
  thumbnailsDisabled = false,
  badgeMax = 3,
  formatDate,
  className,
  ...props
}: QuickAccessItemProps) {
  return (
    <Ariakit.Button
      aria-pressed={selected}
      data-part="quick-access-item"
      {...props}
      className={cx(css.item, className)}
    >
      <FileFace
        file={file}
        thumbnailsDisabled={thumbnailsDisabled}
        badgeMax={badgeMax}
        formatDate={formatDate}
        classes={css}
        as="span"
      />
    </Ariakit.Button>
  )
}
