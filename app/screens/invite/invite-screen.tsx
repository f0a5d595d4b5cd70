// The invite link's page (DESIGN §8, `PUBLIC_URL/invite/<token>`): the token is checked first, so a
// used, expired or revoked invite says so before anyone fills in a form; a live one opens sign-up
// in create mode with the token (a race lost at submit time is told by the form's own error).
import { Spinner } from '@cumulus/ui'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { hasCode } from '../../features/errors/error-code.ts'
import { checkInvite } from '../../api/user.ts'
import { copy } from '../../copy.ts'
import { linkLook } from '../../features/forms/form.tsx'
import { CardPage } from '../../features/shell/card-page.tsx'
import { SignInScreen } from '../sign-in/sign-in-screen.tsx'

type Check =
  { state: 'checking' } | { state: 'valid'; email: string | null } | { state: 'used' | 'expired' | 'invalid' }

const refusals = { used: copy.invite.used, expired: copy.invite.expired, invalid: copy.invite.invalid } as const

export function InviteScreen({ token }: { token: string }) {
  const [check, setCheck] = useState<Check>({ state: 'checking' })

  useEffect(() => {
    let active = true
    checkInvite(token).then(
      (reply) =>
        active &&
        setCheck(reply.status === 'valid' ? { state: 'valid', email: reply.email ?? null } : { state: reply.status }),
      (failure: unknown) => {
        if (!active) return
        // Only the server's "no such invite" closes the door; a check that could not be made
        // leaves the form to try (sign-up gives the final answer).
        if (hasCode(failure, 'NOT_FOUND')) return setCheck({ state: 'invalid' })
        console.warn('Checking the invite failed', failure)
        setCheck({ state: 'valid', email: null })
      },
    )
    return () => {
      active = false
    }
  }, [token])

  if (check.state === 'valid') return <SignInScreen invite={{ token, email: check.email }} />
  return (
    <CardPage>
      <h1>{check.state === 'checking' ? copy.invite.title : refusals[check.state]}</h1>
      {check.state === 'checking' ? (
        <Spinner label={copy.invite.checking} />
      ) : (
        <>
          <p>{copy.invite.askAgain}</p>
          <Link href="/" className={linkLook}>
            {copy.invite.haveAccount}
          </Link>
        </>
      )}
    </CardPage>
  )
}
