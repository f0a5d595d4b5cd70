// "Sign in with a passkey" (DESIGN §7): a passkey alone signs in (the browser offers this server's
// passkeys). A lazy chunk of the sign-in screen, loaded only by a browser that can use passkeys,
// so the screen's first load carries neither this nor the WebAuthn library under it.
import { Button } from '@cumulus/ui'
import { useState } from 'react'
import { passkeyFailure, passkeySignIn } from '../../api/passkeys.ts'
import { signedIn } from '../../state/session.ts'
import { passkeyCopy } from './passkey-copy.ts'

export interface PasskeySignInProps {
  /** Why it did not sign in: the server's reason, or a closed prompt. */
  onError: (reason: string) => void
  onSignedIn: () => void
}

export function PasskeySignIn({ onError, onSignedIn }: PasskeySignInProps) {
  const [busy, setBusy] = useState(false)
  const signIn = async () => {
    setBusy(true)
    onError('')
    try {
      const { user, mustChangePassword } = await passkeySignIn()
      await signedIn({ ...user, mustChangePassword })
      onSignedIn()
    } catch (failure) {
      onError(passkeyFailure(failure, passkeyCopy.cancelled))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button size="large" loading={busy} onClick={() => void signIn()}>
      {passkeyCopy.signIn}
    </Button>
  )
}
