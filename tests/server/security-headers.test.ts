// The helmet headers are computed once at start instead of per request; every response must
// still carry them, and a route's own header (a download's sandboxing CSP) must still win.
import { get, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const HELMET = {
  'content-security-policy': expect.stringContaining("default-src 'self'"),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}
const headers = (r: { headers: Headers }) => Object.fromEntries(r.headers.entries())

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('security headers', () => {
  it.each([
    ['GET', '/healthz', 200],
    ['GET', '/file-service/list', 401],
    ['POST', '/user-service/logout', 403],
    ['GET', '/file-service/nope/deeper', 404],
    ['GET', '/folder/abc', 200],
  ])('given %s %s (%s), then every helmet header and no HSTS without SECURE_COOKIES', async (method, path, code) => {
    const res = await fetch(`${server.url}${path}`, { method })
    // Read the body: an unread reply keeps its connection busy and the server from closing.
    await res.arrayBuffer()
    expect(res.status).toBe(code)
    expect(headers(res)).toMatchObject(HELMET)
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('given SECURE_COOKIES=true, then HSTS too', async () => {
    const secure = await startServer({ env: { SECURE_COOKIES: 'true' } })
    try {
      const res = await fetch(`${secure.url}/healthz`)
      await res.arrayBuffer()
      expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains')
      expect(headers(res)).toMatchObject(HELMET)
    } finally {
      await secure.close()
    }
  })

  it('given a download, then its own sandboxing CSP replaces the app CSP', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('headers'))
    const up = await b.upload('note.txt', 'hello')
    expect(up.status).toBe(201)
    // Its own connection (agent: false → Connection: close): a kept-alive connection that served
    // a download sometimes holds the server's close open (seen before this change too).
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${server.url}/file-service/download/${up.body._id}`, { agent: false, headers: { cookie: `access-token=${b.cookies.get('access-token')}` } }, resolve).on('error', reject),
    )
    res.resume()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/)
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })
})
