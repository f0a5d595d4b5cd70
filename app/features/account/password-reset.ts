// SPEC §5 "Rate limits" and §8 "Password reset request" for the sign-in screen's reset mode: one
// request per address per minute, counted from the moment it is sent (a second click while the
// first is on its way, or after it failed, waits too), and one toast at a time.
import { errorStatus, HttpError } from '../../api/http.ts'
import { sendPasswordReset } from '../../api/user.ts'
import { copy } from '../../copy.ts'
import { passwordResetCooldown } from '../../state/cooldown.ts'
import { toaster } from '../toasts/toasts.tsx'
import { resetRequestErrorMessage } from './error-messages.ts'

/**
 * `wait`: show the "Please wait 1 minute" dialog; `failed`: show `message` inline; `no-mail`: the
 * server has no mail (its `MAIL_DISABLED`), so only its admin can reset the password.
 */
export type ResetRequestOutcome =
  { kind: 'sent' } | { kind: 'wait' } | { kind: 'no-mail' } | { kind: 'failed'; message: string }

// The toast of the last request: a new request replaces it rather than stacking a second one.
let lastToast: string | undefined

/** The address as the server files it (accounts are matched case-insensitively). */
const addressKey = (email: string) => email.trim().toLowerCase()

export async function requestPasswordReset(email: string): Promise<ResetRequestOutcome> {
  const key = addressKey(email)
  if (!passwordResetCooldown.ready(key)) return { kind: 'wait' }
  passwordResetCooldown.start(key)
  if (lastToast) toaster.dismiss(lastToast)
  const id = (lastToast = toaster.show(copy.auth.resetPending, 'pending'))
  try {
    await sendPasswordReset(email)
    toaster.update(id, { message: copy.auth.resetSent, tone: 'success' })
    return { kind: 'sent' }
  } catch (failure) {
    // Not a failure to report: the screen says calmly whom to ask instead.
    if (failure instanceof HttpError && failure.code === 'MAIL_DISABLED') {
      toaster.dismiss(id)
      return { kind: 'no-mail' }
    }
    toaster.update(id, { message: copy.auth.resetError, tone: 'error' })
    // The server's minute survives a reload; the app's does not. Its 429 means the same wait.
    if (errorStatus(failure) === 429) return { kind: 'wait' }
    return { kind: 'failed', message: resetRequestErrorMessage(failure) }
  }
}
