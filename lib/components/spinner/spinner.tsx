import type { ComponentPropsWithRef } from 'react'
import { cx } from '../../internal/cx.ts'
import type { IconSize } from '../icon/icon.tsx'
import { graphic, root, track } from './spinner.css.ts'
import { useCommonLabels } from '../../locale/context.ts'

/** Spinner sizes (the icon scale). */
export const spinnerSizes = ['small', 'medium', 'large'] as const satisfies readonly IconSize[]

/** One of `spinnerSizes`. */
export type SpinnerSize = (typeof spinnerSizes)[number]

/** The spinning arc alone, hidden from assistive technology: for controls that announce busy themselves. */
export function SpinnerGraphic({ size = 'medium', className }: { size?: SpinnerSize; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" className={cx(graphic({ size }), className)}>
      <circle cx="12" cy="12" r="9" className={track} />
      <path d="M12 3a9 9 0 0 1 9 9" />
    </svg>
  )
}

/** Props of `Spinner`; other span attributes are forwarded. */
export interface SpinnerProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** What is loading, read by screen readers; defaults to "Loading". */
  label?: string | undefined
  /** Rendered size; defaults to medium. */
  size?: SpinnerSize | undefined
}

/** A loading indicator: a status region named by `label`. */
export function Spinner({ label, size = 'medium', className, ...props }: SpinnerProps) {
  const common = useCommonLabels()
  return (
    <span
      role="status"
      aria-label={label ?? common.loading}
      data-part="spinner"
      {...props}
      className={cx(root, className)}
    >
      <SpinnerGraphic size={size} />
    </span>
  )
}
