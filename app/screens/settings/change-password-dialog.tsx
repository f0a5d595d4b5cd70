// SPEC §2 "Change password modal" with the §5 disabled rules and the §8 toasts; for an account a
// single sign-on made (DESIGN §7), the same form sets a first password, with no current one.
import { Button, Dialog, DialogActions } from '@cumulus/ui'
import { useState } from 'react'
import { changePassword, setPassword } from '../../api/user.ts'
import { copy } from '../../copy-screens.ts'
import { changePasswordErrorMessage } from '../../features/account/error-messages.ts'
import { FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { PASSWORD_MIN, passwordMessage } from '../../features/forms/validation.ts'
import { ssoCopy } from '../sign-in/sso-copy.ts'

/** `first`: the account has no password yet, so none is asked for; `onSet` follows a first one. */
export function ChangePasswordDialog({
  open,
  onClose,
  first = false,
  onSet,
}: {
  open: boolean
  onClose: () => void
  first?: boolean
  onSet?: () => void
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={first ? ssoCopy.setPassword.title : copy.changePassword.title}
      size="small"
      getPersistentElements={toastRegions}
    >
      {/* Mounted only while open, so every opening starts empty. */}
      <ChangePasswordForm
        first={first}
        onDone={() => {
          if (first) onSet?.()
          onClose()
        }}
      />
    </Dialog>
  )
}

function ChangePasswordForm({ first, onDone }: { first: boolean; onDone: () => void }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [verify, setVerify] = useState('')

  const validation = passwordMessage(next, verify)
  // SPEC §5: disabled when the current password is empty, new or verify is empty, they differ, the
  // new password is under 6 characters, or while submitting (and, like the other forms, while a
  // message shows).
  const { busy, submit, disabled } = useFormSubmit({
    ready:
      (first || Boolean(current)) &&
      Boolean(next && verify) &&
      next === verify &&
      next.length >= PASSWORD_MIN &&
      !validation,
    run: async () => {
      if (first) await setPassword(next)
      else await changePassword(current, next)
      toast.success(first ? ssoCopy.setPassword.success : copy.changePassword.success)
      onDone()
    },
    // The toast says why; the dialog shows no text of its own.
    failed: (failure) => {
      toast.error(first ? ssoCopy.setPassword.error : changePasswordErrorMessage(failure))
      return ''
    },
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      {first ? (
        <p>{ssoCopy.setPassword.hint}</p>
      ) : (
        <TextField
          label={copy.changePassword.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
      )}
      <TextField
        label={copy.changePassword.next}
        type="password"
        autoComplete="new-password"
        value={next}
        onValueChange={setNext}
      />
      <TextField
        label={copy.changePassword.verify}
        type="password"
        autoComplete="new-password"
        value={verify}
        onValueChange={setVerify}
      />
      <FormMessage>{validation}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {copy.changePassword.submit}
        </Button>
      </DialogActions>
    </form>
  )
}
