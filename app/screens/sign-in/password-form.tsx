// SPEC §2 "Authentication screen": the password form in its three modes (login, create, reset)
// with the §5/§8 validation and error texts, and the other ways in under it (single sign-on,
// passkey). Its fields belong to the screen: they are still there when a second factor sends the
// user back to the password.
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { type Dispatch, type SetStateAction, Suspense, useEffect, useId, useState } from 'react'
import type { SecondFactorMethod } from '../../api/user.ts'
import { copy } from '../../copy.ts'
import { createAccountErrorMessage, loginErrorMessage } from '../../features/account/error-messages.ts'
import { requestPasswordReset } from '../../features/account/password-reset.ts'
import { FormMessage, LinkButton, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { createAccountMessage, PERSON_NAME_MAX, personNameMessage } from '../../features/forms/validation.ts'
import { lazyNamed } from '../../features/shell/lazy-named.ts'
import { toast } from '../../features/toasts/toasts.tsx'
import { resendVerificationCooldown } from '../../state/cooldown.ts'
import { createAccount, login } from '../../state/session.ts'
import { vars } from '../../styles.ts'

// The dialog (and the modal machinery under it) loads only if someone asks twice within a minute,
// keeping it out of the first load of /.
const CooldownDialog = lazyNamed(() => import('../../features/account/cooldown-dialog.tsx'), 'CooldownDialog')
// Only a browser that can use passkeys loads their button (DESIGN §7).
const PasskeySignIn = lazyNamed(() => import('./passkey-sign-in.tsx'), 'PasskeySignIn')
// Also its own chunk: it shows only after the server says single sign-on is set up.
const SsoButton = lazyNamed(() => import('./sso-button.tsx'), 'SsoButton')

export type AuthMode = 'login' | 'create' | 'reset'

/** What the form's fields hold, and which mode they are in. */
export interface PasswordDraft {
  mode: AuthMode
  email: string
  password: string
  verify: string
  /** Create mode only, optional (DESIGN §8 "Names"); blank: the server's default. */
  displayName: string
}

/** Opened from an invite link (screens/invite): create mode, with the token for sign-up. */
export interface SignInInvite {
  token: string
  /** The address the invite was made for, filled in (it can be changed). */
  email?: string | null
}

const titles: Record<AuthMode, string> = {
  login: copy.auth.loginTitle,
  create: copy.auth.createTitle,
  reset: copy.auth.resetTitle,
}

const submitLabels: Record<AuthMode, string> = {
  login: copy.auth.loginSubmit,
  create: copy.auth.createSubmit,
  reset: copy.auth.resetSubmit,
}

const form = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

const passwordBlock = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
`

const forgotLink = css`
  align-self: flex-end;
`

const footer = css`
  display: flex;
  justify-content: center;
`

// Calm, not an error: nothing went wrong, the server just has no mail.
const note = css`
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

export interface PasswordFormProps {
  invite?: SignInInvite
  draft: PasswordDraft
  onDraftChange: Dispatch<SetStateAction<PasswordDraft>>
  /** A message from outside the form (the session expired, a refused sign-on), shown on mount and change. */
  notice: string
  /** The password was right; the account asks for one of these. */
  onSecondFactor: (methods: SecondFactorMethod[]) => void
  /** Signed in (or signed up) without a second factor. */
  onSignedIn: () => void
}

export function PasswordForm({ invite, draft, onDraftChange, notice, onSecondFactor, onSignedIn }: PasswordFormProps) {
  const { mode, email, password, verify, displayName } = draft
  const [noMail, setNoMail] = useState(false)
  const optionalId = useId()
  const [cooldownOpen, setCooldownOpen] = useState(false)
  const [cooldownUsed, setCooldownUsed] = useState(false)
  const change = (field: 'email' | 'password' | 'verify' | 'displayName') => (value: string) =>
    onDraftChange((current) => ({ ...current, [field]: value }))

  // The name is optional: only a name typed in is judged (a blank one is the server's default).
  const nameMessage =
    mode === 'create' && displayName.trim() !== '' ? personNameMessage(displayName, copy.displayName.what) : ''
  const validation = mode === 'create' ? createAccountMessage(email, password, verify) || nameMessage : ''
  const missing = mode === 'login' ? !email || !password : mode === 'create' ? !email || !password || !verify : !email

  const requestReset = async (): Promise<void> => {
    const outcome = await requestPasswordReset(email)
    if (outcome.kind === 'failed') setError(outcome.message)
    else if (outcome.kind === 'no-mail') setNoMail(true)
    else if (outcome.kind === 'wait') {
      setCooldownUsed(true)
      setCooldownOpen(true)
    }
  }

  const { busy, error, setError, submit, disabled } = useFormSubmit({
    ready: !validation && !missing,
    run: async (): Promise<void> => {
      if (mode === 'reset') return await requestReset()
      if (mode === 'login') {
        const methods = await login(email, password)
        if (methods) return onSecondFactor(methods)
      } else {
        const emailSent = await createAccount(email, password, invite?.token, displayName)
        if (emailSent) {
          toast.success(copy.auth.emailVerificationSent)
          // That mail starts the server's resend minute: Resend within it gets the wait dialog.
          resendVerificationCooldown.start()
        }
      }
      onSignedIn()
    },
    failed: mode === 'login' ? loginErrorMessage : createAccountErrorMessage,
    // A reset request, a refusal or a second step keeps the visitor here.
    stays: true,
  })

  // SPEC §4: the error message clears whenever the length of email, password or verify changes.
  useEffect(() => {
    setError('')
    setNoMail(false)
  }, [email.length, password.length, verify.length, setError])

  // After the clearing above (effects run in order), so the message stays shown.
  useEffect(() => {
    if (notice) setError(notice)
  }, [notice, setError])

  const switchMode = (next: AuthMode) => {
    onDraftChange((current) => ({ ...current, mode: next }))
    setError('')
    setNoMail(false)
  }

  return (
    <>
      <h1>{invite && mode === 'create' ? copy.invite.title : titles[mode]}</h1>
      {invite && mode === 'create' ? <p className={note}>{copy.invite.intro}</p> : null}
      <form className={form} onSubmit={submit} noValidate>
        <TextField
          label={copy.auth.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={change('email')}
        />
        {mode === 'create' ? (
          <TextField
            label={copy.displayName.field}
            name="display-name"
            autoComplete="name"
            // Room for spaces the server trims; the rule itself is checked as the user types.
            maxLength={PERSON_NAME_MAX * 2}
            aria-describedby={optionalId}
            aside={
              <span id={optionalId} className={note}>
                {copy.displayName.optional}
              </span>
            }
            value={displayName}
            onValueChange={change('displayName')}
          />
        ) : null}
        {mode !== 'reset' ? (
          <div className={passwordBlock}>
            <TextField
              label={copy.auth.password}
              type="password"
              name="password"
              autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
              value={password}
              onValueChange={change('password')}
            />
            {/* After the field, in the DOM as on screen: Tab goes email → password → Forgot?. */}
            {mode === 'login' ? (
              <LinkButton className={forgotLink} onClick={() => switchMode('reset')}>
                {copy.auth.forgot}
              </LinkButton>
            ) : null}
          </div>
        ) : null}
        {mode === 'create' ? (
          <TextField
            label={copy.auth.verifyPassword}
            type="password"
            name="verify-password"
            autoComplete="new-password"
            value={verify}
            onValueChange={change('verify')}
          />
        ) : null}
        <FormMessage>{validation}</FormMessage>
        <FormMessage>{error}</FormMessage>
        {noMail && mode === 'reset' ? (
          <p role="status" className={note}>
            {copy.auth.resetNoMail}
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="large" loading={busy} disabled={disabled}>
          {submitLabels[mode]}
        </Button>
      </form>
      {/* Single sign-on first: its "or" divides the password form from every other way in. */}
      {mode === 'login' ? (
        <Suspense fallback={null}>
          <SsoButton />
        </Suspense>
      ) : null}
      {mode === 'login' && 'PublicKeyCredential' in window ? (
        <Suspense fallback={null}>
          <PasskeySignIn onError={setError} onSignedIn={onSignedIn} />
        </Suspense>
      ) : null}
      <div className={footer}>
        {mode === 'login' ? (
          <LinkButton onClick={() => switchMode('create')}>{copy.auth.createAccount}</LinkButton>
        ) : (
          <LinkButton onClick={() => switchMode('login')}>{copy.auth.backToLogin}</LinkButton>
        )}
      </div>
      {cooldownUsed ? (
        <Suspense fallback={null}>
          <CooldownDialog open={cooldownOpen} onClose={() => setCooldownOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
