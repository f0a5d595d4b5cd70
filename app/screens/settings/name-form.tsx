// One name field with its save button, for the names of people and groups (DESIGN §8 "Names"):
// the display name in Settings → Account and the admin's list, and a group's name. It judges the
// name as the server will (features/forms/validation.ts personNameMessage) while the user types,
// and shows the server's own reason when it still refuses (a name another group has, …).
import { Button, DialogActions } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { PERSON_NAME_MAX, personNameMessage } from '../../features/forms/validation.ts'

export interface NameFormProps {
  /** The field's label. */
  label: string
  /** The rule's subject in messages: "Display name", "Group name". */
  what: string
  initial?: string
  submitLabel: string
  /** Prefix of a refusal: "Could not save the name: <the server's reason>". */
  failure: string
  /** Called with the trimmed name. */
  run: (name: string) => Promise<void>
}

/** Mounted only while its dialog is open, so every opening starts from `initial`. */
export function NameForm({ label, what, initial = '', submitLabel, failure, run }: NameFormProps) {
  const [name, setName] = useState(initial)
  // An untouched empty field disables the button without a message.
  const message = name === '' ? '' : personNameMessage(name, what)
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: name !== '' && !message,
    run: () => run(name.trim()),
    failed: (reason) => `${failure}: ${failureReason(reason)}`,
  })
  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <TextField
        label={label}
        maxLength={PERSON_NAME_MAX * 2}
        autoComplete="off"
        value={name}
        onValueChange={setName}
      />
      <FormMessage>{message}</FormMessage>
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  )
}
