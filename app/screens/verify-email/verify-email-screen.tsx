// SPEC §2 "Verify email page": verifies the emailed token at once, with the toasts
// "Verifying email..." then "Email Verified", and goes to / after 1.5 s.
import { Spinner } from '@cumulus/ui'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { verifyEmail } from '../../api/user.ts'
import { copy } from '../../copy-screens.ts'
import { CardPage } from '../../features/shell/card-page.tsx'
import { linkLook } from '../../features/forms/form.tsx'
import { REDIRECT_DELAY_MS } from '../../features/account/redirect-delay.ts'
import { toast } from '../../features/toasts/toasts.tsx'

// Tokens are single-use: React's strict double effects (and remounts) must not spend one twice.
const attempts = new Map<string, Promise<unknown>>()

function verifyOnce(token: string): { promise: Promise<unknown>; first: boolean } {
  const existing = attempts.get(token)
  if (existing) return { promise: existing, first: false }
  const promise = verifyEmail(token)
  attempts.set(token, promise)
  return { promise, first: true }
}

export function VerifyEmailScreen({ token }: { token: string }) {
  const [, navigate] = useLocation()
  const [state, setState] = useState<'pending' | 'verified' | 'failed'>('pending')

  useEffect(() => {
    const { promise, first } = verifyOnce(token)
    if (first)
      void toast.promise(promise, {
        pending: copy.verifyEmail.pending,
        success: copy.verifyEmail.success,
        error: copy.verifyEmail.error,
      })
    let timer: ReturnType<typeof setTimeout> | undefined
    let active = true
    promise.then(
      () => {
        if (!active) return
        setState('verified')
        timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS)
      },
      (error: unknown) => {
        console.warn('Email verification failed', error)
        if (active) setState('failed')
      },
    )
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [token, navigate])

  return (
    <CardPage>
      <h1>{copy.verifyEmail.title}</h1>
      {state === 'pending' ? <Spinner label={copy.verifyEmail.pending} /> : null}
      {state === 'verified' ? <p>{copy.verifyEmail.success}</p> : null}
      {state === 'failed' ? (
        <>
          <p>{copy.verifyEmail.error}</p>
          <Link href="/" className={linkLook}>
            {copy.auth.backToLogin}
          </Link>
        </>
      ) : null}
    </CardPage>
  )
}
