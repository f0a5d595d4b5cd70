// Failed logins slow down the address that makes them, per account and across accounts, and never
// lock the owner out (issue 16, point 8). Real HTTP from two client addresses: sockets bound to
// 127.0.0.2 (the attacker) and 127.0.0.1 (the owner), or X-Forwarded-For behind TRUST_PROXY.
import { request } from 'node:http'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail, type Reply } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const ATTACKER = '127.0.0.2'
const OWNER = '127.0.0.1'
const TOO_MANY = /^Too many failed logins, try again in \d+ (seconds?|minutes)$/

/** POST /user-service/login from a socket bound to `from`: the server sees that address as req.ip. */
function loginFrom(server: TestServer, from: string, email: string, password = 'secret123'): Promise<Reply> {
  const body = JSON.stringify({ email, password })
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}/user-service/login`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', uuid: randomUUID(), 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          const headers = new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)]))
          resolve({ status: res.statusCode!, headers, body: JSON.parse(text), text })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const retryAfter = (r: Reply) => Number(r.headers.get('retry-after'))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function expectTooMany(r: Reply) {
  expect(r.status).toBe(429)
  expect(r.body).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(TOO_MANY) })
  expect(retryAfter(r)).toBeGreaterThan(0)
}

describe('login throttle with a doubling wait (1 s first)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      limits: { loginPerIp: 10_000, loginFreeFailures: 2, loginFreeFailuresPerIp: 1_000, loginDelayBaseMs: 1_000 },
    })
  })
  afterAll(() => server.close())

  it('given an address failing again and again on one account, then after the free failures it gets 429s whose Retry-After doubles, even for the right password', async () => {
    const email = uniqueEmail('owner')
    await new Browser(server.url).signup(email)
    expect((await loginFrom(server, ATTACKER, email, 'wrong-1')).status).toBe(401)
    expect((await loginFrom(server, ATTACKER, email, 'wrong-2')).status).toBe(401)
    const waits: number[] = []
    for (let i = 3; i <= 5; i++) {
      // Each failure past the free ones is checked once the previous wait is over, then starts a longer one.
      expect((await loginFrom(server, ATTACKER, email, `wrong-${i}`)).status).toBe(401)
      const held = await loginFrom(server, ATTACKER, email)
      expectTooMany(held)
      waits.push(retryAfter(held))
      if (i < 5) await sleep(retryAfter(held) * 1000 + 100)
    }
    // 1, 2, 4 s: each strictly longer than the last (exact seconds would depend on the machine's speed).
    expect(waits[1]).toBeGreaterThan(waits[0]!)
    expect(waits[2]).toBeGreaterThan(waits[1]!)
    expect(waits[2]).toBeGreaterThanOrEqual(3)
  })
})

describe('login throttle (a 1 min first wait, so nothing here runs out during a test)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      limits: { loginPerIp: 10_000, loginFreeFailures: 2, loginFreeFailuresPerIp: 5, loginDelayBaseMs: 60_000 },
    })
  })
  afterAll(() => server.close())

  it("given an attacker's failures on an account, then its owner from another address signs in at once with the right password, while the attacker still waits", async () => {
    const email = uniqueEmail('owner')
    await new Browser(server.url).signup(email)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await loginFrom(server, ATTACKER, email, `guess-${i}`)).status)
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429])
    const owner = await loginFrom(server, OWNER, email)
    expect(owner.status).toBe(200)
    expect(owner.body.user.email).toBe(email)
    expectTooMany(await loginFrom(server, ATTACKER, email))
  })

  it('given parallel wrong guesses from one address, then no more are checked than one after another would be', async () => {
    const email = uniqueEmail('parallel')
    await new Browser(server.url).signup(email)
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => loginFrom(server, ATTACKER, email, `guess-${i}`)),
    )
    const statuses = replies.map((r) => r.status).sort()
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429])
    expect((await loginFrom(server, OWNER, email)).status).toBe(200)
  })

  it('given failures then a success from one address, then its count for that account starts again', async () => {
    const email = uniqueEmail('reset')
    await new Browser(server.url).signup(email)
    for (let i = 0; i < 2; i++) expect((await loginFrom(server, OWNER, email, 'typo')).status).toBe(401)
    expect((await loginFrom(server, OWNER, email)).status).toBe(200)
    // Two more failures: four in all, but never three since the success.
    for (let i = 0; i < 2; i++) expect((await loginFrom(server, OWNER, email, 'typo')).status).toBe(401)
    expect((await loginFrom(server, OWNER, email)).status).toBe(200)
  })
})

describe('login throttle per address across accounts', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      limits: { loginPerIp: 10_000, loginFreeFailures: 100, loginFreeFailuresPerIp: 3, loginDelayBaseMs: 60_000 },
    })
  })
  afterAll(() => server.close())

  it('given one address trying many accounts, then it waits before any further account is tried, while their owners sign in from elsewhere', async () => {
    const victims = [
      uniqueEmail('spray'),
      uniqueEmail('spray'),
      uniqueEmail('spray'),
      uniqueEmail('spray'),
      uniqueEmail('spray'),
    ]
    for (const email of victims) await new Browser(server.url).signup(email)
    for (const email of victims.slice(0, 4))
      expect((await loginFrom(server, ATTACKER, email, 'Password1')).status).toBe(401)
    // A fifth account, never tried from here, is held just the same, and so is an unknown address.
    expectTooMany(await loginFrom(server, ATTACKER, victims[4]!, 'Password1'))
    expectTooMany(await loginFrom(server, ATTACKER, uniqueEmail('nobody'), 'Password1'))
    for (const email of victims) expect((await loginFrom(server, OWNER, email)).status).toBe(200)
  })
})

describe("login throttle: signing in to one's own account", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      limits: { loginPerIp: 10_000, loginFreeFailures: 100, loginFreeFailuresPerIp: 3, loginDelayBaseMs: 60_000 },
    })
  })
  afterAll(() => server.close())

  it("given an address guessing at others' accounts, when it signs in to its own, then its failures on the others still count", async () => {
    const own = uniqueEmail('own')
    await new Browser(server.url).signup(own)
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(server, ATTACKER, uniqueEmail('victim'), 'guess')).status).toBe(401)
    expect((await loginFrom(server, ATTACKER, own)).status).toBe(200)
    // The fourth failure from this address is past its three free ones: the next attempt waits.
    expect((await loginFrom(server, ATTACKER, uniqueEmail('victim'), 'guess')).status).toBe(401)
    expectTooMany(await loginFrom(server, ATTACKER, own))
  })
})

describe('login throttle behind a proxy (TRUST_PROXY)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      env: { TRUST_PROXY: 'true' },
      limits: { loginPerIp: 10_000, loginFreeFailures: 1, loginFreeFailuresPerIp: 1_000, loginDelayBaseMs: 60_000 },
    })
  })
  afterAll(() => server.close())

  const loginVia = (forwardedFor: string, email: string, password = 'secret123') =>
    new Browser(server.url).request('POST', '/user-service/login', {
      json: { email, password },
      headers: { 'x-forwarded-for': forwardedFor },
    })

  it('given X-Forwarded-For, then the client it names is what counts, and the addresses of one IPv6 /64 count as one', async () => {
    const email = uniqueEmail('proxied')
    await new Browser(server.url).signup(email)
    expect((await loginVia('2001:db8:1:2::a', email, 'guess')).status).toBe(401)
    expect((await loginVia('2001:db8:1:2::b', email, 'guess')).status).toBe(401)
    expectTooMany(await loginVia('2001:db8:1:2:ffff:ffff:ffff:ffff', email))
    // Another /64, and an IPv4 client, are other clients: the proxy's own address counts for nothing.
    expect((await loginVia('2001:db8:1:3::a', email)).status).toBe(200)
    expect((await loginVia('198.51.100.7', email)).status).toBe(200)
  })
})
