// Slows password guessing without letting anyone lock an owner out (SPEC §5 login).
//
// Failures are counted per (account, address) and per address across all accounts, never per
// account alone: what one address does only ever slows that address, so the owner signing in
// from anywhere else is checked at once. Past a few free failures each further one doubles the
// wait before that pair's (or that address's) next attempt is even checked.
//
// There is no account-wide ceiling. Any count that also holds back addresses that did not fail
// could be raised by whoever controls enough addresses (a home IPv6 line already has 256 /64s),
// which is the lockout this replaces. Guessing from many addresses stays bounded per address: a
// few free failures, a dozen quickly doubling waits, then about one guess per `loginDelayMaxMs`.
import type { Limits } from '../../config.ts'
import { clientKey } from '../../util/client-address.ts'
import type { BackoffPolicy, BackoffStore } from '../../util/limiter.ts'

export interface LoginThrottle {
  /**
   * Before the password is checked: 0 when it may be (the attempt counts as failed until
   * `succeeded`), otherwise the wait in ms. Claimed atomically, so parallel attempts from one
   * address get no more checks than sequential ones.
   */
  begin(email: string, ip: string): Promise<number>
  /** Forgets the pair's failures; the address keeps those made on other accounts. */
  succeeded(email: string, ip: string): Promise<void>
  /**
   * For secrets no one can guess (app passwords): the wait, counting nothing. Such a secret is
   * checked first and only a wrong one is counted (`begin`), so a sync client's parallel requests
   * never count as failures while their checks are in flight.
   */
  waiting(email: string, ip: string): Promise<number>
}

type ThrottleLimits = Pick<
  Limits,
  'loginFreeFailures' | 'loginFreeFailuresPerIp' | 'loginDelayBaseMs' | 'loginDelayMaxMs' | 'loginFailureDecayMs'
>

export function createLoginThrottle(limits: ThrottleLimits, store: BackoffStore): LoginThrottle {
  const policy = (free: number): BackoffPolicy => ({
    free,
    baseMs: limits.loginDelayBaseMs,
    maxMs: limits.loginDelayMaxMs,
    decayMs: limits.loginFailureDecayMs,
  })
  const perPair = policy(limits.loginFreeFailures)
  const perAddress = policy(limits.loginFreeFailuresPerIp)
  // Emails are already normalised; a newline cannot occur in an address.
  const keys = (email: string, ip: string) => {
    const address = clientKey(ip)
    return {
      pair: { key: `pair\n${address}\n${email}`, policy: perPair },
      address: { key: `ip\n${address}`, policy: perAddress },
    }
  }

  return {
    async begin(email, ip) {
      const k = keys(email, ip)
      return store.claim([k.pair, k.address])
    },
    async waiting(email, ip) {
      const k = keys(email, ip)
      return store.waiting([k.pair.key, k.address.key])
    },
    // The address's claim is only taken back, never cleared: signing in to one's own account
    // must not wipe the failures an address made guessing at others.
    async succeeded(email, ip) {
      const k = keys(email, ip)
      await Promise.all([store.clear(k.pair.key), store.refund(k.address)])
    },
  }
}
