// SPEC §2 "Reset password page": Password, Verify Password and Reset; the toast "Password Reset"
// then / after 1.5 s; failures inline (401 "Invalid token error", else "Reset Password Failed").
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { resetPassword } from '../../api/user.ts'
import { copy } from '../../copy-screens.ts'
import { CardPage } from '../../features/shell/card-page.tsx'
import { resetPasswordErrorMessage } from '../../features/account/error-messages.ts'
import { FormMessage, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { toast } from '../../features/toasts/toasts.tsx'
import { passwordMessage } from '../../features/forms/validation.ts'
import { REDIRECT_DELAY_MS } from '../../features/account/redirect-delay.ts'
import { vars } from '../../styles.ts'

const form = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

export function ResetPasswordScreen({ token }: { token: string }) {
  const [, navigate] = useLocation()
  const [password, setPassword] = useState('')
  const [verify, setVerify] = useState('')
  const [done, setDone] = useState(false)
  const validation = passwordMessage(password, verify)
  const { busy, error, setError, submit, disabled } = useFormSubmit({
    // SPEC §5: disabled when the password is empty, the two differ, or any error shows.
    ready: !done && Boolean(password) && password === verify && !validation,
    run: async () => {
      await resetPassword(token, password)
      toast.success(copy.resetPassword.success)
      setDone(true)
    },
    failed: resetPasswordErrorMessage,
    // The page stays until the redirect below.
    stays: true,
    errorBlocks: true,
  })

  useEffect(() => setError(''), [password.length, verify.length, setError])

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  return (
    <CardPage>
      <h1>{copy.resetPassword.title}</h1>
      <form className={form} onSubmit={submit} noValidate>
        <TextField
          label={copy.resetPassword.password}
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label={copy.resetPassword.verifyPassword}
          type="password"
          autoComplete="new-password"
          value={verify}
          onValueChange={setVerify}
        />
        <FormMessage>{validation}</FormMessage>
        <FormMessage>{error}</FormMessage>
        <Button type="submit" variant="primary" size="large" loading={busy} disabled={disabled}>
          {copy.resetPassword.submit}
        </Button>
      </form>
    </CardPage>
  )
}
