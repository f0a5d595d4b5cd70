// SPEC §5 "Rate limits (client side)": a password reset request and a verification resend may each
// be sent once per minute; an earlier attempt opens the "Please wait 1 minute" dialog instead.
// A cooldown may be kept per key: the reset request keeps one per address, so a mistyped address
// can be corrected at once while the same address cannot be asked for twice in the minute.

/** SPEC §9 "Password reset and resend-verification cooldown". */
export const COOLDOWN_MS = 60_000

export interface Cooldown {
  /** Whether a send is allowed now (for `key`, e.g. an address; one shared minute without). */
  ready(key?: string): boolean
  /** Starts the minute (for `key`). */
  start(key?: string): void
  reset(): void
}

export function createCooldown(ms: number = COOLDOWN_MS): Cooldown {
  const last = new Map<string, number>()
  return {
    ready: (key = '') => {
      const at = last.get(key)
      return at === undefined || Date.now() - at >= ms
    },
    start: (key = '') => void last.set(key, Date.now()),
    reset: () => last.clear(),
  }
}

export const passwordResetCooldown = createCooldown()
export const resendVerificationCooldown = createCooldown()
