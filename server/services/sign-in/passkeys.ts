// Passkeys (WebAuthn, DESIGN.md §7): an account's credentials, made and checked with
// @simplewebauthn/server. Every ceremony starts with options whose challenge is kept server-side
// under a random token in an HttpOnly cookie, bound to the browser and the account (or, for a
// passwordless sign-in, to nobody yet), alive a couple of minutes and answered once: taking it
// deletes it. A passkey signs in alone (it was verified on the device: user verification is
// required), or completes a password sign-in as its second factor (services/sign-in/second-factor.ts).
// Its signature counter must move forward, so an answer from a cloned authenticator that rolls
// it back is refused. Adding one needs the password: a stolen session must not plant a way in.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Limits, WebauthnConfig } from '../../config.ts'
import type { Passkey, User, WebauthnPurpose } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { PasskeysRepository } from '../../repositories/passkeys.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { PasskeyJson } from '../../schemas/webauthn.ts'
import { randomId, sha256 } from '../../util/crypto.ts'
import { confirmPassword } from './passwords.ts'
import type { AuditService } from '../audit.ts'
import type { LoginThrottle } from './login-throttle.ts'
import type { ClientInfo, SessionService, Tokens } from './sessions.ts'

/** A ceremony's options, and the token for the browser's cookie. */
export interface Ceremony<T> {
  token: string
  maxAgeMs: number
  options: T
}

const NAME_MAX = 64
/** What the browser gives the person to answer (the ceremony itself lives a little longer). */
const PROMPT_TIMEOUT_MS = 60_000

/** How a passkey looks on the wire: never its key or counter. */
const toJson = (p: Passkey): PasskeyJson => ({
  _id: p.id,
  name: p.name,
  createdAt: new Date(p.created_at).toISOString(),
  lastUsedAt: p.last_used_at === null ? null : new Date(p.last_used_at).toISOString(),
})

const transportsOf = (p: Passkey) => (p.transports ? p.transports.split(',') : undefined)
const descriptor = (p: Passkey) => ({ id: p.credential_id, ...(p.transports ? { transports: transportsOf(p) } : {}) })

function cleanName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/\s+/g, ' ').trim()
  if (name.length > NAME_MAX) throw errors.badRequest(`A passkey's name must be at most ${NAME_MAX} characters`)
  return name || 'Passkey'
}

