// SPEC §2/§4 session: sign-in, sign-up, restore, logout, and the access-token refresh at load,
// every 20 minutes and whenever the tab becomes visible. Token refresh errors are only logged.
import { errorStatus, refreshToken } from '../api/http.ts'
import * as userApi from '../api/user.ts'
import { resetFilters } from './filters.ts'
import { resetSelectionState } from './selection.ts'
import { closeDrawer } from './drawer.ts'
import type { UserJson } from '../api/user.ts'
import {
  hasPreviouslyLoggedIn,
  loggedIn,
  passwordChangeRequired,
  rememberedRoute,
  setHasPreviouslyLoggedIn,
  setLoggedIn,
} from './user.ts'

/** SPEC §9 "Access token refresh interval". */
export const REFRESH_INTERVAL_MS = 20 * 60_000

// Loaded on demand: the record's cache is SWR, which stays out of the first load of / (swr-config.ts).
const userRecord = () => import('../hooks/use-user.ts')

/** SPEC §4: a user reply logs the session in and becomes the cached user record (a passkey's too). */
export async function signedIn(next: UserJson): Promise<void> {
  passwordChangeRequired.value = next.mustChangePassword === true
  setLoggedIn(true)
  setHasPreviouslyLoggedIn(true)
  // A chunk that fails to load costs only the settings stand-in, never the sign-in itself.
  await userRecord()
    .then((record) => record.seedUser(next))
    .catch((error: unknown) => console.warn('Caching the user record failed', error))
}

/**
 * Signs in; `passwordChangeRequired` then says whether a new password must be chosen first.
 * Resolves to the second factor's methods when the account has one (no session yet: the step
 * `completeSignIn` finishes it), or null once signed in.
 */
export async function login(email: string, password: string): Promise<userApi.SecondFactorMethod[] | null> {
  const reply = await userApi.login(email, password)
  if ('secondFactor' in reply) return reply.secondFactor
  await signedIn({ ...reply.user, mustChangePassword: reply.mustChangePassword })
  return null
}

/** The second step of a sign-in with a second factor (DESIGN §7). */
export async function completeSignIn(answer: userApi.SecondFactorAnswer): Promise<void> {
  const { user, mustChangePassword } = await userApi.completeSignIn(answer)
  await signedIn({ ...user, mustChangePassword })
}

/** Creates the account and signs in; resolves to whether a verification email was sent. */
export async function createAccount(
  email: string,
  password: string,
  invite?: string,
  displayName?: string,
): Promise<boolean> {
  const { user, emailSent } = await userApi.createAccount(email, password, invite, displayName)
  await signedIn(user)
  return emailSent
}

/** A refresh that never rejects: failures are logged (SPEC §8), the result says whether it worked. */
export async function refreshSession(): Promise<boolean> {
  try {
    await refreshToken()
    return true
  } catch (error) {
    console.warn('Token refresh failed', error)
    return false
  }
}

// Only a browser that has (or had) a session has a refresh cookie worth renewing; for anyone else
// the call can only answer 401.
const hasSession = () => loggedIn.peek() || hasPreviouslyLoggedIn()

let loadRefresh: Promise<boolean> | undefined

/** The refresh at load; the restore below waits for it rather than racing it. */
export function refreshAtLoad(): Promise<boolean> {
  loadRefresh = hasSession() ? refreshSession() : Promise.resolve(false)
  return loadRefresh
}

/** The 20-minute and tab-visible refreshes; returns the function that stops them. */
export function startKeepAlive(): () => void {
  const tick = () => {
    if (hasSession()) void refreshSession()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible') tick()
  }
  const timer = setInterval(tick, REFRESH_INTERVAL_MS)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

let restoring: Promise<boolean> | undefined

/**
 * Tries to resume the session from the cookies: GET /user-service/user (whose 401 refreshes and
 * retries once). Concurrent callers (React's strict double effects) share one attempt.
 */
export function restoreSession(): Promise<boolean> {
  restoring ??= (async () => {
    await loadRefresh
    try {
      await signedIn(await userApi.getUser())
      return true
    } catch (error) {
      console.warn('Session restore failed', error)
      // SPEC §3: the flag goes when a restore fails while it was set, when the server said no. A
      // request that got no answer (offline, or cut off because the page reloaded or navigated
      // mid-restore) says nothing about the session: the flag stays, so the next load tries
      // again instead of forgetting a good session on this device.
      if (errorStatus(error) !== undefined) setHasPreviouslyLoggedIn(false)
      return false
    }
  })().finally(() => {
    restoring = undefined
  })
  return restoring
}

/** Forgets the session on this device: user, flag, selection, filters, remembered route. */
export function endSession(): void {
  setLoggedIn(false)
  passwordChangeRequired.value = false
  void userRecord().then((record) => record.clearUserRecord())
  setHasPreviouslyLoggedIn(false)
  rememberedRoute.value = null
  resetSelectionState()
  resetFilters()
  closeDrawer()
}

/**
 * POST /user-service/logout, then `leave` (navigate away) and the local clean-up in the same tick,
 * so the protected screen is gone before it could notice the missing user and remember its route.
 */
export async function logout(leave?: () => void, { force = false } = {}): Promise<void> {
  try {
    await userApi.logout()
  } catch (error) {
    // force: the user asked to leave an account that cannot even be loaded; end it here anyway.
    if (force) {
      leave?.()
      endSession()
    }
    throw error
  }
  leave?.()
  endSession()
}

/** Ends every session of the account (POST /user-service/logout-all), this one included. */
export async function logoutAll(leave?: () => void): Promise<void> {
  await userApi.logoutAll()
  leave?.()
  endSession()
}

/** The new password is set (change-password answered): the drive may open. */
export function notePasswordChosen(): void {
  passwordChangeRequired.value = false
}
