import * as Ariakit from '@ariakit/react'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { IconButton } from '../icon-button/icon-button.tsx'
import * as css from './dialog.css.ts'
import { useCommonLabels } from '../../locale/locale.tsx'
import { type DialogOpenProps, useDialogOpen } from '../../internal/dialog-open.ts'
import { scopedPortal } from '../../internal/portal-scope.ts'

export type { DialogOpenProps } from '../../internal/dialog-open.ts'

/** Dialog widths, from the theme's `size.dialog` scale, plus full screen (viewers). */
export const dialogSizes = ['small', 'medium', 'large', 'fullscreen'] as const

/** One of `dialogSizes`. */
export type DialogSize = (typeof dialogSizes)[number]

/**
 * Props of `Dialog`: Ariakit's dialog props plus a title and a size, open by the kit's rule
 * (`open`, `defaultOpen`, `onOpenChange`), with `onClose` called on every close as well.
 */
export interface DialogProps extends Omit<Ariakit.DialogProps, 'title' | 'open' | 'onClose'>, DialogOpenProps {
  /** The heading, which also names the dialog. */
  title: ReactNode
  /** Keeps the heading for screen readers only. */
  hideTitle?: boolean | undefined
  /** Width; defaults to medium. */
  size?: DialogSize | undefined
  /** Shows a close icon button in the header; defaults to true. */
  showClose?: boolean | undefined
  /** Accessible name of the close button; defaults to "Close". */
  closeLabel?: string | undefined
  /** Escape, the backdrop or a close button closed it (before `onOpenChange(false)`; `event.preventDefault()` keeps it open). */
  onClose?: ((event: Event) => void) | undefined
}

/**
 * A modal dialog (Ariakit Dialog): traps focus, returns it to where it came from, closes on Escape
 * and backdrop click, and fades out over 200 ms (instantly with reduced motion).
 */
export function Dialog({
  title,
  hideTitle = false,
  size = 'medium',
  showClose = true,
  closeLabel,
  className,
  children,
  open,
  defaultOpen,
  onOpenChange,
  onClose,
  ...props
}: DialogProps) {
  const common = useCommonLabels()
  const state = useDialogOpen({ open, defaultOpen, onOpenChange })
  const heading = <Ariakit.DialogHeading className={css.heading}>{title}</Ariakit.DialogHeading>
  return (
    <Ariakit.Dialog
      backdrop={<div className={css.backdrop} />}
      unmountOnHide
      portalElement={scopedPortal}
      data-part="dialog"
      {...props}
      {...(state.open === undefined ? {} : { open: state.open })}
      onClose={(event) => {
        onClose?.(event)
        if (!event.defaultPrevented) state.setOpen(false)
      }}
      className={cx(css.panel({ size }), className)}
    >
      <div className={css.header}>
        {hideTitle ? <Ariakit.VisuallyHidden>{heading}</Ariakit.VisuallyHidden> : heading}
        {showClose ? (
          <Ariakit.DialogDismiss
            render={<IconButton icon="close" label={closeLabel ?? common.close} className={css.closeButton} />}
          />
        ) : null}
      </div>
      {children}
    </Ariakit.Dialog>
  )
}

/** Props of `DialogDescription`. */
export type DialogDescriptionProps = Ariakit.DialogDescriptionProps

/** Body text that also becomes the dialog's accessible description. */
export function DialogDescription({ className, ...props }: DialogDescriptionProps) {
  return (
    <Ariakit.DialogDescription data-part="dialog-description" {...props} className={cx(css.description, className)} />
  )
}

/** Props of `DialogActions`. */
export type DialogActionsProps = ComponentPropsWithRef<'div'>

/** The row of buttons at the bottom of a dialog, aligned to the end. */
export function DialogActions({ className, ...props }: DialogActionsProps) {
  return <div data-part="dialog-actions" {...props} className={cx(css.actions, className)} />
}
