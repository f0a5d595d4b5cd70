// helmet's security headers (CSP, frame, referrer, HSTS…), computed once at start.
// @fastify/helmet builds a fresh helmet middleware on every request (it re-parses every CSP
// directive each time): that was ~10 µs and a third of the bytes a /healthz allocated. Our
// options never vary per request, so the headers are the same for every reply: we let
// @fastify/helmet produce them once on a throwaway instance and set that list on each request.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'

/** The headers @fastify/helmet sets for `options`, in the order it sets them. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false })
  try {
    await probe.register(fastifyHelmet, options)
    // helmet writes onto the raw response in onRequest, so by the handler it holds exactly those.
    probe.get('/', (_req, reply) => reply.send(reply.raw.getHeaders()))
    const res = await probe.inject({ method: 'GET', url: '/' })
    if (res.statusCode !== 200) throw new Error(`could not compute the security headers: ${res.statusCode} ${res.body}`)
    return Object.entries(res.json() as Record<string, string | string[]>).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value])
  } finally {
    await probe.close()
  }
}

/**
 * Sets the headers on every response, where @fastify/helmet would (an onRequest hook on the raw
 * response): headers a route sets itself, such as a download's sandboxing CSP, still win.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options)
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    done()
  })
}
