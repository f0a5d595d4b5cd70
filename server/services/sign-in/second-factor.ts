// Sign-ins waiting for a second factor (DESIGN.md §7). A right password for an account with one
// makes a challenge instead of a session: a random token in an HttpOnly cookie, its hash in the
// database (so every instance sees it), bound to the browser that began it, alive a few minutes,
// and ended by its fifth wrong code. Wrong codes are also counted per (account, address) and per
// address across challenges, so beginning again after five is no way around the count; that
// count is apart from the password's, which a right password clears. A passkey's answer is
// checked by services/sign-in/passkeys.ts and counts as a code does.
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import type { Limits } from '../../config.ts'
import type { User } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { TwoFactorRepository } from '../../repositories/two-factor.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { SecondFactorMethod } from '../../schemas/user.ts'
import { randomId, sha256 } from '../../util/crypto.ts'
import type { AuditService } from '../audit.ts'
import type { Ceremony, PasskeyService } from './passkeys.ts'
import type { LoginThrottle } from './login-throttle.ts'
import type { ClientInfo, SessionService, Tokens } from './sessions.ts'
import type { TotpService } from './totp.ts'

/**
 * What completes a pending sign-in: one of these (the route's schema allows exactly one). A
 * passkey's answer comes with the token of its ceremony (routes/webauthn.ts gave its options).
 */
export type SecondFactorAnswer =
  { code: string } | { recoveryCode: string } | { webauthn: AuthenticationResponseJSON; ceremony: string | undefined }

export type { SecondFactorMethod }

/**
 * A reset by mail drops a second factor enrolled this recently: one a thief with a session planted
 * (enrolling one signs every other device out, which the owner notices within days) must not
 * lock the owner out. An older one stays, recovery codes and all: the mailbox alone must not
 * undo a second factor the owner has long had.
 */
export const RECENT_FACTOR_MS = 7 * 24 * 60 * 60_000

export function createSecondFactorService(deps: {
  repo: TwoFactorRepository
  users: Pick<UsersRepository, 'byId'>
  totp: TotpService
  passkeys: Pick<PasskeyService, 'has' | 'authenticationOptions' | 'acceptSecondFactor' | 'removeAddedSince'>
  sessions: Pick<SessionService, 'start'>
  audit: AuditService
  /** Wrong second factors, counted apart from wrong passwords. */
  throttle: LoginThrottle
  limits: Pick<Limits, 'secondFactorTtlMs' | 'secondFactorMaxTries'>
  now?: () => number
}) {
  const { repo, totp, audit, throttle, limits } = deps
  const now = deps.now ?? Date.now

  /** The pending sign-in of this browser's cookie, or undefined. */
  async function pending(token: string | undefined, browserId: string) {
    const idHash = token ? sha256(token) : undefined
    const challenge = idHash ? await repo.challenges.live(idHash, now()) : undefined
    const user = challenge && challenge.browser_id === browserId ? await deps.users.byId(challenge.user_id) : undefined
    return idHash && challenge && user ? { idHash, challenge, user } : undefined
  }

  return {
    /** In the order of DESIGN.md §7: ["totp", "webauthn", "recovery"], only the account's own. */
    async methods(user: User): Promise<SecondFactorMethod[]> {
      const totpMethods = totp.methods(user)
      const passkey = await deps.passkeys.has(user.id)
      return [
        ...(totpMethods.includes('totp') ? (['totp'] as const) : []),
        ...(passkey ? (['webauthn'] as const) : []),
        ...(totpMethods.includes('recovery') ? (['recovery'] as const) : []),
      ]
    },

    /** After a reset by mail: the second factors enrolled in the last RECENT_FACTOR_MS go. */
    async dropRecent(userId: string): Promise<void> {
      const since = now() - RECENT_FACTOR_MS
      await totp.disableEnabledSince(userId, since)
      await deps.passkeys.removeAddedSince(userId, since)
    },

    /** Passkey options for this browser's pending sign-in (its account's passkeys only). */
    async passkeyOptions(
      token: string | undefined,
      browserId: string,
    ): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
      const found = await pending(token, browserId)
      if (!found) throw errors.secondFactorExpired()
      return deps.passkeys.authenticationOptions(browserId, found.user)
    },

    /** After a right password: the challenge's token, for the browser's cookie. */
    async begin(user: User, browserId: string, client: ClientInfo): Promise<{ token: string; maxAgeMs: number }> {
      const token = randomId(32)
      const t = now()
      await repo.challenges.insert({
        id_hash: sha256(token),
        user_id: user.id,
        browser_id: browserId,
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 512) ?? null,
        created_at: t,
        expires_at: t + limits.secondFactorTtlMs,
      })
      return { token, maxAgeMs: limits.secondFactorTtlMs }
    },

    /** Checks the answer; a right one ends the challenge and starts the session. */
    async complete(
      token: string | undefined,
      browserId: string,
      ip: string,
      answer: SecondFactorAnswer,
    ): Promise<{ user: User; tokens: Tokens }> {
      const found = await pending(token, browserId)
      if (!found) throw errors.secondFactorExpired()
      const { idHash, challenge, user } = found
      const wait = await throttle.begin(user.email, ip)
      if (wait > 0) throw errors.tooManyFailedCodes(wait)

      const method = 'code' in answer ? 'authenticator code' : 'recoveryCode' in answer ? 'recovery code' : 'passkey'
      const ok =
        'code' in answer
          ? await totp.acceptCode(user, answer.code)
          : 'recoveryCode' in answer
            ? await totp.acceptRecoveryCode(user, answer.recoveryCode)
            : await deps.passkeys.acceptSecondFactor(user, answer.ceremony, browserId, answer.webauthn)
      if (!ok) {
        const failures = await repo.challenges.fail(idHash, limits.secondFactorMaxTries)
        await audit.record({
          action: 'sign-in.second-factor.failed',
          actorId: null,
          subjectId: user.id,
          ip,
          detail: method,
        })
        if (failures >= limits.secondFactorMaxTries) throw errors.secondFactorEnded()
        const left = limits.secondFactorMaxTries - failures
        throw 'webauthn' in answer ? errors.passkeyRefused(left) : errors.incorrectCode(left)
      }
      // Of two requests racing with right answers, one signs in.
      if (!(await repo.challenges.take(idHash))) throw errors.secondFactorExpired()
      await throttle.succeeded(user.email, ip)
      if (user.disabled) throw errors.accountDisabled()
      const tokens = await deps.sessions.start(user.id, browserId, { ip, userAgent: challenge.user_agent ?? undefined })
      await audit.record({ action: 'sign-in', actorId: user.id, subjectId: user.id, ip, detail: method })
      return { user, tokens }
    },
  }
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>
