// DESIGN §7: the sign-in's second step for an account with two-step verification. The password
// was right; an authenticator code (or a recovery code, or a passkey) completes the sign-in. Five wrong codes,
// or a few minutes, end the pending sign-in: the user starts again from the password. A lazy
// chunk of the sign-in screen: only such accounts ever load it.
import { Button } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason, HttpError } from '../../api/http.ts'
import { hasCode } from '../../features/errors/error-code.ts'
import type { SecondFactorMethod } from '../../api/user.ts'
import { FormMessage, LinkButton, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { completeSignIn } from '../../state/session.ts'
import { passkeyCopy } from './passkey-copy.ts'
import { secondFactorCopy as t } from './second-factor-copy.ts'
import { stepFooter as footer, stepForm as form, stepText as text } from './step-styles.ts'

/** The browser's passkey prompt failed (closed, timed out): its message is shown as it is. */
class PromptFailure extends Error {}

/** The server's word that the pending sign-in is over (too many wrong codes, or too late). */
const ENDED = ['SECOND_FACTOR_ENDED', 'SECOND_FACTOR_EXPIRED']

export interface SecondFactorStepProps {
  methods: SecondFactorMethod[]
  /** Signed in: go on (to the drive, or to choosing a password). */
  onDone: () => void
  /** Back to the password, with the reason when the pending sign-in ended. */
  onRestart: (reason?: string) => void
}

/** Refusals whose words say what to do: how many tries are left, how long to wait, whom to ask. */
const SAYS_WHY = ['INCORRECT_CODE', 'PASSKEY_REFUSED', 'TOO_MANY_REQUESTS', 'ACCOUNT_DISABLED']

type Way = 'code' | 'recovery' | 'passkey'

export function SecondFactorStep({ methods, onDone, onRestart }: SecondFactorStepProps) {
  // An account without an authenticator app has only its passkeys.
  const [way, setWay] = useState<Way>(methods.includes('totp') ? 'code' : 'passkey')
  const recovery = way === 'recovery'
  const [value, setValue] = useState('')
  const answer = value.trim()
  const { busy, error, setError, submit, disabled } = useFormSubmit({
    ready: way === 'passkey' || answer !== '',
    run: async () => {
      if (way === 'passkey') {
        const { passkeySecondFactor, passkeyFailure } = await import('../../api/passkeys.ts')
        const passkeyAnswer = await passkeySecondFactor().catch((failure: unknown) => {
          // The server's refusals go on as they are; the browser's prompt's become words.
          throw failure instanceof HttpError
            ? failure
            : new PromptFailure(passkeyFailure(failure, passkeyCopy.cancelled))
        })
        await completeSignIn(passkeyAnswer)
      } else await completeSignIn(recovery ? { recoveryCode: answer } : { code: answer })
      onDone()
    },
    failed: (failure) => {
      if (hasCode(failure, ...ENDED)) {
        onRestart(failureReason(failure))
        return ''
      }
      // The server's words say how many tries are left, or how long to wait.
      if (hasCode(failure, ...SAYS_WHY)) return failureReason(failure)
      return failure instanceof PromptFailure ? failure.message : t.failed
    },
  })

  const switchTo = (next: Way) => {
    setWay(next)
    setValue('')
    setError('')
  }

  return (
    <>
      <h1>{t.title}</h1>
      <p className={text}>{way === 'passkey' ? passkeyCopy.passkeyText : recovery ? t.recoveryText : t.codeText}</p>
      <form className={form} onSubmit={submit} noValidate>
        {way === 'passkey' ? null : recovery ? (
          <TextField
            key="recovery"
            label={t.recoveryCode}
            name="recovery-code"
            autoComplete="off"
            autoFocus
            value={value}
            onValueChange={setValue}
          />
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
          {way === 'passkey' ? passkeyCopy.usePasskey : t.submit}
        </Button>
      </form>
      <div className={footer}>
        {methods.includes('webauthn') && way !== 'passkey' ? (
          <LinkButton onClick={() => switchTo('passkey')}>{t.usePasskey}</LinkButton>
        ) : null}
        {methods.includes('totp') && way !== 'code' ? (
          <LinkButton onClick={() => switchTo('code')}>{t.useCode}</LinkButton>
        ) : null}
        {methods.includes('recovery') && !recovery ? (
          <LinkButton onClick={() => switchTo('recovery')}>{t.useRecovery}</LinkButton>
        ) : null}
        <LinkButton onClick={() => onRestart()}>{t.backToLogin}</LinkButton>
      </div>
    </>
  )
}
