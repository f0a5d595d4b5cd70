// DESIGN §7: after an admin reset the password the user signs in with the temporary one, then
// chooses their own here before the drive opens (PATCH /user-service/change-password, old = the
// temporary password). A lazy chunk of the sign-in screen: only such a user ever loads it.
import { Button } from '@cumulus/ui'
import { useState } from 'react'
import { changePassword } from '../../api/user.ts'
import { copy } from '../../copy.ts'
import { changePasswordErrorMessage } from '../../features/account/error-messages.ts'
import { FormMessage, LinkButton, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { PASSWORD_MIN, passwordMessage } from '../../features/forms/validation.ts'
import { toast } from '../../features/toasts/toasts.tsx'
import { logout, notePasswordChosen } from '../../state/session.ts'
import { choosePasswordCopy as t } from './choose-password-copy.ts'
import { stepFooter as footer, stepForm as form, stepText as text } from './step-styles.ts'

export interface ChoosePasswordStepProps {
  /** The temporary password just typed at sign-in; without it (a restored session) it is asked for. */
  temporaryPassword: string
  /** The password is chosen: go on to the drive. */
  onDone: () => void
}

export function ChoosePasswordStep({ temporaryPassword, onDone }: ChoosePasswordStepProps) {
  const [current, setCurrent] = useState(temporaryPassword)
  const [next, setNext] = useState('')
  const [verify, setVerify] = useState('')
  const validation = passwordMessage(next, verify)
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: Boolean(current && next && verify) && next.length >= PASSWORD_MIN && !validation,
    run: async () => {
      await changePassword(current, next)
      notePasswordChosen()
      toast.success(copy.changePassword.success)
      onDone()
    },
    failed: changePasswordErrorMessage,
  })

  return (
    <>
      <h1>{t.title}</h1>
      <p className={text}>{t.text}</p>
      <form className={form} onSubmit={submit} noValidate>
        {temporaryPassword ? null : (
          <TextField
            label={t.current}
            type="password"
            autoComplete="current-password"
            value={current}
            onValueChange={setCurrent}
          />
        )}
        <TextField label={t.next} type="password" autoComplete="new-password" value={next} onValueChange={setNext} />
        <TextField
          label={t.verify}
          type="password"
          autoComplete="new-password"
          value={verify}
          onValueChange={setVerify}
        />
        <FormMessage>{validation}</FormMessage>
        <FormMessage>{error}</FormMessage>
        <Button type="submit" variant="primary" size="large" loading={busy} disabled={disabled}>
          {t.submit}
        </Button>
      </form>
      <div className={footer}>
        <LinkButton
          onClick={() =>
            void logout(undefined, { force: true }).catch((failure: unknown) =>
              console.warn('Sign out failed', failure),
            )
          }
        >
          {t.signOut}
        </LinkButton>
      </div>
    </>
  )
}
