import * as Ariakit from '@ariakit/react'
import { useId, useRef, useState } from 'react'
import { Button } from '../button/button.tsx'
import { Dialog, DialogActions, DialogDescription, type DialogProps } from '../dialog/dialog.tsx'
import { fillSlots, slot, withName } from '../../internal/bidi.tsx'
import { useLocaleDigits } from '../../locale/digits.ts'
import { useLabels } from '../../locale/locale.tsx'
import * as css from './conflict-dialog.css.ts'
import { useDialogOpen } from '../../internal/dialog-open.ts'

/**
 * What to do with an upload whose name the folder already holds: `replace` the file there (its
 * content stays as an earlier version), `keep-both` (the new one under a numbered name), or `skip`.
 */
export const conflictChoices = ['replace', 'keep-both', 'skip'] as const

/** One of `conflictChoices`. */
export type ConflictChoice = (typeof conflictChoices)[number]

/** The texts of `ConflictDialog`; each has an English default. */
export interface ConflictDialogLabels {
  /** The question, naming the clashing item, e.g. "“report.pdf” already exists". */
  title: (name: string) => string
  /** What the choices do; `keptName` is what Keep both would call the new file, when known. */
  text: (name: string, keptName?: string) => string
  replace: string
  keepBoth: string
  skip: string
  /** The checkbox shown when several uploads clash, e.g. "Do this for all 3 conflicts". */
  applyToAll: (count: number) => string
  /** The close button, which cancels the whole upload (like Escape). */
  cancel: string
}

/** English defaults of `ConflictDialogLabels`. */
export const defaultConflictDialogLabels: ConflictDialogLabels = {
  title: (name) => `“${name}” already exists`,
  text: (name, keptName) =>
    `This folder already has a file named “${name}”. Replace puts the new one in its place and keeps the current content as an earlier version. Keep both saves the new one ${keptName ? `as “${keptName}”` : 'under a numbered name'}.`,
  replace: 'Replace',
  keepBoth: 'Keep both',
  skip: 'Skip',
  applyToAll: (count) => `Do this for all ${count} conflicts`,
  cancel: 'Cancel upload',
}

/** Props of `ConflictDialog`; other dialog props are forwarded. */
export interface ConflictDialogProps extends Omit<DialogProps, 'title' | 'children' | 'onClose'> {
  /** The name the destination already holds. */
  name: string
  /** How many clashes this answer may settle, this one included; above 1 the dialog offers "Do this for all N conflicts". */
  count?: number | undefined
  /** What Keep both would name the new file, e.g. "report (1).pdf"; said in the text when given. */
  keptName?: string | undefined
  /** The user picked a choice (an uncontrolled dialog then closes); `forAll` when "Do this for all N conflicts" was ticked. */
  onChoose: (choice: ConflictChoice, forAll: boolean) => void
  /** The user pressed Escape, the close button or the backdrop: the whole upload is called off. */
  onCancel: () => void
  labels?: Partial<ConflictDialogLabels> | undefined
}

/**
 * Asks what to do with an upload whose name is taken (role alertdialog): Replace, Keep both or Skip,
 * and with several clashes whether to do the same for all. Focus starts on the first choice.
 */
export function ConflictDialog({
  name,
  count = 1,
  keptName,
  onChoose,
  onCancel,
  labels: labelOverrides,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ConflictDialogProps) {
  const state = useDialogOpen({ open, defaultOpen, onOpenChange })
  const labels = useLabels('conflictDialog', defaultConflictDialogLabels, labelOverrides)
  const digits = useLocaleDigits()
  const first = useRef<HTMLButtonElement>(null)
  const [forAll, setForAll] = useState(false)
  const checkboxId = useId()
  const choose = (choice: ConflictChoice) => {
    onChoose(choice, count > 1 && forAll)
    state.finish()
  }
  return (
    <Dialog
      role="alertdialog"
      size="small"
      closeLabel={labels.cancel}
      initialFocus={first}
      data-part="conflict-dialog"
      {...props}
      open={state.open}
      onOpenChange={state.setOpen}
      title={withName(labels.title, name)}
      onClose={onCancel}
    >
      {/* The names are data: each isolated in <bdi>, so a right-to-left name cannot reorder the sentence. */}
      <DialogDescription>
        {fillSlots(labels.text(slot(0), keptName === undefined ? undefined : slot(1)), [
          <bdi key="name">{name}</bdi>,
          <bdi key="kept">{keptName}</bdi>,
        ])}
      </DialogDescription>
      {count > 1 ? (
        <label htmlFor={checkboxId} className={css.toggle} data-part="conflict-dialog-all">
          <Ariakit.Checkbox
            id={checkboxId}
            className={css.checkbox}
            checked={forAll}
            onChange={(event) => setForAll(event.target.checked)}
          />
          {digits(labels.applyToAll(count))}
        </label>
      ) : null}
      <DialogActions className={css.actions}>
        <Button ref={first} variant="primary" data-choice="replace" onClick={() => choose('replace')}>
          {labels.replace}
        </Button>
        <Button variant="secondary" data-choice="keep-both" onClick={() => choose('keep-both')}>
          {labels.keepBoth}
        </Button>
        <Button variant="secondary" data-choice="skip" onClick={() => choose('skip')}>
          {labels.skip}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
