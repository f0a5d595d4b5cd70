// SPEC §5 "Rate limits (client side)": a password reset request and a verification resend may each
// be sent once per minute; an earlier attempt opens the "Please wait 1 minute" dialog instead.
// The clock starts when a send succeeds, so a mistyped address can be corrected at once.

/** SPEC §9 "Password reset and resend-verification cooldown". */
export const COOLDOWN_MS = 60_000

export interface Cooldown {
  /** Whether a send is allowed now. */
  ready(): boolean
  /** Starts the minute. */
  start(): void
  reset(): void
}

export function createCooldown(ms: number = COOLDOWN_MS): Cooldown {
  let last: number | undefined
  return {
    ready: () => last === undefined || Date.now() - last >= ms,
    start: () => void (last = Date.now()),
    reset: () => void (last = undefined),
  }
}

export const passwordResetCooldown = createCooldown()
export const resendVerificationCooldown = createCooldown()
