// GET /auth/oidc (DESIGN §7): whether single sign-on is set up, and its button's name. Read once
// per mount with a plain call, not SWR: the sign-in screen's first load stays without SWR, and a
// failed read is not retried (no button is the right answer when the server cannot say).
import { useEffect, useState } from 'react'
import { getOidcStatus } from '../api/oidc.ts'

/** The single sign-on button's label, or null while unknown or when there is none. */
export function useSsoLabel(): string | null {
  const [label, setLabel] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    getOidcStatus()
      .then((status) => {
        if (active && status.enabled) setLabel(status.buttonLabel ?? 'single sign-on')
      })
      .catch((error: unknown) => console.warn('Single sign-on status unavailable', error))
    return () => {
      active = false
    }
  }, [])
  return label
}
