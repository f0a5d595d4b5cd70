import type { ComponentPropsWithRef } from 'react'
import { cx } from '../../internal/cx.ts'
import { fill, track } from './progress-bar.css.ts'

/** Fill colours: accent while running, success when completed, danger when canceled or failed. */
export const progressTones = ['accent', 'success', 'danger'] as const

/** One of `progressTones`. */
export type ProgressTone = (typeof progressTones)[number]

/** Props of `ProgressBar`; other div attributes are forwarded. */
export interface ProgressBarProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** Percent done, 0–100 (clamped). Leave it out, or pass null, for an indeterminate bar. */
  value?: number | null
  /** Accessible name, e.g. the uploading file's name. */
  label: string
  /** Fill colour; defaults to accent. */
  tone?: ProgressTone
}

/** A progress bar (role progressbar), determinate 0–100 or indeterminate. */
export function ProgressBar({ value, label, tone = 'accent', className, ...props }: ProgressBarProps) {
  const determinate = typeof value === 'number' && Number.isFinite(value)
  const percent = determinate ? Math.min(100, Math.max(0, value)) : 0
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      // Indeterminate bars leave aria-valuenow out, which is how assistive technology tells them apart.
      aria-valuenow={determinate ? Math.round(percent) : undefined}
      data-state={determinate ? (percent >= 100 ? 'complete' : 'loading') : 'indeterminate'}
      data-part="progress-bar"
      {...props}
      className={cx(track, className)}
    >
      <div
        className={fill({ tone, indeterminate: !determinate })}
        style={determinate ? { transform: `scaleX(${percent / 100})` } : undefined}
      />
    </div>
  )
}
