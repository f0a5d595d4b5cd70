// DESIGN §7: the sign-in's second step for an account with two-step verification. The password
// was right; an authenticator code (or a recovery code) completes the sign-in. Five wrong codes,
// or a few minutes, end the pending sign-in: the user starts again from the password. A lazy
// chunk of the sign-in screen: only such accounts ever load it.
import { Button } from '@cumulus/ui'
import { useState } from 'react'
import { errorStatus, failureReason, HttpError } from '../../api/http.ts'
import type { SecondFactorMethod } from '../../api/user.ts'
import { FormMessage, LinkButton, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { completeSignIn } from '../../state/session.ts'
import { secondFactorCopy as t } from './second-factor-copy.ts'
import { stepFooter as footer, stepForm as form, stepText as text } from './step-styles.ts'

/** The server's word that the pending sign-in is over (too many wrong codes, or too late). */
const ENDED = new Set(['SECOND_FACTOR_ENDED', 'SECOND_FACTOR_EXPIRED'])

export interface SecondFactorStepProps {
  methods: SecondFactorMethod[]
  /** Signed in: go on (to the drive, or to choosing a password). */
  onDone: () => void
  /** Back to the password, with the reason when the pending sign-in ended. */
  onRestart: (reason?: string) => void
}

export function SecondFactorStep({ methods, onDone, onRestart }: SecondFactorStepProps) {
  const [recovery, setRecovery] = useState(false)
  const [value, setValue] = useState('')
  const answer = value.trim()
  const { busy, error, setError, submit, disabled } = useFormSubmit({
    ready: answer !== '',
    run: async () => {
      await completeSignIn(recovery ? { recoveryCode: answer } : { code: answer })
      onDone()
    },
    failed: (failure) => {
      if (failure instanceof HttpError && failure.code && ENDED.has(failure.code)) {
        onRestart(failureReason(failure))
        return ''
      }
      // The server's words say how many tries are left, or how long to wait.
      const status = errorStatus(failure)
      return status === 401 || status === 403 || status === 429 ? failureReason(failure) : t.failed
    },
  })

  const switchTo = (next: boolean) => {
    setRecovery(next)
    setValue('')
    setError('')
  }

  return (
    <>
      <h1>{t.title}</h1>
      <p className={text}>{recovery ? t.recoveryText : t.codeText}</p>
      <form className={form} onSubmit={submit} noValidate>
        {recovery ? (
          <TextField key="recovery" label={t.recoveryCode} name="recovery-code" autoComplete="off" autoFocus value={value} onValueChange={setValue} />
        ) : (
          <TextField
            key="code"
            label={t.code}
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={value}
            onValueChange={(next) => setValue(next.replace(/\D/g, ''))}
          />
        )}
        <FormMessage>{error}</FormMessage>
        <Button type="submit" variant="primary" size="large" loading={busy} disabled={disabled}>
          {t.submit}
        </Button>
      </form>
      <div className={footer}>
        {methods.includes('recovery') ? (
          <LinkButton onClick={() => switchTo(!recovery)}>{recovery ? t.useCode : t.useRecovery}</LinkButton>
        ) : null}
        <LinkButton onClick={() => onRestart()}>{t.backToLogin}</LinkButton>
      </div>
    </>
  )
}
