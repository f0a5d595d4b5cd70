// /auth/oidc: single sign-on (services/sign-in/oidc.ts). Both flow routes are browser navigations, so
// they answer with redirects: to the provider, then back to the app's sign-in screen, which
// restores the new session (`?sso=done`) or shows why it was refused (`?sso-error=CODE`).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'
import { AppError, errors } from '../errors.ts'
import { type Auth, isSecure } from '../plugins/auth.ts'
import { OidcLoginQuery, OidcStatusReply } from '../schemas/oidc.ts'
import type { OidcService } from '../services/sign-in/oidc.ts'

/** The pending sign-in's cookie: Lax, as it must come back on the provider's cross-site redirect. */
export const OIDC_COOKIE = 'oidc-sign-in'
const OIDC_PATH = '/auth/oidc'

export interface OidcRoutesDeps {
  auth: Auth
  config: Pick<Config, 'secureCookies'>
  /** Absent when OIDC_* is not set: the flow routes are then 404. */
  oidc: OidcService | undefined
  loginPerIp: number
}

export const oidcRoutes: FastifyPluginAsync<OidcRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { auth, oidc } = deps
  const limit = { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } }
  const cookieOptions = (req: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: OIDC_PATH,
    secure: isSecure(deps.config, req),
  })
  const configured = () => {
    if (!oidc) throw errors.notFound('Single sign-on')
    return oidc
  }

  app.get('/', { schema: { response: { 200: OidcStatusReply } } }, async () =>
    oidc ? { enabled: true, buttonLabel: oidc.buttonLabel } : { enabled: false },
  )

  // Back to the sign-in screen with the refusal's code (the app words it): these are pages, not calls.
  const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AppError) || err.statusCode >= 500)
      req.log[err instanceof AppError ? 'warn' : 'error']({ err }, 'single sign-on failed')
    const code = err instanceof AppError ? err.code : 'OIDC_FAILED'
    return reply.redirect(`/?sso-error=${encodeURIComponent(code)}`, 303)
  }

  app.get('/login', { config: limit, schema: { querystring: OidcLoginQuery } }, async (req, reply) => {
    const service = configured()
    try {
      const { url, pending, maxAgeMs } = await service.begin(req.query.uuid)
      reply.setCookie(OIDC_COOKIE, pending, { ...cookieOptions(req), maxAge: Math.floor(maxAgeMs / 1000) })
      return reply.redirect(url, 303)
    } catch (err) {
      return refuse(req, reply, err)
    }
  })

  app.get('/callback', { config: limit }, async (req, reply) => {
    const service = configured()
    // Single use: whatever happens next, this browser's pending sign-in is over.
    reply.clearCookie(OIDC_COOKIE, cookieOptions(req))
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : ''
    try {
      const { tokens } = await service.complete(query, req.cookies[OIDC_COOKIE], {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      })
      auth.setTokens(req, reply, tokens)
      return reply.redirect('/?sso=done', 303)
    } catch (err) {
      return refuse(req, reply, err)
    }
  })
}
