import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { SpinnerGraphic } from '../spinner/spinner.tsx'
import * as css from './toast.css.ts'
import { useCommonLabels } from '../../locale/context.ts'

/** Toast tones: pending (spinner) → success or error, and plain info. */
export const toastTones = ['pending', 'success', 'error', 'info'] as const

/** One of `toastTones`. */
export type ToastTone = (typeof toastTones)[number]

/** Props of `ToastRegion`; other section attributes are forwarded. */
export interface ToastRegionProps extends ComponentPropsWithRef<'section'> {
  /** Landmark name; defaults to "Notifications". */
  label?: string | undefined
}

/** The bottom-left landmark that stacks toasts. */
export function ToastRegion({ label, className, ...props }: ToastRegionProps) {
  const common = useCommonLabels()
  return (
    <section
      aria-label={label ?? common.notifications}
      data-part="toast-region"
      {...props}
      className={cx(css.region, className)}
    />
  )
}

/** A toast's one action, e.g. "Undo": a button beside the message. */
export interface ToastAction {
  /** The button's text, e.g. "Undo". */
  label: string
  /** Runs the action; inside a `Toaster` the toast then closes. */
  onClick: () => void
}

/** Props of `Toast`; other div attributes are forwarded. */
export interface ToastProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The message, e.g. "Renaming...". */
  children: ReactNode
  /** Tone; defaults to info. */
  tone?: ToastTone | undefined
  /** A button before the dismiss button (e.g. Undo after a change). */
  action?: ToastAction | undefined
  /** Shows a dismiss button that calls this. */
  onDismiss?: (() => void) | undefined
  /** Accessible name of the dismiss button; defaults to "Dismiss". */
  dismissLabel?: string | undefined
}

/** One notification: errors are announced at once (role alert), the rest politely (role status). */
export function Toast({ children, tone = 'info', action, onDismiss, dismissLabel, className, ...props }: ToastProps) {
  const common = useCommonLabels()
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-state={tone}
      data-part="toast"
      {...props}
      className={cx(css.toast({ tone }), className)}
    >
      <span className={css.icon({ tone })}>
        {tone === 'pending' ? (
          <SpinnerGraphic size="small" />
        ) : (
          <Icon name={tone === 'success' ? 'check' : tone === 'error' ? 'error' : 'info'} size="small" />
        )}
      </span>
      <span data-part="toast-message" className={css.message}>
        {children}
      </span>
      {action ? (
        <Button size="small" variant="ghost" data-part="toast-action" className={css.action} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
      {onDismiss ? (
        <IconButton icon="close" label={dismissLabel ?? common.dismiss} size="small" onClick={onDismiss} />
      ) : null}
    </div>
  )
}
