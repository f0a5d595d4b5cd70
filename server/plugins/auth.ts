// Cookies and request authentication. Access and refresh tokens travel only in HttpOnly,
// SameSite=Strict cookies; state-changing requests must also carry the `uuid` header, which a
// cross-site form cannot set (DESIGN.md §4).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { errors } from '../errors.ts'
import type { Principal, SessionService, Tokens } from '../services/sign-in/sessions.ts'

export const ACCESS_COOKIE = 'access-token'
export const REFRESH_COOKIE = 'refresh-token'
/** The video stream cookie travels only to the stream route. */
export const STREAM_COOKIE = 'video-access-token'
export const STREAM_PATH = '/file-service/stream-video'
/** A sign-in waiting for its second factor travels only to the user service (its login routes, and a passkey's options). */
export const CHALLENGE_COOKIE = 'sign-in-challenge'
export const CHALLENGE_PATH = '/user-service'
/** A passkey ceremony in flight (routes/webauthn.ts): its options' challenge, answered once. */
export const PASSKEY_COOKIE = 'passkey-challenge'

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal
  }
  interface FastifyContextConfig {
    /**
     * The route signs in with HTTP Basic and an app password (WebDAV), never a cookie: it needs
     * no uuid. Its writes use methods a cross-site form cannot send, and we answer no CORS
     * preflight, so a browser that remembers the credentials cannot be made to use them.
     */
    appPassword?: boolean
  }
}

const UUID_MAX = 128
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** An admin's temporary password signs in only to choose a new one (requireSession's routes). */
function refuseTemporary(principal: Principal): void {
  if (principal.mustChangePassword) throw errors.passwordChangeRequired()
}

/** The browser id from the `uuid` header, if it is a sane value. */
export function browserId(req: FastifyRequest): string | undefined {
  const v = req.headers.uuid
  return typeof v === 'string' && v.length > 0 && v.length <= UUID_MAX ? v : undefined
}

export function isSecure(config: Pick<Config, 'secureCookies'>, req: FastifyRequest): boolean {
  return config.secureCookies === 'auto' ? req.protocol === 'https' : config.secureCookies
}

export function createAuth(config: Pick<Config, 'secureCookies' | 'limits'>, sessions: SessionService) {
  const cookieBase = (req: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: isSecure(config, req),
  })

  return {
    /** Registers the uuid rule for every state-changing request. */
    install(app: FastifyInstance) {
      // Callback style: an async hook costs a promise and a microtask on every request.
      app.addHook('onRequest', (req, _reply, done) => {
        if (STATE_CHANGING.has(req.method) && !browserId(req) && !req.routeOptions.config.appPassword)
          done(errors.missingUuid())
        else done()
      })
    },

    setTokens(req: FastifyRequest, reply: FastifyReply, tokens: Tokens) {
      reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
        ...cookieBase(req),
        maxAge: Math.floor(config.limits.accessTokenTtlMs / 1000),
      })
      if (tokens.refreshToken) {
        reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
          ...cookieBase(req),
          maxAge: Math.floor(config.limits.refreshTokenTtlMs / 1000),
        })
      }
    },

    clearTokens(req: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(ACCESS_COOKIE, cookieBase(req))
      reply.clearCookie(REFRESH_COOKIE, cookieBase(req))
    },

    setChallenge(req: FastifyRequest, reply: FastifyReply, challenge: { token: string; maxAgeMs: number }) {
      reply.setCookie(CHALLENGE_COOKIE, challenge.token, {
        ...cookieBase(req),
        path: CHALLENGE_PATH,
        maxAge: Math.floor(challenge.maxAgeMs / 1000),
      })
    },

    clearChallenge(req: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(CHALLENGE_COOKIE, { ...cookieBase(req), path: CHALLENGE_PATH })
    },

    setPasskeyCeremony(req: FastifyRequest, reply: FastifyReply, ceremony: { token: string; maxAgeMs: number }) {
      reply.setCookie(PASSKEY_COOKIE, ceremony.token, {
        ...cookieBase(req),
        path: CHALLENGE_PATH,
        maxAge: Math.floor(ceremony.maxAgeMs / 1000),
      })
    },

    clearPasskeyCeremony(req: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(PASSKEY_COOKIE, { ...cookieBase(req), path: CHALLENGE_PATH })
    },

    setStreamToken(req: FastifyRequest, reply: FastifyReply, token: string) {
      reply.setCookie(STREAM_COOKIE, token, {
        ...cookieBase(req),
        path: STREAM_PATH,
        maxAge: Math.floor(config.limits.streamTokenTtlMs / 1000),
      })
    },

    clearStreamToken(req: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(STREAM_COOKIE, { ...cookieBase(req), path: STREAM_PATH })
    },

    /** preHandler for streams: the stream cookie, or a live access cookie. */
    async requireStreamUser(req: FastifyRequest) {
      try {
        req.principal = await sessions.verifyStream(req.cookies[STREAM_COOKIE])
      } catch {
        req.principal = await sessions.verify(req.cookies[ACCESS_COOKIE])
      }
      refuseTemporary(req.principal)
    },

    /**
     * preHandler: 401 unless the access cookie names a live session; 403 while the account's
     * password is a temporary one (the server's rule, not only the app's screen).
     */
    async requireUser(req: FastifyRequest) {
      req.principal = await sessions.verify(req.cookies[ACCESS_COOKIE])
      refuseTemporary(req.principal)
    },

    /** preHandler of what choosing a new password needs (the user read, the change itself): a temporary password is let through. */
    async requireSession(req: FastifyRequest) {
      req.principal = await sessions.verify(req.cookies[ACCESS_COOKIE])
    },

    /** The principal if the request is logged in, without failing when it is not. */
    async optionalUser(req: FastifyRequest): Promise<Principal | undefined> {
      try {
        return await sessions.verify(req.cookies[ACCESS_COOKIE])
      } catch {
        return undefined
      }
    },
  }
}
export type Auth = ReturnType<typeof createAuth>
