// SPEC §2: with the hasPreviouslyLoggedIn flag set, a spinner shows while the session is restored;
// back from a single sign-on (DESIGN §7), `sso=done` has a session to restore and `sso-error` says
// why not. An invite link is for a new account: no session of this browser is restored over it.
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { copy } from '../../copy.ts'
import { restoreSession } from '../../state/session.ts'
import {
  hasPreviouslyLoggedIn,
  loggedIn,
  passwordChangeRequired,
  setHasPreviouslyLoggedIn,
  takeRememberedRoute,
} from '../../state/user.ts'
import { ssoCopy, ssoErrorMessage } from './sso-copy.ts'

/**
 * Whether the session is being restored. A restored session goes on to the remembered route;
 * `onNotice` (a stable function) gets the sign-on's refusal or the word that the session expired.
 */
export function useSessionRestore({ invited, onNotice }: { invited: boolean; onNotice: (text: string) => void }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const [sso] = useState(() => {
    const params = new URLSearchParams(search)
    return { done: params.get('sso') === 'done', error: params.get('sso-error') }
  })
  const [restoring, setRestoring] = useState(() => !invited && (loggedIn.peek() || hasPreviouslyLoggedIn() || sso.done))

  useEffect(() => {
    if (sso.error) onNotice(ssoErrorMessage(sso.error))
    // The single sign-on's answer is read once: a reload must not show it again.
    if (sso.done || sso.error) window.history.replaceState(window.history.state, '', '/')
    // The server has just set the session's cookies: the restore below picks them up.
    if (sso.done) setHasPreviouslyLoggedIn(true)
  }, [sso, onNotice])

  useEffect(() => {
    const onward = () => {
      // A new password comes first: its step shows instead of the drive.
      if (passwordChangeRequired.peek()) return setRestoring(false)
      navigate(takeRememberedRoute() ?? '/home', { replace: true })
    }
    if (invited) return
    if (loggedIn.peek()) return onward()
    if (!hasPreviouslyLoggedIn()) return
    let active = true
    void restoreSession().then((restored) => {
      if (!active) return
      if (restored) return onward()
      setRestoring(false)
      // The flag was set (that is why we tried), so the visitor is told the session expired.
      onNotice(sso.done ? ssoCopy.failedRestore : copy.auth.loginExpired)
    })
    return () => {
      active = false
    }
  }, [navigate, sso, invited, onNotice])

  return restoring
}
