// Passwords on share links: the throttle on guesses and the pass a right guess earns.
//
// The pass is an HMAC over the link's id and its current password hash, with an expiry: it
// cannot be forged without the server's secret, it is worth nothing on another link, and it dies
// when the password changes (a new hash) or the link is revoked (no row to match). The route
// keeps it in an HttpOnly cookie scoped to the link's path.
//
// Guesses are counted per link and address (10 per 10 minutes by default, then 429), through the
// same backoff store as login throttling: in Redis when REDIS_URL is set, so every instance counts
// them once. Per link, so a family behind one address who mistypes one link's password still
// opens every other link; per address, so one guesser cannot lock a link for everyone else.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { verify as argonVerify } from '@node-rs/argon2'
import type { Limits } from '../../config.ts'
import type { ShareLink } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import { clientKey } from '../../util/client-address.ts'
import type { BackoffKey, BackoffStore } from '../../util/limiter.ts'

/** How long a right password keeps a browser in (a session cookie may end sooner). */
export const UNLOCK_TTL_MS = 12 * 60 * 60_000

type UnlockLimits = Pick<Limits, 'shareUnlockFailuresPerIp' | 'shareUnlockWindowMs'>

export function createShareUnlock(deps: {
  secret: string
  limits: UnlockLimits
  store: BackoffStore
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const { shareUnlockFailuresPerIp: perIp, shareUnlockWindowMs: windowMs } = deps.limits
  // The limit-th failure starts a wait of one window, so the next attempt is refused; failures
  // fade one per window/limit, so an address gets about `perIp` guesses per window.
  const policy = { free: perIp - 1, baseMs: windowMs, maxMs: windowMs, decayMs: windowMs / perIp }
  const keyOf = (linkId: string, ip: string): BackoffKey => ({
    key: `share-unlock\n${linkId}\n${clientKey(ip)}`,
    policy,
  })

  const mac = (link: Pick<ShareLink, 'id' | 'password_hash'>, exp: number) =>
    createHmac('sha256', deps.secret).update(`share-unlock\n${link.id}\n${link.password_hash}\n${exp}`).digest()

  return {
    /** Whether `pass` (the cookie's value) opens `link` now. A link without a password is open. */
    opens(link: Pick<ShareLink, 'id' | 'password_hash'>, pass: string | undefined): boolean {
      if (link.password_hash === null) return true
      const m = pass ? /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(pass) : null
      if (!m) return false
      const exp = Number(m[1])
      if (exp <= now()) return false
      return timingSafeEqual(Buffer.from(m[2]!, 'base64url'), mac(link, exp))
    },

    /**
     * Checks a password against the link: a pass to keep in the cookie, 401 when wrong, 429 once
     * the address has used up its guesses on this link. A right password costs nothing.
     */
    async unlock(
      link: Pick<ShareLink, 'id' | 'password_hash'>,
      password: string,
      ip: string,
    ): Promise<{ pass: string; maxAgeMs: number }> {
      const key = keyOf(link.id, ip)
      if (link.password_hash !== null) {
        const wait = await deps.store.claim([key])
        if (wait > 0) throw errors.tooManyLinkPasswords(wait)
        // The claim counted this attempt as failed until the password proves right.
        if (!(await argonVerify(link.password_hash, password))) throw errors.sharePasswordIncorrect()
        await deps.store.refund(key)
      }
      const exp = now() + UNLOCK_TTL_MS
      return { pass: `${exp}.${mac(link, exp).toString('base64url')}`, maxAgeMs: UNLOCK_TTL_MS }
    },
  }
}
export type ShareUnlock = ReturnType<typeof createShareUnlock>
