// SPEC §2 "Authentication screen": one screen, three modes (login, create, reset), the session
// restore spinner, and the §5/§8 validation and error texts.
import { Button, Spinner } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { type FormEvent, Suspense, useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { copy } from '../../copy.ts'
import { CardPage } from '../../features/shell/card-page.tsx'
import { createAccountErrorMessage, loginErrorMessage } from '../../features/account/error-messages.ts'
import { requestPasswordReset } from '../../features/account/password-reset.ts'
import { FormMessage, LinkButton, TextField } from '../../features/forms/form.tsx'
import { lazyNamed } from '../../features/shell/lazy-named.ts'
import { toast } from '../../features/toasts/toasts.tsx'
import { createAccountMessage } from '../../features/forms/validation.ts'
import { resendVerificationCooldown } from '../../state/cooldown.ts'
import type { SecondFactorMethod } from '../../api/user.ts'
import { createAccount, login, restoreSession } from '../../state/session.ts'
import {
  hasPreviouslyLoggedIn,
  loggedIn,
  passwordChangeRequired,
  setHasPreviouslyLoggedIn,
  takeRememberedRoute,
} from '../../state/user.ts'
import { vars } from '../../styles.ts'
import { ssoCopy, ssoErrorMessage } from './sso-copy.ts'

// The dialog (and the modal machinery under it) loads only if someone asks twice within a minute,
// keeping it out of the first load of /.
const CooldownDialog = lazyNamed(() => import('../../features/account/cooldown-dialog.tsx'), 'CooldownDialog')
// Only a user whose password an admin reset ever loads this step (DESIGN §7).
const ChoosePasswordStep = lazyNamed(() => import('./choose-password-step.tsx'), 'ChoosePasswordStep')
// Only a browser that can use passkeys loads their button (DESIGN §7).
const PasskeySignIn = lazyNamed(() => import('./passkey-sign-in.tsx'), 'PasskeySignIn')
// Also its own chunk: it shows only after the server says single sign-on is set up.
const SsoButton = lazyNamed(() => import('./sso-button.tsx'), 'SsoButton')
// Only an account with two-step verification ever loads its second step (DESIGN §7).
const SecondFactorStep = lazyNamed(() => import('./second-factor-step.tsx'), 'SecondFactorStep')

export type AuthMode = 'login' | 'create' | 'reset'

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

const restoringBox = css`
  display: grid;
  place-items: center;
  min-height: 160px;
`

/** Opened from an invite link (screens/invite): create mode, with the token for sign-up. */
export interface SignInInvite {
  token: string
  /** The address the invite was made for, filled in (it can be changed). */
  email?: string | null
}

export function SignInScreen({ invite }: { invite?: SignInInvite } = {}) {
  useSignals()
  const search = useSearch()
  const [, navigate] = useLocation()
  // Back from a single sign-on (DESIGN §7): `sso=done` has a session to restore, `sso-error` says why not.
  const [sso] = useState(() => {
    const params = new URLSearchParams(search)
    return { done: params.get('sso') === 'done', error: params.get('sso-error') }
  })
  const [mode, setMode] = useState<AuthMode>(invite ? 'create' : 'login')
  const [email, setEmail] = useState(invite?.email ?? '')
  const [password, setPassword] = useState('')
  const [verify, setVerify] = useState('')
  const [error, setError] = useState('')
  const [noMail, setNoMail] = useState(false)
  const [busy, setBusy] = useState(false)
  const [cooldownOpen, setCooldownOpen] = useState(false)
  const [cooldownUsed, setCooldownUsed] = useState(false)
  // Set while the password was right and a second factor is asked for.
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null)
  // SPEC §2: with the hasPreviouslyLoggedIn flag set, a spinner shows while the session is restored.
  // An invite link is for a new account: no session of this browser is restored over it.
  const [restoring, setRestoring] = useState(() => !invite && (loggedIn.peek() || hasPreviouslyLoggedIn() || sso.done))

  // SPEC §4: the error message clears whenever the length of email, password or verify changes.
  useEffect(() => {
    setError('')
    setNoMail(false)
  }, [email.length, password.length, verify.length])

  // After the clearing above (effects run in order), so the refusal stays shown.
  useEffect(() => {
    if (sso.error) setError(ssoErrorMessage(sso.error))
    // The single sign-on's answer is read once: a reload must not show it again.
    if (sso.done || sso.error) window.history.replaceState(window.history.state, '', '/')
    // The server has just set the session's cookies: the restore below picks them up.
    if (sso.done) setHasPreviouslyLoggedIn(true)
  }, [sso])

  useEffect(() => {
    const onward = () => {
      // A new password comes first: the step below shows instead of the drive.
      if (passwordChangeRequired.peek()) return setRestoring(false)
      navigate(takeRememberedRoute() ?? '/home', { replace: true })
    }
    if (invite) return
    if (loggedIn.peek()) return onward()
    if (!hasPreviouslyLoggedIn()) return
    let active = true
    void restoreSession().then((restored) => {
      if (!active) return
      if (restored) return onward()
      setRestoring(false)
      // The flag was set (that is why we tried), so the visitor is told the session expired.
      setError(sso.done ? ssoCopy.failedRestore : copy.auth.loginExpired)
    })
    return () => {
      active = false
    }
  }, [navigate, sso, invite])

  const validation = mode === 'create' ? createAccountMessage(email, password, verify) : ''
  const missing = mode === 'login' ? !email || !password : mode === 'create' ? !email || !password || !verify : !email
  const disabled = busy || Boolean(validation) || missing

  const switchMode = (next: AuthMode) => {
    setMode(next)
    setError('')
    setNoMail(false)
  }

  const requestReset = async () => {
    const outcome = await requestPasswordReset(email)
    if (outcome.kind === 'failed') return setError(outcome.message)
    if (outcome.kind === 'no-mail') return setNoMail(true)
    if (outcome.kind === 'wait') {
      setCooldownUsed(true)
      setCooldownOpen(true)
    }
  }

  // After login or sign-up the user goes to /home (the remembered route is only for a restored session).
  const toDrive = () => {
    takeRememberedRoute()
    navigate('/home')
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (disabled) return
    setBusy(true)
    setError('')
    try {
      if (mode === 'reset') return await requestReset()
      if (mode === 'login') {
        try {
          const methods = await login(email, password)
          if (methods) return setSecondFactor(methods)
        } catch (failure) {
          return setError(loginErrorMessage(failure))
        }
      } else {
        let emailSent: boolean
        try {
          emailSent = await createAccount(email, password, invite?.token)
        } catch (failure) {
          return setError(createAccountErrorMessage(failure))
        }
        if (emailSent) {
          toast.success(copy.auth.emailVerificationSent)
          // That mail starts the server's resend minute: Resend within it gets the wait dialog.
          resendVerificationCooldown.start()
        }
      }
      // DESIGN §7: a password an admin reset is replaced first (the step shows on the next render).
      if (passwordChangeRequired.peek()) return
      // SPEC §2: after a login or sign-up the user goes to /home.
      toDrive()
    } finally {
      setBusy(false)
    }
  }

  if (secondFactor && !loggedIn.value) {
    return (
      <CardPage>
        <Suspense fallback={<Spinner size="large" label={copy.loading} />}>
          <SecondFactorStep
            methods={secondFactor}
            onDone={() => {
              setSecondFactor(null)
              // DESIGN §7: a password an admin reset is replaced first (the step below shows).
              if (!passwordChangeRequired.peek()) toDrive()
            }}
            onRestart={(reason) => {
              setSecondFactor(null)
              setError(reason ?? '')
            }}
          />
        </Suspense>
      </CardPage>
    )
  }

  if (loggedIn.value && passwordChangeRequired.value && !restoring) {
    return (
      <CardPage>
        <Suspense fallback={<Spinner size="large" label={copy.loading} />}>
          <ChoosePasswordStep
            temporaryPassword={password}
            onDone={() => navigate(takeRememberedRoute() ?? '/home', { replace: true })}
          />
        </Suspense>
      </CardPage>
    )
  }

  if (restoring) {
    return (
      <CardPage>
        <div className={restoringBox}>
          <Spinner size="large" label={copy.auth.restoring} />
        </div>
      </CardPage>
    )
  }

  return (
    <CardPage>
      <h1>{invite && mode === 'create' ? copy.invite.title : titles[mode]}</h1>
      {invite && mode === 'create' ? <p className={note}>{copy.invite.intro}</p> : null}
      <form className={form} onSubmit={submit} noValidate>
        <TextField
          label={copy.auth.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        {mode !== 'reset' ? (
          <div className={passwordBlock}>
            <TextField
              label={copy.auth.password}
              type="password"
              name="password"
              autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
              value={password}
              onValueChange={setPassword}
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
            onValueChange={setVerify}
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
          <PasskeySignIn onError={setError} onSignedIn={() => passwordChangeRequired.peek() || toDrive()} />
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
    </CardPage>
  )
}
