import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { copy } from '../../copy-screens.ts'
import { logout, logoutAll } from '../../state/session.ts'
import { resetConflictQuestions } from '../../state/upload-conflicts.ts'
import { cancelAllUploads } from '../../state/uploads.ts'
import { resetDialogs } from '../dialogs/dialog-host.tsx'
import { toast } from '../toasts/toasts.tsx'

/**
 * The logout actions of settings and of the account-error dialog: SPEC §8 toasts, then /.
 * The cached server data of this account is dropped so the next sign-in starts clean.
 */
export function useSignOut() {
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const leave = () => {
    // Nothing of this account's work carries over to the next sign-in on this device.
    // An upload still asking about a name clash is called off, so it never starts after sign-out.
    resetConflictQuestions()
    cancelAllUploads()
    resetDialogs()
    navigate('/')
    void mutate(() => true, undefined, { revalidate: false })
  }
  return {
    /** `force` ends the session on this device even when the server cannot be told. */
    logout: ({ force = false } = {}) =>
      toast
        .promise(logout(leave, { force }), {
          pending: copy.settings.logoutPending,
          success: copy.settings.logoutSuccess,
          error: copy.settings.logoutError,
        })
        .catch((error: unknown) => console.warn('Logout failed', error)),
    logoutAll: () =>
      toast
        .promise(logoutAll(leave), {
          pending: copy.settings.logoutAllPending,
          success: copy.settings.logoutAllSuccess,
          error: copy.settings.logoutAllError,
        })
        .catch((error: unknown) => console.warn('Logout all failed', error)),
  }
}
