import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { Icon, type IconName } from '../icon/icon.tsx'
import { SpinnerGraphic } from '../spinner/spinner.tsx'
import { button, label } from './button.css.ts'

/** Button looks: primary for the main action, danger for destructive ones. */
export const buttonVariants = ['primary', 'secondary', 'danger', 'ghost'] as const

/** Control heights, from the theme's `size.control` scale. */
export const buttonSizes = ['small', 'medium', 'large'] as const

/** One of `buttonVariants`. */
export type ButtonVariant = (typeof buttonVariants)[number]

/** One of `buttonSizes`. */
export type ButtonSize = (typeof buttonSizes)[number]

/** Props of `Button`: Ariakit's button props plus the look. */
export interface ButtonProps extends Ariakit.ButtonProps {
  /** Look; defaults to secondary. */
  variant?: ButtonVariant
  /** Height; defaults to medium. */
  size?: ButtonSize
  /** A leading icon. */
  icon?: IconName
  /** Busy: shows a spinner, sets aria-busy and ignores presses while staying focusable. */
  loading?: boolean
}

/** A button (Ariakit `Button`), keyboard-operable and focusable while disabled only when busy. */
export function Button({ variant, size, icon, loading = false, disabled, className, children, ...props }: ButtonProps) {
  // Beside text the glyph stays one step smaller than an icon-only button's.
  const iconSize = children == null ? (size ?? 'medium') : size === 'large' ? 'medium' : 'small'
  return (
    <Ariakit.Button
      data-part="button"
      {...props}
      disabled={disabled || loading}
      // A busy button keeps focus (no jump to <body>) and tells assistive technology why it is inert.
      accessibleWhenDisabled={loading || !!props.accessibleWhenDisabled}
      aria-busy={loading || undefined}
      className={cx(button({ variant, size }), className)}
    >
      {loading ? <SpinnerGraphic size={iconSize} /> : icon ? <Icon name={icon} size={iconSize} /> : null}
      {children != null ? <span className={label}>{children}</span> : null}
    </Ariakit.Button>
  )
}