export function createPasskeyService(deps: {
  repo: PasskeysRepository
  users: Pick<UsersRepository, 'byId'>
  sessions: Pick<SessionService, 'start' | 'endAll'>
  audit: AuditService
  /** Failed passwordless sign-ins, counted per (account, address) as wrong second factors are. */
  throttle: LoginThrottle
  webauthn: WebauthnConfig | undefined
  limits: Pick<Limits, 'webauthnChallengeTtlMs' | 'maxPasskeys'>
  now?: () => number
}) {
  const { repo, audit, throttle, limits } = deps
  const now = deps.now ?? Date.now

  function relyingParty(): WebauthnConfig {
    if (!deps.webauthn) throw errors.passkeysUnavailable()
    return deps.webauthn
  }

  async function userOf(userId: string): Promise<User> {
    const user = await deps.users.byId(userId)
    if (!user) throw errors.unauthorized()
    return user
  }

  async function begin<T extends { challenge: string }>(
    purpose: WebauthnPurpose,
    userId: string | null,
    browserId: string,
    options: T,
  ): Promise<Ceremony<T>> {
    const token = randomId(32)
    await repo.ceremonies.insert({
      id_hash: sha256(token),
      purpose,
      user_id: userId,
      browser_id: browserId,
      challenge: options.challenge,
      expires_at: now() + limits.webauthnChallengeTtlMs,
    })
    return { token, maxAgeMs: limits.webauthnChallengeTtlMs, options }
  }

  /** Ends the ceremony; its challenge, when it was this browser's, for this purpose and account. */
  async function take(
    token: string | undefined,
    purpose: WebauthnPurpose,
    browserId: string,
    userId: string | null,
  ): Promise<string | undefined> {
    const row = token ? await repo.ceremonies.take(sha256(token), now()) : undefined
    return row && row.purpose === purpose && row.browser_id === browserId && row.user_id === userId
      ? row.challenge
      : undefined
  }

  /** Verifies an assertion by `passkey` and moves its counter; false for anything wrong. */
  async function verifyAssertion(
    passkey: Passkey,
    challenge: string,
    response: AuthenticationResponseJSON,
    userVerified: boolean,
  ): Promise<boolean> {
    const rp = relyingParty()
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: Number(passkey.counter),
          transports: transportsOf(passkey),
        },
        requireUserVerification: userVerified,
      })
    } catch {
      // A bad signature, origin, challenge or a counter that went back: the library throws.
      return false
    }
    // The move is atomic: of two answers racing with one counter value, one passes.
    return (
      result.verified &&
      (await repo.use(
        passkey.user_id,
        passkey.id,
        Number(passkey.counter),
        result.authenticationInfo.newCounter,
        now(),
      ))
    )
  }

  return {
    available: () => deps.webauthn !== undefined,

    list: async (userId: string): Promise<PasskeyJson[]> => (await repo.list(userId)).map(toJson),

    /** Whether the account has a passkey (then a password sign-in asks for it). */
    has: async (userId: string): Promise<boolean> => (await repo.count(userId)) > 0,

    /** Options for navigator.credentials.create; the password is asked again first. */
    async registrationOptions(
      userId: string,
      browserId: string,
      password: string,
    ): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
      const rp = relyingParty()
      const user = await userOf(userId)
      await confirmPassword(user, password)
      const existing = await repo.list(userId)
      if (existing.length >= limits.maxPasskeys) throw errors.tooManyPasskeys(limits.maxPasskeys)
      const options = await generateRegistrationOptions({
        rpName: 'Cumulus',
        rpID: rp.rpId,
        userName: user.email,
        userDisplayName: user.email,
        // The user handle a discoverable passkey hands back at sign-in: our random id, no personal data.
        userID: new TextEncoder().encode(user.id),
        timeout: PROMPT_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map(descriptor),
        // Discoverable, so it can sign in without an email typed first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      return begin('register', userId, browserId, options)
    },

    /** Keeps the new passkey. The first second factor of an account ends its other sessions (as TOTP's does). */
    async register(
      userId: string,
      sessionId: string,
      token: string | undefined,
      browserId: string,
      rawName: string | undefined,
      response: RegistrationResponseJSON,
      ip?: string,
    ): Promise<PasskeyJson> {
      const rp = relyingParty()
      const name = cleanName(rawName)
      const challenge = await take(token, 'register', browserId, userId)
      if (!challenge) throw errors.passkeyChallengeExpired()
      const user = await userOf(userId)
      let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>
      try {
        result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpId,
          requireUserVerification: false,
        })
      } catch {
        throw errors.badRequest('The passkey could not be checked: try again')
      }
      if (!result.verified) throw errors.badRequest('The passkey could not be checked: try again')
      const { credential } = result.registrationInfo
      const hadSecondFactor = user.totp_enabled_at !== null || (await repo.count(userId)) > 0
      const row = {
        id: randomId(),
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports?.length ? credential.transports.join(',') : null,
        name,
        created_at: now(),
      }
      if (!(await repo.insert(row))) throw errors.passkeyExists()
      // From now on the password alone no longer signs in: whoever else held a session got it with it.
      if (!hadSecondFactor) await deps.sessions.endAll(userId, sessionId)
      await audit.record({ action: 'passkey.add', actorId: userId, subjectId: userId, ip, detail: name })
      return toJson({ ...row, last_used_at: null })
    },

    async rename(userId: string, id: string, rawName: string, ip?: string): Promise<void> {
      const name = cleanName(rawName)
      if (!(await repo.rename(userId, id, name))) throw errors.notFound('Passkey')
      await audit.record({ action: 'passkey.rename', actorId: userId, subjectId: userId, ip, detail: name })
    },

    /** Needs the password, as turning TOTP off does: the last passkey is a second factor. */
    async remove(userId: string, id: string, password: string, ip?: string): Promise<void> {
      await confirmPassword(await userOf(userId), password)
      const removed = await repo.remove(userId, id)
      if (!removed) throw errors.notFound('Passkey')
      await audit.record({ action: 'passkey.remove', actorId: userId, subjectId: userId, ip, detail: removed.name })
    },

    /** A reset by mail's clean-up (second-factor.ts dropRecent): removes those added since `since`. */
    async removeAddedSince(userId: string, since: number): Promise<void> {
      for (const name of await repo.removeAddedSince(userId, since)) {
        await audit.record({
          action: 'passkey.remove',
          actorId: userId,
          subjectId: userId,
          detail: `${name}, added shortly before the password reset`,
        })
      }
    },

    /** The console's way back in (a lost device): removes every passkey of the account. */
    async removeAll(userId: string): Promise<number> {
      const removed = await repo.removeAll(userId)
      if (removed > 0)
        await audit.record({
          action: 'passkey.remove',
          actorId: null,
          subjectId: userId,
          detail: `${removed} ${removed === 1 ? 'passkey' : 'passkeys'}, from the console`,
        })
      return removed
    },

    /**
     * Options for navigator.credentials.get: for a passwordless sign-in (no account: the browser
     * offers its discoverable passkeys), or for `user`'s pending second step (their passkeys only).
     */
    async authenticationOptions(
      browserId: string,
      user?: User,
    ): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
      const rp = relyingParty()
      const allow = user ? (await repo.list(user.id)).map(descriptor) : undefined
      if (allow && allow.length === 0) throw errors.badRequest('This account has no passkey')
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        timeout: PROMPT_TIMEOUT_MS,
        ...(allow ? { allowCredentials: allow } : {}),
        // Alone a passkey must prove who holds it; after the password, holding it is the factor.
        userVerification: user ? 'discouraged' : 'required',
      })
      return begin(user ? 'second-factor' : 'login', user?.id ?? null, browserId, options)
    },

    /** Checks a passkey's answer as `user`'s second factor; the ceremony is spent either way. */
    async acceptSecondFactor(
      user: User,
      token: string | undefined,
      browserId: string,
      response: AuthenticationResponseJSON,
    ): Promise<boolean> {
      const challenge = await take(token, 'second-factor', browserId, user.id)
      if (!challenge) return false
      const passkey = await repo.byCredentialId(response.id)
      return (
        passkey !== undefined &&
        passkey.user_id === user.id &&
        (await verifyAssertion(passkey, challenge, response, false))
      )
    },

    /** A passwordless sign-in: the passkey names its account. */
    async signIn(
      token: string | undefined,
      browserId: string,
      client: ClientInfo,
      response: AuthenticationResponseJSON,
    ): Promise<{ user: User; tokens: Tokens }> {
      const challenge = await take(token, 'login', browserId, null)
      if (!challenge) throw errors.passkeyChallengeExpired()
      const passkey = await repo.byCredentialId(response.id)
      const user = passkey ? await deps.users.byId(passkey.user_id) : undefined
      // A discoverable passkey also names its account; it must be the one the credential is on.
      const handle = response.response.userHandle
      if (!passkey || !user || (handle !== undefined && Buffer.from(handle, 'base64url').toString() !== user.id))
        throw errors.passkeyRefused()
      const wait = await throttle.begin(user.email, client.ip)
      if (wait > 0) throw errors.tooManyFailedLogins(wait)
      if (!(await verifyAssertion(passkey, challenge, response, true))) {
        await audit.record({
          action: 'sign-in.failed',
          actorId: null,
          subjectId: user.id,
          ip: client.ip,
          detail: 'passkey',
        })
        throw errors.passkeyRefused()
      }
      await throttle.succeeded(user.email, client.ip)
      if (user.disabled) throw errors.accountDisabled()
      const tokens = await deps.sessions.start(user.id, browserId, client)
      await audit.record({ action: 'sign-in', actorId: user.id, subjectId: user.id, ip: client.ip, detail: 'passkey' })
      return { user, tokens }
    },
  }
}
export type PasskeyService = ReturnType<typeof createPasskeyService>
