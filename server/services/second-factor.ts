// Sign-ins waiting for a second factor (DESIGN.md §7). A right password for an account with one
// makes a challenge instead of a session: a random token in an HttpOnly cookie, its hash in the
// database (so every instance sees it), bound to the browser that began it, alive a few minutes,
// and ended by its fifth wrong code. Wrong codes are also counted per (account, address) and per
// address across challenges, so beginning again after five is no way around the count; that
// count is apart from the password's, which a right password clears.
import type { Limits } from '../config.ts'
import type { User } from '../db/schema.ts'
import { errors } from '../errors.ts'
import type { TwoFactorRepository } from '../repositories/two-factor.ts'
import type { UsersRepository } from '../repositories/users.ts'
import { randomId, sha256 } from '../util/crypto.ts'
import type { AuditService } from './audit.ts'
import { type LoginThrottle, tooManyFailuresMessage } from './login-throttle.ts'
import type { ClientInfo, SessionService, Tokens } from './sessions.ts'
import type { TotpService } from './totp.ts'

/** What completes a pending sign-in: one of these (the route's schema allows exactly one). */
export type SecondFactorAnswer = { code: string } | { recoveryCode: string }

export type SecondFactorMethod = 'totp' | 'recovery'

export function createSecondFactorService(deps: {
  repo: TwoFactorRepository
  users: Pick<UsersRepository, 'byId'>
  totp: TotpService
  sessions: Pick<SessionService, 'start'>
  audit: AuditService
  /** Wrong second factors, counted apart from wrong passwords. */
  throttle: LoginThrottle
  limits: Pick<Limits, 'secondFactorTtlMs' | 'secondFactorMaxTries'>
  now?: () => number
}) {
  const { repo, totp, audit, throttle, limits } = deps
  const now = deps.now ?? Date.now

  return {
    methods: (user: User): SecondFactorMethod[] => totp.methods(user),

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
    async complete(token: string | undefined, browserId: string, ip: string, answer: SecondFactorAnswer): Promise<{ user: User; tokens: Tokens }> {
      const idHash = token ? sha256(token) : undefined
      const challenge = idHash ? await repo.challenges.live(idHash, now()) : undefined
      const user = challenge && challenge.browser_id === browserId ? await deps.users.byId(challenge.user_id) : undefined
      if (!idHash || !challenge || !user) throw errors.secondFactorExpired()
      const wait = await throttle.begin(user.email, ip)
      if (wait > 0) throw errors.tooManyRequests(wait, tooManyFailuresMessage(wait).replace('logins', 'codes'))

      const method = 'code' in answer ? 'authenticator code' : 'recovery code'
      const ok = 'code' in answer ? await totp.acceptCode(user, answer.code) : await totp.acceptRecoveryCode(user, answer.recoveryCode)
      if (!ok) {
        const failures = await repo.challenges.fail(idHash, limits.secondFactorMaxTries)
        await audit.record({ action: 'sign-in.second-factor.failed', actorId: null, subjectId: user.id, ip, detail: method })
        if (failures >= limits.secondFactorMaxTries) throw errors.secondFactorEnded()
        throw errors.incorrectCode(limits.secondFactorMaxTries - failures)
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
