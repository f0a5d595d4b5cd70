// SPEC §2 "Change password modal" with the §5 disabled rules and the §8 toasts.
import { Button, Dialog, DialogActions } from '@cumulus/ui'
import { type FormEvent, useState } from 'react'
import { changePassword } from '../../api/user.ts'
import { copy } from '../../copy-screens.ts'
import { changePasswordErrorMessage } from '../../features/account/error-messages.ts'
import { FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { PASSWORD_MIN, passwordMessage } from '../../features/forms/validation.ts'

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={copy.changePassword.title} size="small" getPersistentElements={toastRegions}>
      {/* Mounted only while open, so every opening starts empty. */}
      <ChangePasswordForm onDone={onClose} />
    </Dialog>
  )
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [verify, setVerify] = useState('')
  const [busy, setBusy] = useState(false)

  const validation = passwordMessage(next, verify)
  // SPEC §5: disabled when the current password is empty, new or verify is empty, they differ, the
  // new password is under 6 characters, or while submitting (and, like the other forms, while a
  // message shows).
  const disabled = busy || !current || !next || !verify || next !== verify || next.length < PASSWORD_MIN || Boolean(validation)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (disabled) return
    setBusy(true)
    try {
      await changePassword(current, next)
      toast.success(copy.changePassword.success)
      onDone()
    } catch (error) {
      toast.error(changePasswordErrorMessage(error))
      setBusy(false)
    }
  }

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <TextField label={copy.changePassword.current} type="password" autoComplete="current-password" value={current} onValueChange={setCurrent} />
      <TextField label={copy.changePassword.next} type="password" autoComplete="new-password" value={next} onValueChange={setNext} />
      <TextField label={copy.changePassword.verify} type="password" autoComplete="new-password" value={verify} onValueChange={setVerify} />
      <FormMessage>{validation}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {copy.changePassword.submit}
        </Button>
      </DialogActions>
    </form>
  )
}
