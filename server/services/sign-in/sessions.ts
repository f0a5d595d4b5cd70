// Sessions: a short-lived JWT access token naming its session, and an opaque refresh token that
// rotates on every use. Only hashes of refresh tokens are stored (DESIGN.md §4).
import { createHash, createSecretKey, webcrypto } from 'node:crypto'
import Bowser from 'bowser'
import { type JWTPayload, SignJWT, jwtVerify } from 'jose'
import type { Limits } from '../../config.ts'
import type { UserRole } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { SessionsRepository } from '../../repositories/sessions.ts'
import type { DeviceJson } from '../../schemas/user.ts'
import { randomId, sha256 } from '../../util/crypto.ts'

export interface Tokens {
  accessToken: string
  /** Absent when a request inside the grace window reused the previous refresh token. */
  refreshToken?: string
}

/** Where a sign-in came from, kept for the devices list. */
export interface ClientInfo {
  ip: string
  userAgent: string | undefined
}

/** User agents are kept to this length: enough for any real one, bounded for a forged one. */
const USER_AGENT_MAX = 512

/** "Firefox 133", "macOS", "Android 14": names people recognise; null when the agent says nothing. */
function describeAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null }
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null
  // Desktop browsers freeze the system version in their agent (every Mac says 10.15.7, Windows
  // 11 says 10): only the phones' versions are worth showing.
  const osMajor = /^(iOS|Android)$/.test(parsed.os.name ?? '') ? parsed.os.version?.split('.')[0] : undefined
  const os = parsed.os.name ? `${parsed.os.name}${osMajor ? ` ${osMajor}` : ''}` : null
  return { browser, os }
}

export interface Principal {
  userId: string
  sessionId: string
  /** users.drive_version when the request was authenticated: cached lists are keyed by it. */
  driveVersion: number
  /** The account's role as of this request (read with the session, so a demotion takes effect at once). */
  role?: UserRole
  /** The account's password is a temporary one an admin set: the session may only choose a new one (plugins/auth.ts). */
  mustChangePassword?: boolean
}

