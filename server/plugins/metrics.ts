// GET /metrics in Prometheus text (prom-client), behind METRICS_TOKEN as a bearer token; no route
// at all when it is unset. Requests are counted and timed by their route pattern
// ("/file-service/download/:id"), never the raw URL: no file name, id or email reaches a label.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { errors } from '../errors.ts'
import type { ServerStatusService } from '../services/operations/server-status.ts'

/** A request no route matched (a 404, the app shell's fallback): one label for all of them. */
const UNMATCHED = 'unmatched'

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function registerMetrics(app: FastifyInstance, token: string, status: ServerStatusService): void {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'cumulus_process_' })
  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({
    name: 'cumulus_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'cumulus_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  new Gauge({
    name: 'cumulus_queue_depth',
    help: 'Jobs waiting or running, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const q = await status.queueDepths()
      this.set({ queue: 'thumbnails' }, q.thumbnails)
      this.set({ queue: 'indexing' }, q.indexing)
    },
  })
  new Gauge({
    name: 'cumulus_disk_bytes',
    help: 'The file system DATA_DIR is on, free and total',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const d = await status.disk()
      this.set({ kind: 'free' }, d.free)
      this.set({ kind: 'total' }, d.total)
    },
  })
  new Gauge({
    name: 'cumulus_storage_bytes',
    help: 'Bytes kept for every member together, by what uses them',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const s = (await status.status()).storage
      this.set({ kind: 'files' }, s.files)
      this.set({ kind: 'versions' }, s.versions)
      this.set({ kind: 'trash' }, s.trash)
    },
  })
  new Gauge({
    name: 'cumulus_last_backup_age_seconds',
    help: 'Seconds since the last backup finished, by its result (ok or failed); absent when none ran',
    labelNames: ['result'],
    registers: [registry],
    async collect() {
      this.reset()
      const last = await status.lastBackup()
      if (last) this.set({ result: last.ok ? 'ok' : 'failed' }, Math.max(0, (Date.now() - Date.parse(last.at)) / 1000))
    },
  })

  const started = new WeakMap<FastifyRequest, bigint>()
  app.addHook('onRequest', (req, _reply, done) => {
    started.set(req, process.hrtime.bigint())
    done()
  })
  app.addHook('onResponse', (req, reply, done) => {
    const begun = started.get(req)
    const labels = {
      method: req.method,
      // The pattern the router matched; the app shell and 404s have none.
      route: (req.is404 ? undefined : req.routeOptions.url) ?? UNMATCHED,
      status: String(reply.statusCode),
    }
    requests.inc(labels)
    if (begun !== undefined) latency.observe(labels, Number(process.hrtime.bigint() - begun) / 1e9)
    done()
  })

  app.get('/metrics', async (req, reply) => {
    const auth = req.headers.authorization ?? ''
    const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : ''
    if (!given || !sameToken(given, token)) throw errors.metricsUnauthorized()
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
