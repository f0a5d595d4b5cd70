// App passwords (DESIGN.md §7): per-device secrets for WebDAV and scripts, never for the web
// sign-in. The secret is 192 random bits made here, not chosen by a person, so nothing can be
// guessed faster with a fast hash: it is stored as HMAC-SHA256 under a key derived from SECRET
// (a leaked database alone cannot even confirm a guess), and looked up by that hash in one
// indexed read. argon2id would cost ~50 ms of CPU on every WebDAV request for no gain: slow
// hashing only protects low-entropy secrets.
import type { Limits } from '../../config.ts'
import type { AppPasswordScope } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { AppPasswordRow, AppPasswordsRepository } from '../../repositories/app-passwords.ts'
import { deriveKey, hmac, randomId } from '../../util/crypto.ts'
import { normaliseEmail } from '../../util/email.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { AppPasswordJson, CreateAppPasswordReply } from '../../schemas/user.ts'
import { confirmPassword } from './passwords.ts'
import type { AuditService } from '../audit.ts'
import type { LoginThrottle } from './login-throttle.ts'

/** A use is recorded at most once a minute: a WebDAV sync sends hundreds of requests. */
const TOUCH_EVERY_MS = 60_000
const NAME_MAX = 100

/**
 * 24 random bytes in base64url, never starting with "-" or "_": one in 32 did, and a command line
 * then read it as a flag (`rclone obscure -1gQ…` fails: "unknown shorthand flag").
 */
export function newAppPasswordSecret(): string {
  for (;;) {
    const secret = randomId(24)
    if (/^[A-Za-z0-9]/.test(secret)) return secret
  }
}

export function createAppPasswordService(deps: {
  repo: AppPasswordsRepository
  users: Pick<UsersRepository, 'byId'>
  secret: string
  limits: Pick<Limits, 'maxAppPasswords'>
  throttle: LoginThrottle
  audit: AuditService
  now?: () => number
}) {
  const { repo, throttle, audit } = deps
  const now = deps.now ?? Date.now
  const key = deriveKey(deps.secret, 'app-password')
  const hashOf = (secret: string) => hmac(key, secret)

  const toJson = (r: AppPasswordRow): AppPasswordJson => ({
    _id: r.id,
    name: r.name,
    scope: r.scope,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
  })

  return {
    /** Needs the password again, as adding a passkey does: a stolen session must not plant lasting access. */
    async create(
      userId: string,
      rawName: string,
      scope: AppPasswordScope,
      password: string,
      ip?: string,
    ): Promise<CreateAppPasswordReply> {
      const name = rawName.trim()
      if (!name) throw errors.badRequest('Name the app password (for example, the device that will use it)')
      if (name.length > NAME_MAX) throw errors.badRequest(`The name must be at most ${NAME_MAX} characters`)
      const user = await deps.users.byId(userId)
      if (!user) throw errors.unauthorized()
      await confirmPassword(user, password)
      if ((await repo.count(userId)) >= deps.limits.maxAppPasswords) {
        throw errors.tooManyAppPasswords(deps.limits.maxAppPasswords)
      }
      const secret = newAppPasswordSecret()
      const row = {
        id: randomId(),
        user_id: userId,
        name,
        scope,
        secret_hash: hashOf(secret),
        created_at: now(),
        last_used_at: null,
      }
      await repo.insert(row)
      await audit.record({
        action: 'app-password.create',
        actorId: userId,
        subjectId: userId,
        ip,
        detail: `${name} (${scope})`,
      })
      return { appPassword: toJson(row), secret }
    },

    /**
     * Ends every app password made until now (a password change or reset, log out everywhere):
     * one planted by whoever held a session or knew the old password must not outlive it.
     * `actorId`: who did it when not the user (an admin; null: the console).
     */
    async endAll(userId: string, why: string, ip?: string, actorId: string | null = userId): Promise<void> {
      const ended = await repo.removeMadeBy(userId, now())
      if (ended > 0)
        await audit.record({
          action: 'app-password.revoke',
          actorId,
          subjectId: userId,
          ip,
          detail: `${ended === 1 ? '1 app password' : `${ended} app passwords`}, ${why}`,
        })
    },

    list: async (userId: string): Promise<AppPasswordJson[]> => (await repo.list(userId)).map(toJson),

    async revoke(userId: string, id: string, ip?: string): Promise<void> {
      const gone = await repo.remove(userId, id)
      if (!gone) throw errors.notFound('App password')
      await audit.record({ action: 'app-password.revoke', actorId: userId, subjectId: userId, ip, detail: gone.name })
    },

    /**
     * For WebDAV (HTTP Basic): the account and scope an email + app password open, or null.
     * Throttled with the sign-in's counters (per account and address, and per address), so a
     * guesser gains nothing by switching between the two doors; 429 while it must wait.
     *
     * Checked before a failure is counted, unlike a password: an app password is 144 random bits,
     * so a burst of parallel guesses gains nothing, while counting first made a sync client's
     * parallel requests (rclone sends 8 at once) claim 8 failures before the first check refunded
     * one: with Redis or PostgreSQL they truly overlap, and the 6th and later got 429.
     */
    async verifyAppPassword(
      rawEmail: string,
      secret: string,
      address: string,
    ): Promise<{ userId: string; scope: AppPasswordScope } | null> {
      const email = normaliseEmail(rawEmail)
      const held = await throttle.waiting(email, address)
      if (held > 0) throw errors.tooManyFailedLogins(held)
      const found = secret.length <= 256 ? await repo.bySecretHash(hashOf(secret)) : undefined
      if (!found || found.email !== email || found.disabled) {
        const wait = await throttle.begin(email, address)
        if (wait > 0) throw errors.tooManyFailedLogins(wait)
        return null
      }
      const t = now()
      // Skipped outright when fresh: even an UPDATE that changes nothing is a write, which a
      // WebDAV reply would then wait to be made durable (plugins/durable-replies.ts).
      if (found.last_used_at === null || found.last_used_at < t - TOUCH_EVERY_MS)
        await repo.touch(found.id, t, t - TOUCH_EVERY_MS)
      return { userId: found.user_id, scope: found.scope }
    },
  }
}
export type AppPasswordService = ReturnType<typeof createAppPasswordService>
