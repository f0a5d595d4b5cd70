// SPEC §8 error catalogue: which text a failed call shows, by HTTP status.
import { errorStatus, failureReason, HttpError } from '../../api/http.ts'
import { copy } from '../../copy.ts'

export function loginErrorMessage(error: unknown): string {
  // DESIGN §7: a disabled account is told so, in the server's words ("Ask the server's admin.").
  if (error instanceof HttpError && error.code === 'ACCOUNT_DISABLED') return failureReason(error)
  const status = errorStatus(error)
  return status === 400 || status === 401 ? copy.auth.loginFailedCredentials : copy.auth.loginError
}

/** The server's sign-up refusals about invites (DESIGN §8), each said plainly. */
const inviteRefusals: Record<string, string> = {
  INVITE_USED: `${copy.invite.used}. ${copy.invite.askAgain}`,
  INVITE_EXPIRED: `${copy.invite.expired}. ${copy.invite.askAgain}`,
  INVITE_INVALID: `${copy.invite.invalid}. ${copy.invite.askAgain}`,
  INVITE_REQUIRED: copy.invite.required,
}

export function createAccountErrorMessage(error: unknown): string {
  const code = error instanceof HttpError ? error.code : undefined
  if (code && inviteRefusals[code]) return inviteRefusals[code]
  const status = errorStatus(error)
  if (status === 409) return copy.auth.emailExists
  if (status === 400) return copy.auth.validationError
  return copy.auth.createError
}

export function resetRequestErrorMessage(error: unknown): string {
  const status = errorStatus(error)
  if (status === 404) return copy.auth.resetEmailMissing
  if (status === 403) return copy.auth.resetNotEnabled
  return copy.auth.resetFailed
}

export function resetPasswordErrorMessage(error: unknown): string {
  return errorStatus(error) === 401 ? copy.resetPassword.invalidToken : copy.resetPassword.failed
}

export function changePasswordErrorMessage(error: unknown): string {
  return errorStatus(error) === 401 ? copy.changePassword.incorrect : copy.changePassword.error
}
