import { cx } from '../../internal/cx.ts'
import { Button, type ButtonProps } from '../button/button.tsx'
import type { IconName } from '../icon/icon.tsx'
import { square } from './icon-button.css.ts'

/** Props of `IconButton`: a button with an icon instead of text, so a label is required. */
export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon' | 'aria-label'> {
  /** The glyph. */
  icon: IconName
  /** Accessible name (also the tooltip), e.g. "Close". */
  label: string
}

/** An icon-only button named by `label`; ghost by default. */
export function IconButton({ icon, label, variant = 'ghost', size = 'medium', className, ...props }: IconButtonProps) {
  // Ariakit parts rendered through it (e.g. DialogDismiss) pass default children of their own: drop them.
  const { children: _ignored, ...rest } = props as typeof props & { children?: unknown }
  return (
    <Button
      title={label}
      {...rest}
      aria-label={label}
      icon={icon}
      variant={variant}
      size={size}
      data-part="icon-button"
      className={cx(square({ size }), className)}
    />
  )
}
