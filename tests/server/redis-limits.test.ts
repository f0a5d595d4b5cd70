// REDIS_URL: two instances sharing one Redis count rate limits as one (DESIGN.md §5), over real
// HTTP; and a Redis that is away never turns logins into 500s.
import { rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import type { Limits } from '../../server/config.ts'
import { sha256 } from '../../server/util/crypto.ts'
import { createRedisBackoffStore } from '../../server/util/limiter.ts'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { pgUrl, startServer, type TestServer } from './helpers/server.ts'

const redisUrl = process.env.TEST_REDIS_URL
// Every key this run writes sits under one prefix, deleted at the end. Each pair of instances gets
// its own prefix below it, so one test's counters never leak into the next.
const runPrefix = `cumulus-test-${randomBytes(6).toString('hex')}:`
let prefixes = 0

/** REDIS_URL with a fresh key prefix (ioredis takes options such as `keyPrefix` from the query). */
function freshRedisUrl(base = redisUrl!): { url: string; prefix: string } {
  const prefix = `${runPrefix}${++prefixes}:`
  const u = new URL(base)
  u.searchParams.set('keyPrefix', prefix)
  return { url: u.toString(), prefix }
}

interface Pair {
  a: TestServer
  b: TestServer
  close(): Promise<void>
}

/**
 * Two instances of one deployment. On PostgreSQL they share one schema. The helper runs SQLite as
 * a single instance (its blob janitor assumes no other writer), so there each instance has its own
 * DATA_DIR and `signUpOnBoth` creates the account on each: the limits under test live in Redis.
 */
async function startPair(env: Record<string, string>, limits: Partial<Limits>): Promise<Pair> {
  const a = await startServer({ env, limits })
  const b = await startServer({ env, limits, ...(pgUrl ? { schema: a.config.databaseSchema, keepData: true } : {}) })
  return {
    a,
    b,
    async close() {
      await b.close()
      // keepData spared B's schema for A to drop; B's temp DATA_DIR is still ours to remove.
      if (pgUrl) await rm(b.dataDir, { recursive: true, force: true })
      await a.close()
    },
  }
}

async function signUpOnBoth(pair: Pair, email: string) {
  await new Browser(pair.a.url).signup(email)
  if (!pgUrl) await new Browser(pair.b.url).signup(email)
}

const wrongLogin = (server: TestServer, email = uniqueEmail('ip')) =>
  new Browser(server.url).login(email, 'wrong-guess')

// Behind TRUST_PROXY the forwarded address is the client's: two of them stand for two places.
const ATTACKER = '203.0.113.9'
const OWNER = '198.51.100.7'
const loginVia = (server: TestServer, from: string, email: string, password = 'secret123') =>
  new Browser(server.url).request('POST', '/user-service/login', {
    json: { email, password },
    headers: { 'x-forwarded-for': from },
  })
const TOO_MANY = /^Too many failed logins, try again in \d+ (seconds?|minutes)$/
// Two free failures per (account, address), and a first wait long enough to outlast any test.
const THROTTLE: Partial<Limits> = { loginPerIp: 1_000, loginFreeFailures: 2, loginDelayBaseMs: 60_000 }

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A TCP relay in front of Redis that a test can cut, as a network failure would. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>()
  const track = (s: Socket) => {
    sockets.add(s)
    s.on('error', () => {})
    s.on('close', () => sockets.delete(s))
  }
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname)
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = new URL(target)
  url.host = `127.0.0.1:${port}`
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const s of sockets) s.destroy()
      await closed
    },
  }
}