export function createSessionService(deps: {
  sessions: SessionsRepository
  secret: string
  limits: Limits
  now?: () => number
}) {
  const { sessions, limits } = deps
  const now = deps.now ?? Date.now
  // A key of its own for access tokens, derived so SECRET can serve other purposes too.
  const keyBytes = createHash('sha256').update(`cumulus access-token\0${deps.secret}`).digest()
  const key = createSecretKey(keyBytes)
  // For verifying, a CryptoKey imported once: handed a KeyObject, jose converts it to a CryptoKey
  // on every call, which cost as much as the HMAC itself.
  const verifyKey = webcrypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])

  // Tokens jose has already accepted, by their exact text. A WebCrypto HMAC verify costs ~30 µs
  // of CPU plus a thread-pool round trip per request, more than everything else auth does; a
  // browser sends the same token for its 20 minutes. Only the signature check is remembered:
  // expiry is re-checked against the clock on each use, and the session row is still read on
  // every request, so revocation takes effect on the next one (DESIGN.md §4). Bounded, oldest
  // first out; only tokens that verified get in, so garbage tokens cannot flush it.
  const verified = new Map<string, JWTPayload & { exp: number }>()
  const VERIFIED_MAX = 4096
  async function verifiedClaims(token: string): Promise<JWTPayload> {
    const hit = verified.get(token)
    // jose's rule: a token is expired once exp <= the current second.
    if (hit && hit.exp * 1000 > now()) return hit
    if (hit) verified.delete(token)
    const { payload } = await jwtVerify(token, await verifyKey, { algorithms: ['HS256'], currentDate: new Date(now()) })
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!)
      verified.set(token, payload as JWTPayload & { exp: number })
    }
    return payload
  }

  // `typ` keeps the two kinds apart: a stream token never works as an access token.
  const sign = (typ: 'access' | 'stream', userId: string, sessionId: string, ttlMs: number) =>
    new SignJWT({ sid: sessionId, typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.ceil((now() + ttlMs) / 1000))
      .sign(key)
  const signAccess = (userId: string, sessionId: string) => sign('access', userId, sessionId, limits.accessTokenTtlMs)

  async function verifyTyped(token: string | undefined, typ: 'access' | 'stream'): Promise<Principal> {
    if (!token) throw errors.unauthorized()
    let userId: string | undefined
    let claims: Record<string, unknown>
    try {
      const payload = await verifiedClaims(token)
      userId = payload.sub
      claims = payload
    } catch {
      throw errors.unauthorized()
    }
    if (!userId || typeof claims.sid !== 'string' || claims.typ !== typ) throw errors.unauthorized()
    const session = await sessions.liveness(claims.sid)
    if (!session || session.user_id !== userId || session.revoked_at !== null || session.expires_at <= now()) {
      throw errors.unauthorized()
    }
    // Disabling ends the sessions too; this is the same row read, so it costs nothing.
    if (session.disabled) throw errors.accountDisabled()
    return {
      userId,
      sessionId: claims.sid,
      driveVersion: session.drive_version,
      role: session.role,
      ...(session.must_change_password ? { mustChangePassword: true } : {}),
    }
  }

  return {
    /** How many of the account's sessions are still alive (the account page). */
    countActive: (userId: string): Promise<number> => sessions.countActive(userId, now()),

    async start(userId: string, browserId: string, client?: ClientInfo): Promise<Tokens> {
      const t = now()
      const refreshToken = randomId(32)
      const id = randomId()
      await sessions.insert({
        id,
        user_id: userId,
        browser_id: browserId,
        refresh_hash: sha256(refreshToken),
        prev_refresh_hash: null,
        rotated_at: t,
        created_at: t,
        expires_at: t + limits.refreshTokenTtlMs,
        revoked_at: null,
        ip: client?.ip ?? null,
        user_agent: client?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        last_seen_at: t,
      })
      return { accessToken: await signAccess(userId, id), refreshToken }
    },

    /**
     * Exchanges a refresh token for new tokens. The previous token is honoured for a short grace
     * window (two tabs refreshing together); presenting it later is treated as theft and ends the
     * session.
     */
    async refresh(refreshToken: string | undefined, browserId: string): Promise<Tokens> {
      if (!refreshToken) throw errors.unauthorized()
      const t = now()
      const hash = sha256(refreshToken)
      const current = await sessions.byRefreshHash(hash)
      if (current) {
        if (current.revoked_at !== null || current.expires_at <= t || current.browser_id !== browserId)
          throw errors.unauthorized()
        const next = randomId(32)
        if (await sessions.rotate(current.id, hash, sha256(next), t, t + limits.refreshTokenTtlMs)) {
          return { accessToken: await signAccess(current.user_id, current.id), refreshToken: next }
        }
        // Lost a race with a concurrent rotation: fall through to the grace rule below.
      }
      const previous = await sessions.byPreviousRefreshHash(hash)
      if (!previous || previous.revoked_at !== null || previous.expires_at <= t || previous.browser_id !== browserId) {
        throw errors.unauthorized()
      }
      if (t - previous.rotated_at <= limits.refreshGraceMs) {
        return { accessToken: await signAccess(previous.user_id, previous.id) }
      }
      await sessions.revoke(previous.id, t)
      throw errors.refreshTokenReused()
    },

    /** Verifies an access token and that its session is still live (revocation is immediate). */
    verify: (accessToken: string | undefined) => verifyTyped(accessToken, 'access'),

    /** A longer-lived token for one session's video streams (a film outlasts an access token). */
    signStream: (p: Principal) => sign('stream', p.userId, p.sessionId, limits.streamTokenTtlMs),
    verifyStream: (token: string | undefined) => verifyTyped(token, 'stream'),

    /** Ends the session a refresh or access token belongs to; unknown tokens are ignored. */
    async end(refreshToken: string | undefined, principal: Principal | undefined): Promise<void> {
      const t = now()
      if (principal) await sessions.revoke(principal.sessionId, t)
      if (refreshToken) {
        const s =
          (await sessions.byRefreshHash(sha256(refreshToken))) ??
          (await sessions.byPreviousRefreshHash(sha256(refreshToken)))
        if (s) await sessions.revoke(s.id, t)
      }
    },

    endAll: (userId: string, exceptSessionId?: string) => sessions.revokeAllForUser(userId, now(), exceptSessionId),

    /** The user's live sessions (devices), the caller's marked `current`. */
    async devices(principal: Principal): Promise<DeviceJson[]> {
      return (await sessions.devices(principal.userId, now())).map((s) => ({
        _id: s.id,
        current: s.id === principal.sessionId,
        ...describeAgent(s.user_agent),
        ip: s.ip,
        createdAt: new Date(s.created_at).toISOString(),
        lastSeenAt: new Date(s.last_seen_at ?? s.created_at).toISOString(),
      }))
    },

    /** Signs one of the user's own sessions out; another user's id (or a dead one) is 404. */
    async endOwn(userId: string, sessionId: string): Promise<void> {
      if (!(await sessions.revokeOwn(userId, sessionId, now()))) throw errors.notFound('Session')
    },
  }
}
export type SessionService = ReturnType<typeof createSessionService>
