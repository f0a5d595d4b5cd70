// SPEC §3 client state "User": loggedIn, lastRefreshed, plus the hasPreviouslyLoggedIn flag and the
// route a logged-out visitor was sent away from. The user record itself is server data: SWR holds
// it (hooks/use-user.ts).
import { signal } from '@preact/signals-react'
import { readFlag, savedKeys, writeFlag } from './saved.ts'

export const loggedIn = signal(false)
/** Time (ms since epoch) of the last successful token refresh; 0 before any. */
export const lastRefreshed = signal(0)
/** DESIGN §7: an admin reset the password; the user chooses a new one before the drive opens. */
export const passwordChangeRequired = signal(false)
/** Where a visitor who was not logged in wanted to go (SPEC §2 route table). */
export const rememberedRoute = signal<string | null>(null)

/** SPEC §4: a user reply (sign-in, sign-up, restore) marks the session as logged in. */
export function setLoggedIn(on: boolean): void {
  loggedIn.value = on
}

export function noteTokenRefreshed(): void {
  lastRefreshed.value = Date.now()
}

export const hasPreviouslyLoggedIn = (): boolean => readFlag(savedKeys.hasPreviouslyLoggedIn)

/** Stored as the text "true"; removed (not set to false) when cleared. */
export function setHasPreviouslyLoggedIn(on: boolean): void {
  writeFlag(savedKeys.hasPreviouslyLoggedIn, on)
}

export function rememberRoute(route: string): void {
  rememberedRoute.value = route
}

/** The remembered route, once: reading clears it so it never outlives the sign-in it was for. */
export function takeRememberedRoute(): string | null {
  const route = rememberedRoute.peek()
  rememberedRoute.value = null
  return route
}

export function resetUserState(): void {
  setLoggedIn(false)
  passwordChangeRequired.value = false
  lastRefreshed.value = 0
  rememberedRoute.value = null
}
