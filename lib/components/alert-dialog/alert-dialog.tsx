import * as Ariakit from '@ariakit/react'
import type { ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { Dialog, DialogActions, DialogDescription, type DialogProps } from '../dialog/dialog.tsx'
import { Icon } from '../icon/icon.tsx'
import * as css from './alert-dialog.css.ts'
import { useCommonLabels } from '../../locale/locale.tsx'

/** Alert icons: error (e.g. "No items selected") or warning (e.g. "Please wait 1 minute before resending"). */
export const alertIcons = ['error', 'warning'] as const

/** One of `alertIcons`. */
export type AlertIcon = (typeof alertIcons)[number]

/** Props of `AlertDialog`; other dialog props are forwarded. */
export interface AlertDialogProps extends Omit<DialogProps, 'title' | 'children'> {
  /** The message heading. */
  title: string
  /** Optional details. */
  text?: ReactNode | undefined
  /** Which icon leads; defaults to error. */
  icon?: AlertIcon | undefined
  /** The only button's text; defaults to "Okay". */
  buttonLabel?: string | undefined
}

/** A message with one acknowledging button (role alertdialog); Escape, backdrop and the button all close it. */
export function AlertDialog({ title, text, icon = 'error', buttonLabel, className, ...props }: AlertDialogProps) {
  const common = useCommonLabels()
  return (
    <Dialog
      role="alertdialog"
      size="small"
      showClose={false}
      data-part="alert-dialog"
      {...props}
      className={cx(css.body, className)}
      title={
        <span className={css.body}>
          <span className={css.icon({ tone: icon })}>
            <Icon name={icon} size="large" />
          </span>
          {title}
        </span>
      }
    >
      {text ? <DialogDescription className={css.text}>{text}</DialogDescription> : null}
      <DialogActions className={css.actions}>
        <Ariakit.DialogDismiss render={<Button variant="primary" />}>
          {buttonLabel ?? common.okay}
        </Ariakit.DialogDismiss>
      </DialogActions>
    </Dialog>
  )
}
