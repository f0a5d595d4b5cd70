// SPEC §2 "Authentication screen": one screen, three steps: the password form (login, create,
// reset), the second factor an account may ask for, and the new password an admin's reset asks
// for; before them, the session restore spinner.
import { Spinner } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { Suspense, useState } from 'react'
import { useLocation } from 'wouter'
import type { SecondFactorMethod } from '../../api/user.ts'
import { copy } from '../../copy.ts'
import { CardPage } from '../../features/shell/card-page.tsx'
import { lazyNamed } from '../../features/shell/lazy-named.ts'
import { loggedIn, passwordChangeRequired, takeRememberedRoute } from '../../state/user.ts'
import { type PasswordDraft, PasswordForm, type SignInInvite } from './password-form.tsx'
import { useSessionRestore } from './use-session-restore.ts'

export type { AuthMode, SignInInvite } from './password-form.tsx'

// Only a user whose password an admin reset ever loads this step (DESIGN §7).
const ChoosePasswordStep = lazyNamed(() => import('./choose-password-step.tsx'), 'ChoosePasswordStep')
// Only an account with two-step verification ever loads its second step (DESIGN §7).
const SecondFactorStep = lazyNamed(() => import('./second-factor-step.tsx'), 'SecondFactorStep')

const restoringBox = css`
  display: grid;
  place-items: center;
  min-height: 160px;
`

export function SignInScreen({ invite }: { invite?: SignInInvite } = {}) {
  useSignals()
  const [, navigate] = useLocation()
  const [draft, setDraft] = useState<PasswordDraft>(() => ({
    mode: invite ? 'create' : 'login',
    email: invite?.email ?? '',
    password: '',
    verify: '',
    displayName: '',
  }))
  // What the password form says when it shows: the session expired, a refused sign-on, or why a
  // pending second step ended.
  const [notice, setNotice] = useState('')
  // Set while the password was right and a second factor is asked for.
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null)
  const restoring = useSessionRestore({ invited: Boolean(invite), onNotice: setNotice })

  // After login or sign-up the user goes to /home (the remembered route is only for a restored session).
  const toDrive = () => {
    takeRememberedRoute()
    navigate('/home')
  }
  // DESIGN §7: a password an admin reset is replaced first (its step shows on the next render).
  const signedIn = () => {
    if (!passwordChangeRequired.peek()) toDrive()
  }

  if (secondFactor && !loggedIn.value) {
    return (
      <CardPage>
        <Suspense fallback={<Spinner size="large" label={copy.loading} />}>
          <SecondFactorStep
            methods={secondFactor}
            onDone={() => {
              setSecondFactor(null)
              signedIn()
            }}
            onRestart={(reason) => {
              setSecondFactor(null)
              setNotice(reason ?? '')
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
            temporaryPassword={draft.password}
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
      <PasswordForm
        invite={invite}
        draft={draft}
        onDraftChange={setDraft}
        notice={notice}
        onSecondFactor={setSecondFactor}
        onSignedIn={signedIn}
      />
    </CardPage>
  )
}