// Redis is optional infrastructure: the README's `npm test` must pass on a machine without it, so
// the tests that need a real Redis run only when TEST_REDIS_URL names one (CI sets it for the
// PostgreSQL + S3 step).
describe.skipIf(!redisUrl)('rate limits shared through Redis (TEST_REDIS_URL)', () => {
  afterAll(async () => {
    const redis = new Redis(redisUrl!)
    try {
      const keys: string[] = []
      for await (const batch of redis.scanStream({ match: `${runPrefix}*`, count: 500 }))
        keys.push(...(batch as string[]))
      if (keys.length) await redis.del(...keys)
    } finally {
      await redis.quit()
    }
  })

  it('given a backoff held in Redis, then waiting() reports it from another store and counts nothing', async () => {
    const { url } = freshRedisUrl()
    const a = new Redis(url)
    const b = new Redis(url)
    try {
      const log = { warn: () => undefined, info: () => undefined }
      const storeA = createRedisBackoffStore({ redis: a, prefix: 'backoff:', log })
      const storeB = createRedisBackoffStore({ redis: b, prefix: 'backoff:', log })
      const key = { key: 'pair\nsomewhere', policy: { free: 2, baseMs: 60_000, maxMs: 600_000, decayMs: 60_000 } }
      expect(await storeB.waiting([key.key])).toBe(0)
      for (let i = 0; i < 3; i++) expect(await storeA.claim([key])).toBe(0)
      const counted = await a.hget(`backoff:${sha256(key.key)}`, 'n')
      const held = await storeB.waiting([key.key, 'another key'])
      expect(held).toBeGreaterThan(55_000)
      expect(held).toBeLessThanOrEqual(60_000)
      for (let i = 0; i < 5; i++) await storeB.waiting([key.key])
      expect(await a.hget(`backoff:${sha256(key.key)}`, 'n')).toBe(counted)
    } finally {
      a.disconnect()
      b.disconnect()
    }
  })

  it('given N logins from one IP split across A and B, then the next one on either is 429 with the plugin message', async () => {
    const { url, prefix } = freshRedisUrl()
    const pair = await startPair({ REDIS_URL: url }, { loginPerIp: 4 })
    try {
      const { a, b } = pair
      const statuses = []
      for (const server of [a, b, a, b]) statuses.push((await wrongLogin(server)).status)
      expect(statuses).toEqual([401, 401, 401, 401])
      for (const server of [a, b]) {
        const r = await wrongLogin(server)
        expect(r.status).toBe(429)
        expect(r.body).toEqual({
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: expect.stringMatching(/^Too many requests, retry in \d+ s$/),
        })
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      // The counter is the plugin's, under our namespace.
      const redis = new Redis(redisUrl!)
      try {
        expect(await redis.keys(`${prefix}cumulus-rl-POST/user-service/login-*`)).toHaveLength(1)
      } finally {
        await redis.quit()
      }
    } finally {
      await pair.close()
    }
  })

  it('given REDIS_URL unset on both, then each instance counts its own logins (the sharing comes from Redis)', async () => {
    const pair = await startPair({}, { loginPerIp: 4 })
    try {
      const { a, b } = pair
      const statuses = []
      for (const server of [a, b, a, b, a, b, a, b]) statuses.push((await wrongLogin(server)).status)
      expect(statuses).toEqual(Array(8).fill(401))
      expect((await wrongLogin(a)).status).toBe(429)
      expect((await wrongLogin(b)).status).toBe(429)
    } finally {
      await pair.close()
    }
  })

  it('given wrong passwords from one address split across A and B, then that address waits on both, while the owner from another address signs in on either', async () => {
    const { url, prefix } = freshRedisUrl()
    const pair = await startPair({ REDIS_URL: url, TRUST_PROXY: 'true' }, THROTTLE)
    try {
      const { a, b } = pair
      const email = uniqueEmail('shared-throttle')
      await signUpOnBoth(pair, email)
      for (const server of [a, b, a]) expect((await loginVia(server, ATTACKER, email, 'wrong-guess')).status).toBe(401)
      for (const server of [a, b]) {
        const r = await loginVia(server, ATTACKER, email)
        expect(r.status).toBe(429)
        expect(r.body).toMatchObject({
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: expect.stringMatching(TOO_MANY),
        })
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      for (const server of [a, b]) expect((await loginVia(server, OWNER, email)).status).toBe(200)
      // Keys name the pair and the address by a hash: no email or address is stored in Redis.
      const redis = new Redis(redisUrl!)
      try {
        const keys = await redis.keys(`${prefix}cumulus-login-failures:*`)
        expect(keys.length).toBeGreaterThan(0)
        for (const key of keys) expect(key).not.toMatch(/example\.com|203\.0\.113|198\.51\.100/)
      } finally {
        await redis.quit()
      }
    } finally {
      await pair.close()
    }
  })

  it('given one address trying accounts on A and B, then its count across accounts is shared and it waits on both', async () => {
    const pair = await startPair(
      { REDIS_URL: freshRedisUrl().url, TRUST_PROXY: 'true' },
      { ...THROTTLE, loginFreeFailures: 100, loginFreeFailuresPerIp: 3 },
    )
    try {
      const { a, b } = pair
      for (const server of [a, b, a, b])
        expect((await loginVia(server, ATTACKER, uniqueEmail('spray'), 'Password1')).status).toBe(401)
      for (const server of [a, b])
        expect((await loginVia(server, ATTACKER, uniqueEmail('spray'), 'Password1')).status).toBe(429)
    } finally {
      await pair.close()
    }
  })

  it('given parallel guesses from one address spread over A and B, then no more are checked than one after another would be', async () => {
    const pair = await startPair({ REDIS_URL: freshRedisUrl().url, TRUST_PROXY: 'true' }, THROTTLE)
    try {
      const { a, b } = pair
      const email = uniqueEmail('shared-parallel')
      await signUpOnBoth(pair, email)
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) => loginVia(i % 2 ? b : a, ATTACKER, email, `guess-${i}`)),
      )
      expect(replies.map((r) => r.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429])
    } finally {
      await pair.close()
    }
  })

  it('given a successful login on one instance, then that address starts again on both', async () => {
    const pair = await startPair({ REDIS_URL: freshRedisUrl().url, TRUST_PROXY: 'true' }, THROTTLE)
    try {
      const { a, b } = pair
      const email = uniqueEmail('shared-reset')
      await signUpOnBoth(pair, email)
      for (let i = 0; i < 2; i++) expect((await loginVia(a, OWNER, email, 'typo')).status).toBe(401)
      expect((await loginVia(b, OWNER, email)).status).toBe(200)
      // Four failures on A in all, but never three since the success on B.
      for (let i = 0; i < 2; i++) expect((await loginVia(a, OWNER, email, 'typo')).status).toBe(401)
      expect((await loginVia(a, OWNER, email)).status).toBe(200)
    } finally {
      await pair.close()
    }
  })

  it('given Redis goes away after start, then logins still answer (no 500), per-IP limits are lifted and failed logins count in memory', async () => {
    const relay = await startRelay(new URL(redisUrl!))
    const server = await startServer({
      env: { REDIS_URL: freshRedisUrl(relay.url).url },
      limits: { ...THROTTLE, loginPerIp: 2 },
    })
    try {
      const email = uniqueEmail('outage')
      await new Browser(server.url).signup(email)
      expect((await wrongLogin(server, email)).status).toBe(401)
      await relay.cut()
      // Three more failures: over the per-IP limit of 2 (lifted) and past the two free ones (the
      // one before the cut was counted in Redis; these count in memory).
      for (let i = 0; i < 3; i++) expect((await wrongLogin(server, email)).status).toBe(401)
      const held = await new Browser(server.url).login(email)
      expect(held.status).toBe(429)
      expect(held.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(TOO_MANY) })
      const other = uniqueEmail('outage-other')
      await new Browser(server.url).signup(other)
      expect((await new Browser(server.url).login(other)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

// Needs no Redis at all (nothing listens on the port), so it runs everywhere.
describe('REDIS_URL pointing at a Redis that is not there', () => {
  it('given Redis unreachable at start, then the server starts, per-IP limits are lifted, failed logins count in memory, and nothing is a 500', async () => {
    const server = await startServer({
      env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
      limits: { ...THROTTLE, loginPerIp: 2 },
    })
    try {
      expect((await new Browser(server.url).get('/healthz')).status).toBe(200)
      // Over the per-IP limit of 2: the store fails, the plugin skips it (fail open).
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await wrongLogin(server)).status)
      expect(statuses).toEqual([401, 401, 401, 401])
      const email = uniqueEmail('no-redis')
      await new Browser(server.url).signup(email)
      expect((await new Browser(server.url).login(email)).status).toBe(200)
      for (let i = 0; i < 3; i++) expect((await wrongLogin(server, email)).status).toBe(401)
      const r = await new Browser(server.url).login(email)
      expect(r.status).toBe(429)
      expect(r.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(TOO_MANY) })
    } finally {
      await server.close()
    }
  })
})
