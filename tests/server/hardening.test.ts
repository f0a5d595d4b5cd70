// Bad input of every shape gets a 4xx with a message, never a 500, and the server keeps serving.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let session: Browser
beforeAll(async () => {
  // Generous limits: this suite is about input shapes, not rate limiting.
  server = await startServer({
    limits: { loginPerIp: 100_000, loginFreeFailures: 100_000, loginFreeFailuresPerIp: 100_000 },
  })
  session = new Browser(server.url)
  await session.signup(uniqueEmail('fuzz'))
})
afterAll(() => server.close())

const ROUTES: Array<[string, string]> = [
  ['POST', '/user-service/get-token'],
  ['POST', '/user-service/login'],
  ['POST', '/user-service/create'],
  ['POST', '/user-service/logout'],
  ['PATCH', '/user-service/change-password'],
  ['PATCH', '/user-service/resend-verify-email'],
  ['PATCH', '/user-service/verify-email'],
  ['PATCH', '/user-service/send-password-reset'],
  ['PATCH', '/user-service/reset-password'],
  ['GET', '/user-service/user'],
  ['GET', '/user-service/user-detailed'],
]

const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '😀'.repeat(100),
    'a'.repeat(5_000),
    '{"a":',
    '%00',
    '../../etc/passwd',
    '<script>',
  ),
)
const weirdValue = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(weirdString, { maxLength: 3 }),
  fc.dictionary(weirdString, weirdString, { maxKeys: 3 }),
)
const body = fc.oneof(
  fc.record({ email: weirdValue, password: weirdValue }, { requiredKeys: [] }),
  fc.record({ oldPassword: weirdValue, newPassword: weirdValue }, { requiredKeys: [] }),
  fc.record({ emailToken: weirdValue, passwordToken: weirdValue, password: weirdValue }, { requiredKeys: [] }),
  weirdValue,
)

function expectClientError(status: number, parsed: unknown, text: string) {
  expect(status, text).toBeLessThan(500)
  if (status >= 400) {
    expect(parsed, text).toMatchObject({ statusCode: status, message: expect.any(String) })
  }
}

describe('property: any JSON body on any route', () => {
  it('given arbitrary JSON, then never 5xx and always a JSON error with a message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), body, fc.boolean(), async ([method, path], json, authed) => {
        const b = authed ? session : new Browser(server.url)
        const r = await b.request(method, path, method === 'GET' ? {} : { json })
        expectClientError(r.status, r.body, `${method} ${path} ${r.text}`)
      }),
      { numRuns: 150 },
    )
  })

  it('given malformed JSON, wrong content types and malformed cookies, then 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES.filter(([m]) => m !== 'GET')),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/xml',
        ),
        fc.string({ maxLength: 100 }).filter((s) => !/[\r\n\0]/.test(s) && /^[\x20-\x7e]*$/.test(s)),
        async ([method, path], raw, type, cookie) => {
          const b = new Browser(server.url)
          const r = await b.request(method, path, {
            body: raw,
            headers: { 'content-type': type, cookie: `access-token=${cookie}; refresh-token=${cookie}` },
          })
          expectClientError(r.status, r.body, `${method} ${path} ${type} ${r.text}`)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('after the storm, the server still serves', async () => {
    expect((await new Browser(server.url).get('/healthz')).status).toBe(200)
    const fresh = new Browser(server.url)
    await fresh.signup(uniqueEmail('after'))
    expect((await fresh.get('/user-service/user')).status).toBe(200)
  })
})

describe('size limits', () => {
  it('given a JSON body over 64 KiB, then 413', async () => {
    const r = await new Browser(server.url).post('/user-service/login', {
      email: 'a@b.c',
      password: 'x'.repeat(70_000),
    })
    expect(r.status).toBe(413)
    expect(r.body.message).toEqual(expect.any(String))
  })
})

describe('login abuse limits', () => {
  it('given repeated wrong passwords for one account from one address, then 429 with Retry-After even with the right password', async () => {
    const limited = await startServer({ limits: { loginFreeFailures: 2, loginDelayBaseMs: 60_000 } })
    try {
      const email = uniqueEmail('brute')
      await new Browser(limited.url).signup(email)
      for (let i = 0; i < 3; i++) expect((await new Browser(limited.url).login(email, 'wrong-guess')).status).toBe(401)
      const r = await new Browser(limited.url).login(email, 'secret123')
      expect(r.status).toBe(429)
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
      // Other accounts are unaffected.
      const other = uniqueEmail('other')
      await new Browser(limited.url).signup(other)
      expect((await new Browser(limited.url).login(other)).status).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('given many logins from one IP, then 429 with Retry-After', async () => {
    const limited = await startServer({ limits: { loginPerIp: 5 } })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 7; i++)
        statuses.push((await new Browser(limited.url).login(uniqueEmail('ip'), 'whatever')).status)
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
      const r = await new Browser(limited.url).login('x@y.z', 'whatever')
      expect(r.status).toBe(429)
      expect(r.headers.get('retry-after')).toBeTruthy()
      expect(r.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' })
    } finally {
      await limited.close()
    }
  })
})
