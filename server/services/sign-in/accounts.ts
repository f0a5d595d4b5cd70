// Account rules: sign-up (open, or by an admin's invite), login, password change and reset,
// email verification, and the temporary passwords an admin hands out.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Config } from '../../config.ts'
import type { User } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { MailTokensRepository } from '../../repositories/mail-tokens.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { SecondFactorReply, SignedInReply, UserJson } from '../../schemas/user.ts'
import { randomId, sha256 } from '../../util/crypto.ts'
import { isValidEmail, normaliseEmail } from '../../util/email.ts'
import { checkPersonName, isPersonName } from '../../util/names.ts'
import type { AppPasswordService } from './app-passwords.ts'
import type { NameChanged } from '../sharing/name-freshness.ts'
import type { AuditService } from '../audit.ts'
import { createMemoryBackoffStore } from '../../util/limiter.ts'
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts'
import { linkMail, type Mail, type Mailer } from '../mailer.ts'
import {
  checkPassword,
  hashPassword,
  hasPassword,
  passwordSignsIn,
  confirmPassword,
  temporaryPassword,
} from './passwords.ts'
import type { SecondFactorAnswer, SecondFactorService } from './second-factor.ts'
import type { ClientInfo, SessionService, Tokens } from './sessions.ts'

/** The server's copy of the sign-up rules of SPEC §5 (clients are never trusted). */
export function checkCredentials(email: string, password: string): void {
  if (email.length < 3) throw errors.badRequest('Email must be at least 3 characters')
  if (email.length > 320) throw errors.badRequest('Email must be less than 320 characters')
  if (!isValidEmail(email)) throw errors.badRequest('Email is invalid')
  checkPassword(password)
}

/** The display name an account starts with: its email's local part (DESIGN.md §8 "Names"). */
export const defaultDisplayName = (email: string) => email.slice(0, email.indexOf('@'))

/** A login's outcome: a session, or (with a second factor on) a challenge for the browser's cookie. */
export type LoginResult =
  (SignedInReply & { tokens: Tokens }) | (SecondFactorReply & { challenge: { token: string; maxAgeMs: number } })

/**
 * Sign-up's use of an invite link (family/invites.ts gives it): declared here, where it is used,
 * so that sign-in needs nothing from family.
 */
export interface InviteRedemption {
  /** Uses up the invite of `token`, or throws why it cannot be (used, expired, unknown). */
  redeem(token: string): Promise<void>
  /** Gives back an invite used up by a sign-up that failed after all. */
  giveBack(token: string): Promise<void>
}

