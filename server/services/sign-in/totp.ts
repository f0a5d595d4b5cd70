// Authenticator codes (RFC 6238) and recovery codes: enrolment, and checking either as a second
// factor. The secret is sealed with a key derived from SECRET (a leaked database alone holds no
// usable secret) and leaves the server only in setup's reply; recovery codes are stored as keyed
// hashes and each works once. A code is accepted from one step before to one step after now
// (clock drift), and never twice: the last accepted step is kept, and no code of it or an
// earlier step passes again.
import { randomInt } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import type { User } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { TwoFactorRepository } from '../../repositories/two-factor.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { TotpEnableReply, TotpSetupReply, TotpStatusReply } from '../../schemas/user.ts'
import { deriveKey, hmac, openText, sealText } from '../../util/crypto.ts'
import { confirmPassword } from './passwords.ts'
import type { AuditService } from '../audit.ts'
import type { SessionService } from './sessions.ts'

export const RECOVERY_CODE_COUNT = 10
/** ±1 time step of 30 s (otplib checks every step that overlaps now ± this many seconds). */
const DRIFT_SECONDS = 30
const CODE_RE = /^\d{6}$/
// Crockford-like: no 0/O, 1/I/L, so a code copied from paper reads back the same.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A recovery code as shown: 10 characters (~50 bits) in two groups, `ABCDE-FGHJK`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`
}

/** What a person may type for a code: spaces, dashes and case do not matter. */
const normaliseRecoveryCode = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase()
const normaliseCode = (raw: string) => raw.replace(/\s/g, '')

export function createTotpService(deps: {
  repo: TwoFactorRepository
  users: Pick<UsersRepository, 'byId' | 'byEmail'>
  sessions: Pick<SessionService, 'endAll'>
  audit: AuditService
  secret: string
  now?: () => number
}) {
  const { repo, audit } = deps
  const now = deps.now ?? Date.now
  const sealKey = deriveKey(deps.secret, 'totp-secret')
  const codeKey = deriveKey(deps.secret, 'recovery-code')
  const hashRecovery = (code: string) => hmac(codeKey, normaliseRecoveryCode(code))

  async function userOf(userId: string): Promise<User> {
    const user = await deps.users.byId(userId)
    if (!user) throw errors.unauthorized()
    return user
  }

  /** The time step `code` belongs to, if it is right for `sealed` now and later than `after`. */
  async function matchingStep(sealed: string, rawCode: string, after: number | null): Promise<number | undefined> {
    const code = normaliseCode(rawCode)
    if (!CODE_RE.test(code)) return undefined
    let secret: string
    try {
      secret = openText(sealKey, sealed)
    } catch {
      // Sealed under another SECRET (it was changed): no code can match; the console turns it off.
      return undefined
    }
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now() / 1000),
      epochTolerance: DRIFT_SECONDS,
      ...(after !== null ? { afterTimeStep: after } : {}),
    })
    // The functional API types TOTP's and HOTP's results as one; a TOTP match names its step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  }

  return {
    /** Whether the account signs in with a second factor, and with which. */
    methods: (user: User): Array<'totp' | 'recovery'> => (user.totp_enabled_at !== null ? ['totp', 'recovery'] : []),

    async status(userId: string): Promise<TotpStatusReply> {
      const user = await userOf(userId)
      const enabled = user.totp_enabled_at !== null
      return { enabled, recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(userId) : 0 }
    },

    /** A new secret to scan; it counts only once `enable` confirms a code from it. */
    async setup(userId: string): Promise<TotpSetupReply> {
      const user = await userOf(userId)
      const secret = generateSecret()
      if (!(await repo.setPendingSecret(userId, sealText(sealKey, secret)))) {
        throw errors.totpEnabled()
      }
      return { secret, otpauthUrl: generateURI({ issuer: 'Cumulus', label: user.email, secret }) }
    },

    /**
     * Confirms the pending secret with a code, and the password again (a stolen session must not
     * plant a second factor); ends every other session; the codes are shown once.
     */
    async enable(
      userId: string,
      sessionId: string,
      code: string,
      password: string,
      ip?: string,
    ): Promise<TotpEnableReply> {
      const user = await userOf(userId)
      await confirmPassword(user, password)
      if (user.totp_enabled_at !== null) throw errors.totpEnabled()
      if (!user.totp_secret) throw errors.totpNotSetUp()
      const step = await matchingStep(user.totp_secret, code, null)
      if (step === undefined)
        throw errors.badRequest('That code is not right: check the time on your device and try the newest code')
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      if (!(await repo.enable(userId, now(), step, recoveryCodes.map(hashRecovery)))) {
        throw errors.totpEnabled()
      }
      // Whoever else held a session got it with the password alone.
      await deps.sessions.endAll(userId, sessionId)
      await audit.record({
        action: 'second-factor.enable',
        actorId: userId,
        subjectId: userId,
        ip,
        detail: 'authenticator app',
      })
      return { recoveryCodes }
    },

    async disable(userId: string, password: string, ip?: string): Promise<void> {
      const user = await userOf(userId)
      await confirmPassword(user, password)
      if (!(await repo.disable(userId))) throw errors.totpNotEnabled()
      await audit.record({
        action: 'second-factor.disable',
        actorId: userId,
        subjectId: userId,
        ip,
        detail: 'authenticator app',
      })
    },

    /** A reset by mail's clean-up (second-factor.ts dropRecent): off only if turned on at or after `since`. */
    async disableEnabledSince(userId: string, since: number): Promise<void> {
      if (await repo.disable(userId, since)) {
        await audit.record({
          action: 'second-factor.disable',
          actorId: userId,
          subjectId: userId,
          detail: 'authenticator app, turned on shortly before the password reset',
        })
      }
    },

    /**
     * The console's way back in for someone who lost both the phone and the recovery codes (or
     * after SECRET changed): turns it off without the password. False when it was not on.
     */
    async disableByEmail(email: string): Promise<boolean> {
      const user = await deps.users.byEmail(email)
      if (!user) throw errors.notFound('Account')
      if (!(await repo.disable(user.id))) return false
      await audit.record({
        action: 'second-factor.disable',
        actorId: null,
        subjectId: user.id,
        detail: 'authenticator app, from the console',
      })
      return true
    },

    /** Checks an authenticator code as a second factor, spending its time step. */
    async acceptCode(user: User, code: string): Promise<boolean> {
      if (user.totp_enabled_at === null || !user.totp_secret) return false
      const step = await matchingStep(user.totp_secret, code, user.totp_last_step)
      // The claim is atomic: of two requests racing with one code, one wins.
      return step !== undefined && (await repo.claimStep(user.id, step))
    },

    /** Spends a recovery code as a second factor. */
    async acceptRecoveryCode(user: User, code: string): Promise<boolean> {
      if (user.totp_enabled_at === null || code.length > 64) return false
      return repo.useRecoveryCode(user.id, hashRecovery(code), now())
    },
  }
}
export type TotpService = ReturnType<typeof createTotpService>
