// "Sign in with a passkey" (DESIGN §7): a passkey alone signs in (the browser offers this server's
// passkeys). A lazy chunk of the sign-in screen, loaded only by a browser that can use passkeys,
// so the screen's first load carries neither this nor the WebAuthn library under it.
import { Button } from '@cumulus/ui'
import { passkeyFailure, passkeySignIn } from '../../api/passkeys.ts'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { signedIn } from '../../state/session.ts'
import { passkeyCopy } from './passkey-copy.ts'

export interface PasskeySignInProps {
  /** Why it did not sign in: the server's reason, or a closed prompt. */
  onError: (reason: string) => void
  onSignedIn: () => void
}

export function PasskeySignIn({ onError, onSignedIn }: PasskeySignInProps) {
  const { busy, act } = useFormSubmit({
    run: async () => {
      onError('')
      const { user, mustChangePassword } = await passkeySignIn()
      await signedIn({ ...user, mustChangePassword })
      onSignedIn()
    },
    // The sign-in screen shows the reason, under its password form.
    failed: (failure) => {
      onError(passkeyFailure(failure, passkeyCopy.cancelled))
      return ''
    },
    stays: true,
  })
  return (
    <Button size="large" loading={busy} onClick={() => void act()}>
      {passkeyCopy.signIn}
    </Button>
  )
}