export function createAccountService(deps: {
  config: Pick<Config, 'signup' | 'emailVerification' | 'publicUrl' | 'limits' | 'defaultQuota'>
  users: UsersRepository
  mailTokens: MailTokensRepository
  invites: InviteRedemption
  sessions: SessionService
  mailer: Mailer
  audit: AuditService
  /** Failed logins per (account, address) and per address; default: counted in this instance's memory. */
  loginThrottle?: LoginThrottle
  /** Ended with the password (services/sign-in/app-passwords.ts endAll). */
  appPasswords: Pick<AppPasswordService, 'endAll'>
  /** Told of a display name change: the cached lists that show it go stale (services/sharing/name-freshness.ts). */
  nameChanged?: NameChanged
  /** Pending sign-ins of accounts with a second factor; absent, every right password signs in. */
  secondFactor?: Pick<SecondFactorService, 'methods' | 'begin' | 'complete' | 'dropRecent'>
  now?: () => number
}) {
  const { config, users, mailTokens, invites, sessions, mailer, audit, appPasswords } = deps
  const now = deps.now ?? Date.now
  const loginThrottle = deps.loginThrottle ?? createLoginThrottle(config.limits, createMemoryBackoffStore())

  const toJson = (u: User): UserJson => ({
    _id: u.id,
    email: u.email,
    displayName: u.display_name,
    createdAt: new Date(u.created_at).toISOString(),
    role: u.role,
    ...(config.emailVerification ? { emailVerified: u.email_verified === 1 } : {}),
    // Only when set, so the spec's user reply is unchanged for everyone else: a restored session
    // (GET /user) must know it too, not only the login reply.
    ...(u.must_change_password === 1 ? { mustChangePassword: true } : {}),
    // Only for an account a single sign-on made: Settings then offers to set a password.
    ...(hasPassword(u) ? {} : { hasPassword: false }),
  })

  /** Makes a single-use token, mails its link (in `compose`'s words when given), and returns whether the mail went out. */
  async function mailToken(user: User, kind: 'verify' | 'reset', compose?: (link: string) => Mail): Promise<boolean> {
    const token = randomId(32)
    const t = now()
    await mailTokens.expireAll(user.id, kind, t)
    await mailTokens.insert({
      token_hash: sha256(token),
      user_id: user.id,
      kind,
      created_at: t,
      expires_at: t + (kind === 'verify' ? config.limits.verifyTokenTtlMs : config.limits.resetTokenTtlMs),
    })
    const mail = compose
      ? compose(`${config.publicUrl}/${kind === 'verify' ? 'verify-email' : 'reset-password'}/${token}`)
      : kind === 'verify'
        ? linkMail(
            user.email,
            'Verify your Cumulus email',
            'Welcome to Cumulus. Please confirm this is your email address.',
            'Verify email',
            `${config.publicUrl}/verify-email/${token}`,
            'The link works once and expires in 24 hours.',
          )
        : linkMail(
            user.email,
            'Reset your Cumulus password',
            'Someone asked to reset the password of your Cumulus account.',
            'Reset password',
            `${config.publicUrl}/reset-password/${token}`,
            'The link works once and expires in 1 hour. If you did not ask for this, ignore this email.',
          )
    try {
      await mailer.send(mail)
      return true
    } catch {
      return false
    }
  }

  /** Cooldown shared by resend and reset (60 s per account), claimed before sending. */
  async function withMailCooldown(user: User, column: 'verify_sent_at' | 'reset_sent_at', kind: 'verify' | 'reset') {
    const t = now()
    const cooldown = config.limits.mailCooldownMs
    if (!(await users.claimMailSlot(user.id, column, t, t - cooldown))) {
      const last = user[column] ?? t
      throw errors.mailCooldown(Math.max(1000, last + cooldown - t))
    }
    if (!(await mailToken(user, kind))) {
      await users.releaseMailSlot(user.id, column)
      throw errors.mailFailed()
    }
  }

  /**
   * Makes an account: the first one on the server becomes its admin. `mustChange`: the password
   * is a temporary one an admin chose. Used by sign-up, the admin's create and the CLI.
   */
  async function createUser(
    rawEmail: string,
    password: string,
    mustChange = false,
    displayName?: string,
  ): Promise<User> {
    const email = normaliseEmail(rawEmail)
    checkCredentials(email, password)
    const name = optionalName(displayName)
    return insertUser(email, await hashPassword(password), { mustChange, verified: false, displayName: name })
  }

  /** A display name given at sign-up, checked; left out or blank is the default (undefined). */
  function optionalName(raw: string | undefined): string | undefined {
    return raw === undefined || raw.trim() === '' ? undefined : checkPersonName(raw)
  }

  /** Inserts a checked account; `passwordHash` '' = none yet (single sign-on). */
  async function insertUser(
    email: string,
    passwordHash: string,
    opts: { mustChange: boolean; verified: boolean; displayName?: string | undefined },
  ): Promise<User> {
    const { mustChange } = opts
    if (await users.byEmail(email)) throw errors.emailExists()
    const user: User = {
      id: randomId(),
      email,
      password_hash: passwordHash,
      email_verified: opts.verified ? 1 : 0,
      created_at: now(),
      verify_sent_at: null,
      reset_sent_at: null,
      drive_version: 0,
      role: 'user',
      disabled: 0,
      must_change_password: mustChange ? 1 : 0,
      quota: config.defaultQuota ?? null,
      used_bytes: 0,
      reserved_bytes: 0,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      display_name: opts.displayName ?? defaultDisplayName(email),
    }
    try {
      await users.insert(user)
    } catch (err) {
      // Two sign-ups racing for one address: the unique index decides.
      if (await users.byEmail(email)) throw errors.emailExists()
      throw err
    }
    if (await users.claimFirstAdmin(user.id)) user.role = 'admin'
    return user
  }

  /** The rule of sign-up for any door: closed, or invite-only once the server has its first account. */
  async function signupRefusal(hasInvite: boolean): Promise<'closed' | 'invite' | undefined> {
    if (config.signup === 'closed') return 'closed'
    // A fresh server's first account (its admin-to-be) needs no invite: nobody could make one.
    if (config.signup === 'invite' && !hasInvite && (await users.hasAny())) return 'invite'
    return undefined
  }

  return {
    toJson,
    createUser,
    signupRefusal,

    /**
     * An account for a single sign-on's verified email, with no password (the user may set one
     * in Settings); refused like a sign-up when sign-up is closed or needs an invite.
     */
    async createWithoutPassword(rawEmail: string, ip?: string, name?: unknown): Promise<User> {
      const email = normaliseEmail(rawEmail)
      if (!isValidEmail(email)) throw errors.badRequest('Email is invalid')
      if (await signupRefusal(false)) throw errors.oidcSignupClosed()
      // The provider's `name` claim when it passes our rule; anything else falls back to the default.
      const displayName = isPersonName(name) ? name.trim() : undefined
      const user = await insertUser(email, '', { mustChange: false, verified: true, displayName })
      await audit.record({ action: 'sign-up', actorId: user.id, subjectId: user.id, ip, detail: 'oidc' })
      return user
    },

    /** A first password for an account that has none (made by a single sign-on); no current one to ask for. */
    async setFirstPassword(userId: string, password: string, ip?: string) {
      const user = await users.byId(userId)
      if (!user) throw errors.unauthorized()
      if (hasPassword(user)) throw errors.passwordExists()
      checkPassword(password)
      await users.setPassword(user.id, await hashPassword(password))
      await audit.record({ action: 'password.set', actorId: user.id, subjectId: user.id, ip })
    },

    /** Sign-up (SIGNUP=open, or with an admin's invite); `invite` is the token of the link. */
    async signup(
      rawEmail: string,
      password: string,
      browserId: string,
      opts: { invite?: string | undefined; displayName?: string | undefined; client?: ClientInfo } = {},
    ) {
      const refusal = await signupRefusal(Boolean(opts.invite))
      if (refusal === 'closed') throw errors.signupClosed()
      if (refusal === 'invite') throw errors.inviteRequired()
      const email = normaliseEmail(rawEmail)
      checkCredentials(email, password)
      optionalName(opts.displayName)
      // Checked before the invite is used up, so a typo'd address does not waste the link.
      if (await users.byEmail(email)) throw errors.emailExists()
      const invite = opts.invite
      if (invite) await invites.redeem(invite)
      let user: User
      try {
        user = await createUser(email, password, false, opts.displayName)
      } catch (err) {
        if (invite) await invites.giveBack(invite)
        throw err
      }
      let emailSent = false
      if (config.emailVerification) {
        emailSent = await mailToken(user, 'verify')
        if (emailSent) await users.claimMailSlot(user.id, 'verify_sent_at', now(), now())
      }
      await audit.record({
        action: 'sign-up',
        actorId: user.id,
        subjectId: user.id,
        ip: opts.client?.ip,
        ...(invite ? { detail: 'invite' } : {}),
      })
      const tokens = await sessions.start(user.id, browserId, opts.client)
      return { user: toJson(user), emailSent, tokens }
    },

    /** `address` is the client's (req.ip): its waits are checked before spending time on the hash. */
    async login(
      rawEmail: string,
      password: string,
      browserId: string,
      address: string,
      userAgent?: string,
    ): Promise<LoginResult> {
      const email = normaliseEmail(rawEmail)
      const wait = await loginThrottle.begin(email, address)
      if (wait > 0) throw errors.tooManyFailedLogins(wait)
      const user = await users.byEmail(email)
      const ok = await passwordSignsIn(user, password)
      // The attempt was counted as failed when it began.
      if (!user || !ok) {
        // Unknown addresses are not recorded: the log is about accounts, and must not fill with spray.
        if (user) await audit.record({ action: 'sign-in.failed', actorId: null, subjectId: user.id, ip: address })
        throw errors.invalidCredentials()
      }
      await loginThrottle.succeeded(email, address)
      // Said only to whoever knows the password: it reveals nothing to a guesser.
      if (user.disabled) throw errors.accountDisabled()
      // With a second factor the password only earns a challenge: no session, no user data yet.
      const methods = (await deps.secondFactor?.methods(user)) ?? []
      if (deps.secondFactor && methods.length > 0) {
        return {
          secondFactor: methods,
          challenge: await deps.secondFactor.begin(user, browserId, { ip: address, userAgent }),
        }
      }
      const tokens = await sessions.start(user.id, browserId, { ip: address, userAgent })
      await audit.record({ action: 'sign-in', actorId: user.id, subjectId: user.id, ip: address })
      return { user: toJson(user), mustChangePassword: user.must_change_password === 1, tokens }
    },

    /** The second step of a login (`challenge`: the cookie's token); answers as login does. */
    async completeSignIn(
      challenge: string | undefined,
      browserId: string,
      address: string,
      body: { code?: string; recoveryCode?: string; webauthn?: AuthenticationResponseJSON },
      /** A passkey's answer: the token of the ceremony that gave its options. */
      passkeyCeremony?: string,
    ) {
      const given = [body.code, body.recoveryCode, body.webauthn].filter((v) => v !== undefined).length
      if (given !== 1) throw errors.badRequest('Send one of a code, a recovery code or a passkey')
      if (!deps.secondFactor) throw errors.secondFactorExpired()
      const answer: SecondFactorAnswer =
        body.code !== undefined
          ? { code: body.code }
          : body.recoveryCode !== undefined
            ? { recoveryCode: body.recoveryCode }
            : { webauthn: body.webauthn!, ceremony: passkeyCeremony }
      const { user, tokens } = await deps.secondFactor.complete(challenge, browserId, address, answer)
      return { user: toJson(user), mustChangePassword: user.must_change_password === 1, tokens }
    },

    /** The account's own display name (Settings → Account); answers the user JSON. */
    async setDisplayName(userId: string, raw: string, ip?: string): Promise<UserJson> {
      const name = checkPersonName(raw)
      const user = await users.byId(userId)
      if (!user) throw errors.unauthorized()
      if (name !== user.display_name) {
        await users.setDisplayName(userId, name)
        await deps.nameChanged?.(userId)
        await audit.record({ action: 'display-name.change', actorId: userId, subjectId: userId, ip, detail: name })
      }
      return toJson({ ...user, display_name: name })
    },

    /** The account of an address, if there is one (the console's look-up). */
    byEmail: (email: string): Promise<User | undefined> => users.byEmail(normaliseEmail(email)),

    async byId(id: string): Promise<User> {
      const user = await users.byId(id)
      if (!user) throw errors.unauthorized()
      return user
    },

    /** Keeps the caller's session, ends every other one and every app password made before. */
    async changePassword(userId: string, sessionId: string, oldPassword: string, newPassword: string, ip?: string) {
      const user = await users.byId(userId)
      if (!user) throw errors.unauthorized()
      checkPassword(newPassword)
      await confirmPassword(user, oldPassword)
      if (user.must_change_password && newPassword === oldPassword)
        throw errors.badRequest('Choose a new password, not the temporary one')
      await users.setPassword(user.id, await hashPassword(newPassword))
      await sessions.endAll(user.id, sessionId)
      await appPasswords.endAll(user.id, 'with the password change', ip)
      await audit.record({ action: 'password.change', actorId: user.id, subjectId: user.id, ip })
    },

    /** "Log out everywhere": every session, this one too, and every app password. */
    async logoutEverywhere(userId: string, ip?: string) {
      await sessions.endAll(userId)
      await appPasswords.endAll(userId, 'with log out everywhere', ip)
      await audit.record({ action: 'sessions.revoke-all', actorId: userId, subjectId: userId, ip })
    },

    /**
     * Replaces a user's password with a temporary one that must be changed at the next sign-in,
     * and ends every session and app password (an admin's reset, or the CLI's: `actorId` null).
     * Returns the password, shown once.
     */
    async setTemporaryPassword(userId: string, actorId: string | null = null, ip?: string): Promise<string> {
      const password = temporaryPassword()
      await users.setPassword(userId, await hashPassword(password), true)
      await sessions.endAll(userId)
      await appPasswords.endAll(userId, "with the admin's password reset", ip, actorId)
      return password
    },

    /**
     * An admin's reset by mail: a reset link, not a password, goes to the user's address. Only once
     * it is sent does the old password stop working (a random one nobody knows) and every session end.
     */
    async mailPasswordReset(userId: string): Promise<string> {
      if (!mailer.enabled) throw errors.mailDisabled()
      const user = await users.byId(userId)
      if (!user) throw errors.notFound('User')
      const mail = (link: string) =>
        linkMail(
          user.email,
          'Your Cumulus password was reset',
          'The admin of your Cumulus reset your password: your old one no longer works.',
          'Choose a new password',
          link,
          "The link works once and expires in 1 hour. If it has expired, ask the server's admin again.",
        )
      if (!(await mailToken(user, 'reset', mail))) throw errors.mailFailed()
      await users.setPassword(userId, await hashPassword(randomId(32)))
      await sessions.endAll(userId)
      return user.email
    },

    async resendVerification(userId: string) {
      if (!config.emailVerification) throw errors.emailVerificationDisabled()
      const user = await users.byId(userId)
      if (!user) throw errors.unauthorized()
      if (user.email_verified) throw errors.badRequest('Email is already verified')
      await withMailCooldown(user, 'verify_sent_at', 'verify')
    },

    async verifyEmail(token: string) {
      const userId = await mailTokens.consume(sha256(token), 'verify', now())
      if (!userId) throw errors.invalidToken()
      await users.markVerified(userId)
    },

    async sendPasswordReset(rawEmail: string) {
      // 403 as DESIGN.md §4 says, with a code of its own: the app tells the user to ask the
      // server's admin, who can reset it (POST /admin/users/{id}/reset-password, or the CLI).
      if (!config.emailVerification) throw errors.passwordResetMailDisabled()
      const user = await users.byEmail(normaliseEmail(rawEmail))
      if (!user) throw errors.notFound('Email')
      await withMailCooldown(user, 'reset_sent_at', 'reset')
    },

    /**
     * A reset ends every session and app password: whoever knew the old password is logged out.
     * A second factor enrolled in the last days goes too (second-factor.ts dropRecent): one a
     * thief planted must not lock the owner out; an older one stays, with its recovery codes.
     */
    async resetPassword(token: string, password: string) {
      checkPassword(password)
      const userId = await mailTokens.consume(sha256(token), 'reset', now())
      if (!userId) throw errors.invalidToken()
      await users.setPassword(userId, await hashPassword(password))
      await mailTokens.expireAll(userId, 'reset', now())
      // Following the mailed link proves the address too.
      await users.markVerified(userId)
      await sessions.endAll(userId)
      await appPasswords.endAll(userId, 'with the password reset')
      await deps.secondFactor?.dropRecent(userId)
      await audit.record({ action: 'password.reset', actorId: userId, subjectId: userId })
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
