// One address and one button, for the admin's dialogs (create a user, send an invite): checked as
// it is typed; the server's refusal shows under the field.
import { Button, DialogActions } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { emailMessage } from '../../features/forms/validation.ts'
import { settingsCopy } from './settings-copy.ts'

/** Mounted only while its dialog is open, so every opening starts empty. */
export function EmailForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string
  onSubmit: (email: string) => Promise<void>
}) {
  const [email, setEmail] = useState('')
  const validation = emailMessage(email.trim())
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: email.trim() !== '' && !validation,
    run: () => onSubmit(email.trim()),
    failed: (failure) => {
      console.warn(`${submitLabel} failed`, failure)
      return failureReason(failure)
    },
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <TextField
        label={settingsCopy.admin.email}
        type="email"
        autoComplete="off"
        value={email}
        onValueChange={setEmail}
      />
      <FormMessage>{validation}</FormMessage>
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  )
}
