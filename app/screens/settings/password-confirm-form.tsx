// A dangerous account change confirmed with the password (turning two-step verification off,
// removing a passkey): the text, the password field, the failure, and one danger button.
import { Button, DialogActions, DialogDescription } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'

export interface PasswordConfirmFormProps {
  text: string
  passwordLabel: string
  action: string
  /** Prefixes the server's reason when it fails. */
  failure: string
  run: (password: string) => Promise<void>
}

/** Mounted only while its dialog is open, so every opening starts empty. */
export function PasswordConfirmForm({
  text,
  passwordLabel,
  action,
  failure: failurePrefix,
  run,
}: PasswordConfirmFormProps) {
  const [password, setPassword] = useState('')
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: password !== '',
    run: () => run(password),
    failed: (failure) => `${failurePrefix}: ${failureReason(failure)}`,
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <DialogDescription>{text}</DialogDescription>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="danger" loading={busy} disabled={disabled}>
          {action}
        </Button>
      </DialogActions>
    </form>
  )
}
