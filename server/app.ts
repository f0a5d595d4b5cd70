// The Fastify set-up: server options, the plugins every request passes, /healthz and the route
// table, over the container's services. Tests start it on port 0 with a temp DATA_DIR; main.ts
// listens on the configured port.
import { randomUUID } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { createContainer, type Container } from './container.ts'
import { pingDatabase } from './db/database.ts'
import { errors, installErrorHandler, sendError } from './errors.ts'
import { createAuth } from './plugins/auth.ts'
import { capConnectionsPerAddress } from './plugins/connections.ts'
import { durableReplies } from './plugins/durable-replies.ts'
import { httpServerOptions, registerRequestTimeouts } from './plugins/request-timeouts.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerWebApp, wantsAppShell } from './plugins/web-app.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { registerRoutes } from './routes/index.ts'
import { storeAnswers } from './storage/blob-store.ts'
import { READ_METHODS } from './util/write-activity.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The container: for tests, benchmarks and maintenance scripts; never reachable over HTTP. */
    cumulus: Container
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    // A hop count trusts that many proxies nearest to us (proxy-addr's rule for numbers; Fastify's
    // types only take it as a function). `false` trusts none; a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.limits.jsonBodyBytes,
    // Slow clients are bounded per request (plugins/request-timeouts.ts): uploads and downloads
    // can take long, so no server-wide deadline, but a request that trickles in is cut.
    requestTimeout: 0,
    http: httpServerOptions(config.limits),
    return503OnClosing: true,
  })
  capConnectionsPerAddress(app.server, {
    perAddress: config.limits.connectionsPerIp,
    trustProxy: config.trustProxy,
    log: app.log,
  })
  registerRequestTimeouts(app, config.limits)

  const c = await createContainer(config, app.log)
  try {
    await c.start()
    await setUp(app, c)
  } catch (err) {
    await c.close()
    throw err
  }
  // One close hook: the container closes its parts in dependency order.
  app.addHook('onClose', () => c.close())
  return app
}

/** Everything a request passes before its route, the route table, and the app shell. */
async function setUp(app: FastifyInstance, c: Container): Promise<void> {
  const { config } = c
  app.decorate('cumulus', c)
  const auth = createAuth(config, c.sessions)

  installErrorHandler(app)
  // On the raw response at the start, like the security headers: a synchronous onRequest hook is
  // cheaper than an async onSend one on every reply, and error replies carry it just the same.
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id)
    // No id, name or search holds a NUL: refused here, one 400 on every database (PostgreSQL
    // would fail on it in a query, SQLite would look it up).
    if (req.url.includes('%00')) return done(errors.nulCharacter())
    done()
  })
  // Writes in flight, for the background queues that give way to them (util/write-activity.ts).
  // The raw response's close comes once, answered or aborted.
  app.addHook('onRequest', (req, reply, done) => {
    if (!READ_METHODS.has(req.method)) {
      c.writes.begin()
      reply.raw.once('close', c.writes.end)
    }
    done()
  })
  // SQLite's group commit (db/wal-sync.ts): a write is answered only once its commits are on disk.
  if (c.walSync) app.addHook('onSend', durableReplies(c.walSync))
  const securityHeaders = await registerSecurityHeaders(app, config.secureCookies)
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    global: false,
    ...(c.redis && {
      redis: c.redis,
      nameSpace: 'cumulus-rl-',
      // Fail open: when Redis errors, the request goes on without the per-IP check (the client
      // logs the outage once) instead of answering 500, or 429 to everybody. Brute force stays
      // bounded meanwhile by the failed-login throttle (services/sign-in/login-throttle.ts),
      // which falls back to memory.
      skipOnError: true,
    }),
    errorResponseBuilder: (_req, ctx) => errors.rateLimited(ctx.ttl),
  })
  auth.install(app)

  app.get('/healthz', async () => {
    await pingDatabase(c.db)
    return { status: 'ok' }
  })
  // For load balancers: ready when the database and the blob store both answer.
  app.get('/readyz', async () => {
    await pingDatabase(c.db).catch(() => Promise.reject(errors.notReady('database')))
    await storeAnswers(c.store).catch(() => Promise.reject(errors.notReady('blob store')))
    return { status: 'ready' }
  })
  if (config.metricsToken) registerMetrics(app, config.metricsToken, c.serverStatus)
  await registerRoutes(app, c, auth)

  const sendAppShell = await registerWebApp(app, config.appDir, securityHeaders.document)
  app.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsAppShell(req.url)) return sendAppShell(req, reply)
    return sendError(reply, errors.routeNotFound(req.method, req.url))
  })
}
