// Single sign-on with an OpenID Connect provider (DESIGN.md §7), through openid-client: the
// authorization code flow with PKCE, state and nonce. What the callback must check travels in a
// cookie sealed with a key derived from SECRET (so every instance can open it), bound to the
// browser's id, alive a few minutes, and cleared by the callback whatever its outcome. The ID
// token's signature is verified against the provider's published keys.
//
// An identity signs in to the account it was linked to; an unknown one is linked to the account
// with its email, if the provider says that email is verified, or gets a new account without a
// password (unless sign-up is closed or needs an invite). The provider's sign-in is the whole
// sign-in: a second factor of the account is not asked for (the provider has its own).
import * as client from 'openid-client'
import type { OidcConfig } from '../../config.ts'
import type { User } from '../../db/schema.ts'
import { AppError, errors } from '../../errors.ts'
import type { OidcIdentitiesRepository } from '../../repositories/oidc-identities.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import { deriveKey, openText, sealText } from '../../util/crypto.ts'
import { isValidEmail } from '../../util/email.ts'
import type { AccountService } from './accounts.ts'
import type { AuditService } from '../audit.ts'
import type { ClientInfo, SessionService, Tokens } from './sessions.ts'

/** The path the provider sends the browser back to (register `${PUBLIC_URL}${OIDC_CALLBACK_PATH}` there). */
export const OIDC_CALLBACK_PATH = '/auth/oidc/callback'
/** How long a started single sign-on may take at the provider. */
export const OIDC_PENDING_TTL_MS = 10 * 60_000

interface Pending {
  state: string
  nonce: string
  verifier: string
  browserId: string
  expiresAt: number
}

export function createOidcService(deps: {
  oidc: OidcConfig
  publicUrl: string
  secret: string
  users: Pick<UsersRepository, 'byId' | 'byEmail'>
  identities: OidcIdentitiesRepository
  accounts: Pick<AccountService, 'createWithoutPassword'>
  sessions: Pick<SessionService, 'start'>
  audit: AuditService
  now?: () => number
}) {
  const { oidc, identities, audit } = deps
  const now = deps.now ?? Date.now
  const key = deriveKey(deps.secret, 'oidc pending sign-in')
  const redirectUri = `${deps.publicUrl}${OIDC_CALLBACK_PATH}`

  // Discovered on first use, and again after a failure (the provider may have been down at start).
  let discovered: Promise<client.Configuration> | undefined
  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
        execute: [
          // openid-client trusts an ID token from the token endpoint on TLS alone and checks no
          // signature; with an http issuer nothing would vouch for it. Checked against the
          // provider's keys (its jwks_uri, cached) whatever the transport.
          client.enableNonRepudiationChecks,
          // An issuer the operator gave as http (a provider on the home network) is taken at its word.
          ...(new URL(oidc.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : []),
        ],
      })
      .catch((err: unknown) => {
        discovered = undefined
        throw err
      })
    return discovered.catch(() => {
      throw errors.oidcUnavailable()
    })
  }

  function openPending(sealed: string | undefined): Pending {
    if (!sealed) throw errors.oidcState()
    let pending: Pending
    try {
      pending = JSON.parse(openText(key, sealed)) as Pending
    } catch {
      throw errors.oidcState()
    }
    if (typeof pending.expiresAt !== 'number' || pending.expiresAt <= now()) throw errors.oidcState()
    return pending
  }

  /** The account an identity signs in to, linking or creating it by a verified email the first time. */
  async function accountFor(
    issuer: string,
    subject: string,
    email: unknown,
    verified: unknown,
    ip: string,
    name?: unknown,
  ): Promise<User> {
    const linked = await identities.userIdOf(issuer, subject)
    if (linked) {
      const user = await deps.users.byId(linked)
      if (user) return user
    }
    // Only the provider's word that the address is its user's lets it open an account here.
    if (typeof email !== 'string' || verified !== true) throw errors.oidcEmailUnverified()
    // An address sign-up would refuse neither opens an account nor links to one that has it.
    if (!isValidEmail(email.trim().toLowerCase())) throw errors.oidcEmailInvalid()
    const existing = await deps.users.byEmail(email.trim().toLowerCase())
    const user = existing ?? (await deps.accounts.createWithoutPassword(email, ip, name))
    if (await identities.link(issuer, subject, user.id, now())) {
      await audit.record({
        action: 'oidc.link',
        actorId: user.id,
        subjectId: user.id,
        ip,
        detail: existing ? 'existing account' : 'new account',
      })
    }
    return user
  }

  return {
    buttonLabel: oidc.buttonLabel,

    /** Where to send the browser, and the sealed pending sign-in for its cookie. */
    async begin(browserId: string): Promise<{ url: string; pending: string; maxAgeMs: number }> {
      const config = await configuration()
      const verifier = client.randomPKCECodeVerifier()
      const pending: Pending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        browserId,
        expiresAt: now() + OIDC_PENDING_TTL_MS,
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      })
      return { url: url.href, pending: sealText(key, JSON.stringify(pending)), maxAgeMs: OIDC_PENDING_TTL_MS }
    },

    /**
     * The provider's answer (`query`: the callback's query string) with the browser's pending
     * sign-in: checks state, PKCE and nonce, then signs in to the linked or matching account.
     */
    async complete(
      query: string,
      sealed: string | undefined,
      client_: ClientInfo,
    ): Promise<{ user: User; tokens: Tokens }> {
      const pending = openPending(sealed)
      const ip = client_.ip ?? ''
      // The state is checked here first, so a forged answer never reaches the provider's token endpoint.
      if (new URLSearchParams(query).get('state') !== pending.state) throw errors.oidcState()
      const config = await configuration()
      let issuer: string
      let subject: string
      let email: unknown
      let verified: unknown
      let name: unknown
      try {
        const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        })
        const claims = tokens.claims()!
        issuer = claims.iss
        subject = claims.sub
        // Providers put email claims in the ID token or only in the userinfo reply.
        const info = config.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(config, tokens.access_token, subject)
          : claims
        email = info.email ?? claims.email
        verified = info.email_verified ?? claims.email_verified
        // The display name of a new account (accounts.ts uses it only when it passes the name rule).
        name = info.name ?? claims.name
      } catch (err) {
        if (err instanceof AppError) throw err
        throw errors.oidcFailed()
      }
      const user = await accountFor(issuer, subject, email, verified, ip, name)
      if (user.disabled) throw errors.accountDisabled()
      await identities.touch(issuer, subject, now())
      const tokens = await deps.sessions.start(user.id, pending.browserId, client_)
      await audit.record({ action: 'sign-in', actorId: user.id, subjectId: user.id, ip, detail: 'oidc' })
      return { user, tokens }
    },
  }
}
export type OidcService = ReturnType<typeof createOidcService>
