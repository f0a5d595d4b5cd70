// Security headers, computed once at start and set on the raw response in onRequest hooks (a
// synchronous hook per request; @fastify/helmet would rebuild its middleware and re-parse every
// CSP directive on each request).
//
// Two sets, because the two kinds of reply are read differently by a browser:
// - every reply gets the API set (OWASP's REST Security Cheat Sheet): JSON is never rendered,
//   framed or embedded, so `default-src 'none'` and DENY, with nosniff, no referrer and
//   same-origin resource policy. It is stricter than the app's CSP and a quarter of its bytes:
//   lists are asked again and again, and the eleven document headers were a third of a cached
//   list's reply and a tenth of its server CPU.
// - documents (index.html, the app's static files) get @fastify/helmet's full set with the app's
//   CSP on top of that; uploaded content gets its own set (plugins/blob-reply.ts).
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { SecureCookies } from '../config.ts'

export type HeaderList = ReadonlyArray<readonly [string, string]>

/** What every reply carries (HSTS is added on HTTPS, see registerSecurityHeaders). */
export const API_HEADERS: HeaderList = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
]

/** The headers @fastify/helmet sets for `options`, in the order it sets them. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false })
  try {
    await probe.register(fastifyHelmet, options)
    // helmet writes onto the raw response in onRequest, so by the handler it holds exactly those.
    probe.get('/', (_req, reply) => reply.send(reply.raw.getHeaders()))
    const res = await probe.inject({ method: 'GET', url: '/' })
    if (res.statusCode !== 200) throw new Error(`could not compute the security headers: ${res.statusCode} ${res.body}`)
    return Object.entries(res.json() as Record<string, string | string[]>).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ])
  } finally {
    await probe.close()
  }
}

export function setHeaders(reply: FastifyReply, headers: HeaderList): void {
  for (const [name, value] of headers) reply.raw.setHeader(name, value)
}

/** The app's Content-Security-Policy: our own scripts only, nothing framed, no plugins. */
export const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // goober and Ariakit write inline styles; no inline script is ever allowed.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
}

/** helmet's HSTS: 180 days, subdomains included. */
export const HSTS = ['strict-transport-security', 'max-age=15552000; includeSubDomains'] as const

export interface SecurityHeaders {
  /** The app's documents: helmet's set with the app CSP (HSTS comes with every reply). */
  document: HeaderList
}

/**
 * Sets the API set on every response, where @fastify/helmet would (onRequest, on the raw
 * response), so headers a route sets itself (a document's, a download's sandboxing CSP) win.
 * Documents get helmet's set with APP_CSP. HSTS follows SECURE_COOKIES (`hsts`), on every reply:
 * always with true, never with false, and with auto on requests that came over HTTPS, directly
 * or through a trusted proxy's X-Forwarded-Proto (the rule the cookies' Secure flag follows,
 * auth.ts isSecure). Over plain HTTP a browser ignores it anyway (RFC 6797 §8.1).
 */
export async function registerSecurityHeaders(app: FastifyInstance, hsts: SecureCookies): Promise<SecurityHeaders> {
  const document = (
    await helmetHeaders({ contentSecurityPolicy: { directives: APP_CSP }, crossOriginEmbedderPolicy: false })
  ).filter(([name]) => name !== HSTS[0])
  const api: HeaderList = hsts === true ? [...API_HEADERS, HSTS] : API_HEADERS
  app.addHook(
    'onRequest',
    hsts === 'auto'
      ? (req, reply, done) => {
          setHeaders(reply, api)
          if (req.protocol === 'https') reply.raw.setHeader(HSTS[0], HSTS[1])
          done()
        }
      : (_req, reply, done) => {
          setHeaders(reply, api)
          done()
        },
  )
  return { document }
}
