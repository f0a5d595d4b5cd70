import * as Ariakit from '@ariakit/react'
import type { ReactNode } from 'react'
import { Button } from '../button/button.tsx'
import { Dialog, DialogActions, DialogDescription, type DialogProps } from '../dialog/dialog.tsx'
import { useCommonLabels } from '../../locale/locale.tsx'
import { useDialogOpen } from '../../internal/dialog-open.ts'

/** Confirm button looks: danger for destructive confirmations such as "Delete file?". */
export const confirmTones = ['default', 'danger'] as const

/** One of `confirmTones`. */
export type ConfirmTone = (typeof confirmTones)[number]

/** Props of `ConfirmDialog`; other dialog props are forwarded. */
export interface ConfirmDialogProps extends Omit<DialogProps, 'title' | 'children' | 'onClose'> {
  /** The question, e.g. "Delete file?". */
  title: string
  /** Details under the question, e.g. "You will not be able to recover this file." */
  text?: ReactNode | undefined
  /** Confirm button text; defaults to "Yes". */
  confirmLabel?: string | undefined
  /** Cancel button text; defaults to "cancel". */
  cancelLabel?: string | undefined
  /** Look of the confirm button; defaults to default (primary). */
  tone?: ConfirmTone | undefined
  /** The confirmed action is running: the confirm button shows a spinner. */
  busy?: boolean | undefined
  /** The user chose to go ahead (an uncontrolled dialog then closes; a controlled one stays open until you close it). */
  onConfirm: () => void
  /** The user chose cancel, pressed Escape or clicked the backdrop. */
  onCancel: () => void
}

/** A yes/cancel question (role alertdialog); focus starts on cancel so Enter never confirms by accident. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ConfirmDialogProps) {
  const common = useCommonLabels()
  const state = useDialogOpen({ open, defaultOpen, onOpenChange })
  return (
    <Dialog
      role="alertdialog"
      size="small"
      showClose={false}
      {...props}
      open={state.open}
      onOpenChange={state.setOpen}
      title={title}
      onClose={onCancel}
    >
      {text ? <DialogDescription>{text}</DialogDescription> : null}
      <DialogActions>
        {/* A DialogDismiss closes through onClose (= onCancel), like Escape and the backdrop. */}
        <Ariakit.DialogDismiss render={<Button variant="secondary" />}>
          {cancelLabel ?? common.cancel}
        </Ariakit.DialogDismiss>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          loading={busy}
          onClick={() => {
            onConfirm()
            state.finish()
          }}
        >
          {confirmLabel ?? common.yes}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
