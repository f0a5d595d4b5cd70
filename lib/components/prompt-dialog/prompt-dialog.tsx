import * as Ariakit from '@ariakit/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../button/button.tsx'
import { Dialog, DialogActions, type DialogProps } from '../dialog/dialog.tsx'
import * as css from './prompt-dialog.css.ts'
import { useCommonLabels } from '../../locale/locale.tsx'
import { useDialogOpen } from '../../internal/dialog-open.ts'

/** The message for an empty name. */
export const promptRequiredMessage = 'Please Enter a Name'

/** The default check: a name must not be blank. */
export const requireName = (value: string): string | undefined =>
  value.trim() === '' ? promptRequiredMessage : undefined

/** Props of `PromptDialog`; other dialog props are forwarded. */
export interface PromptDialogProps extends Omit<
  DialogProps,
  'title' | 'children' | 'onClose' | 'onSubmit' | 'defaultValue'
> {
  /** The request, e.g. "Enter A File Name"; also the field's label unless `inputLabel` is given. */
  title: string
  /** The field's prefilled value (e.g. the current name). */
  defaultValue?: string | undefined
  /** Selects the value up to its last dot instead of all of it (a file's name without its extension), so typing keeps the extension. */
  selectStem?: boolean | undefined
  /** The field's label, visible to screen readers only; defaults to the title. */
  inputLabel?: string | undefined
  /** Placeholder of the field. */
  placeholder?: string | undefined
  /** Returns a message when the value cannot be submitted; defaults to `requireName`. */
  validate?: (value: string) => string | undefined
  /** Also check while the user types, so a bad name is flagged before submit; defaults to false. */
  validateOnChange?: boolean | undefined
  /**
   * A refusal from outside (e.g. the server's reason), shown like a validation message until the
   * user edits the value; keep the dialog open to show it.
   */
  error?: string | undefined
  /** Submit button text; defaults to "Okay". */
  submitLabel?: string | undefined
  /** Cancel button text; defaults to "cancel". */
  cancelLabel?: string | undefined
  /** Submitting: the submit button shows a spinner. */
  busy?: boolean | undefined
  /** Called with the value once it passes `validate` (an uncontrolled dialog then closes). */
  onSubmit: (value: string) => void
  /** The user cancelled, pressed Escape or clicked the backdrop. */
  onCancel: () => void
}

/** Asks for one line of text (a name), prefilled and selected, checked on submit (and, if asked, as typed). */
export function PromptDialog({
  title,
  defaultValue = '',
  selectStem = false,
  inputLabel,
  placeholder,
  validate = requireName,
  validateOnChange = false,
  error,
  submitLabel,
  cancelLabel,
  busy = false,
  onSubmit,
  onCancel,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: PromptDialogProps) {
  const common = useCommonLabels()
  const state = useDialogOpen({ open, defaultOpen, onOpenChange })
  return (
    <Dialog
      size="small"
      showClose={false}
      {...props}
      open={state.open}
      onOpenChange={state.setOpen}
      title={title}
      onClose={onCancel}
    >
      {/* Mounted only while open (Dialog unmounts on hide), so every opening starts from defaultValue. */}
      <PromptForm
        label={inputLabel ?? title}
        defaultValue={defaultValue}
        selectStem={selectStem}
        placeholder={placeholder}
        validate={validate}
        validateOnChange={validateOnChange}
        outsideError={error}
        submitLabel={submitLabel ?? common.okay}
        cancelLabel={cancelLabel ?? common.cancel}
        busy={busy}
        onSubmit={(value) => {
          onSubmit(value)
          state.finish()
        }}
      />
    </Dialog>
  )
}

/** Given, and not undefined (the dialog fills in the defaults). */
type Filled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> }

type PromptFormProps = Filled<
  Pick<
    PromptDialogProps,
    | 'defaultValue'
    | 'selectStem'
    | 'validate'
    | 'validateOnChange'
    | 'submitLabel'
    | 'cancelLabel'
    | 'busy'
    | 'onSubmit'
  >
> & {
  label: string
  placeholder: string | undefined
  outsideError: string | undefined
}

/** Selects a name up to its extension ("report" of "report.pdf"); all of it when it has none (".env", "notes"). */
function selectName(field: HTMLInputElement, stem: boolean) {
  const dot = stem ? field.value.lastIndexOf('.') : -1
  if (dot > 0) field.setSelectionRange(0, dot)
  else field.select()
}

function PromptForm({
  label,
  defaultValue,
  selectStem,
  placeholder,
  validate,
  validateOnChange,
  outsideError,
  submitLabel,
  cancelLabel,
  busy,
  onSubmit,
}: PromptFormProps) {
  const [value, setValue] = useState(defaultValue)
  const [ownError, setError] = useState<string | undefined>()
  // The outside error the user has since answered by editing; a new submit shows outside errors again.
  const [answered, setAnswered] = useState<string | undefined>()
  const error = ownError ?? (outsideError !== undefined && outsideError !== answered ? outsideError : undefined)

  const inputId = useId()
  const errorId = useId()
  const input = useRef<HTMLInputElement>(null)

  // A refusal from outside sends the user back to the field, as a failed check does.
  useEffect(() => {
    if (outsideError !== undefined) input.current?.focus()
  }, [outsideError])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const message = validate(value)
    setError(message)
    setAnswered(undefined)
    if (message === undefined) onSubmit(value)
    // Back to the field that needs fixing (the message is announced as an alert).
    else input.current?.focus()
  }

  return (
    <form className={css.form} onSubmit={submit} noValidate>
      <div className={css.field}>
        {/* The title already says what to type; the label repeats it for screen readers only. */}
        <Ariakit.VisuallyHidden render={<label htmlFor={inputId} />}>{label}</Ariakit.VisuallyHidden>
        <input
          ref={input}
          id={inputId}
          className={css.input}
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value)
            setError(validateOnChange ? validate(event.target.value) : undefined)
            setAnswered(outsideError)
          }}
          // Prefilled names are selected, so typing replaces them (a file's keeps its extension).
          onFocus={(event) => selectName(event.currentTarget, selectStem)}
        />
        {error ? (
          <p id={errorId} role="alert" className={css.error}>
            {error}
          </p>
        ) : null}
      </div>
      <DialogActions>
        {/* A DialogDismiss closes through onClose (= onCancel), like Escape and the backdrop. */}
        <Ariakit.DialogDismiss render={<Button variant="secondary" />}>{cancelLabel}</Ariakit.DialogDismiss>
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  )
}
