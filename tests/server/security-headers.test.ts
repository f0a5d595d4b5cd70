// Security headers are computed once at start instead of per request. Every reply carries the
// API set; documents (the app's index.html and files) carry helmet's full set with the app CSP;
// uploaded content carries its sandboxing set; a route's own header always wins.
import { get, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const API = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
}
/** Headers only documents need: an API reply must not spend bytes on them. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]
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
    ['GET', '/nope.txt', 404],
  ])(
    'given %s %s (%s), then the API set, no document-only header and no HSTS without SECURE_COOKIES',
    async (method, path, code) => {
      const res = await fetch(`${server.url}${path}`, { method })
      // Read the body: an unread reply keeps its connection busy and the server from closing.
      await res.arrayBuffer()
      expect(res.status).toBe(code)
      expect(headers(res)).toMatchObject(API)
      for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), name).toBeNull()
      expect(res.headers.get('strict-transport-security')).toBeNull()
    },
  )

  it('given a signed-in list, then the API set too', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('api-headers'))
    const r = await b.get('/file-service/list')
    expect(r.status).toBe(200)
    expect(headers(r)).toMatchObject(API)
    for (const name of DOCUMENT_ONLY) expect(r.headers.get(name), name).toBeNull()
  })

  it.each(['/', '/folder/abc', '/settings'])(
    'given the document %s, then every helmet header with the app CSP',
    async (path) => {
      const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } })
      await res.arrayBuffer()
      expect(res.status).toBe(200)
      expect(headers(res)).toMatchObject(HELMET)
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(res.headers.get('strict-transport-security')).toBeNull()
    },
  )

  it('given SECURE_COOKIES=true, then HSTS too', async () => {
    const secure = await startServer({ env: { SECURE_COOKIES: 'true' } })
    try {
      for (const [path, set] of [
        ['/healthz', API],
        ['/folder/abc', HELMET],
      ] as const) {
        const res = await fetch(`${secure.url}${path}`)
        await res.arrayBuffer()
        expect(res.headers.get('strict-transport-security'), path).toBe('max-age=15552000; includeSubDomains')
        expect(headers(res)).toMatchObject(set)
      }
    } finally {
      await secure.close()
    }
  })

  it.each([
    ['auto', 'true', 'https', true],
    ['auto', '127.0.0.1', 'https', true],
    ['auto', 'true', 'http', false],
    ['auto', 'true', 'none', false],
    // X-Forwarded-Proto from a peer that is not a trusted proxy proves nothing.
    ['auto', 'false', 'https', false],
    ['auto', '10.0.0.1', 'https', false],
    ['false', 'true', 'https', false],
    ['true', 'false', 'none', true],
  ] as const)(
    'given SECURE_COOKIES=%s, TRUST_PROXY=%s and X-Forwarded-Proto %s, then HSTS on every reply: %s',
    async (secure, trust, proto, hsts) => {
      const s = await startServer({ env: { SECURE_COOKIES: secure, TRUST_PROXY: trust } })
      try {
        for (const [path, accept] of [
          ['/healthz', '*/*'],
          ['/folder/abc', 'text/html'],
          ['/file-service/list', '*/*'],
        ] as const) {
          const res = await fetch(`${s.url}${path}`, {
            headers: { accept, ...(proto !== 'none' && { 'x-forwarded-proto': proto }) },
          })
          await res.arrayBuffer()
          expect(res.headers.get('strict-transport-security'), path).toBe(
            hsts ? 'max-age=15552000; includeSubDomains' : null,
          )
        }
      } finally {
        await s.close()
      }
    },
  )

  it('given a download, then its own sandboxing set replaces the API CSP', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('headers'))
    const up = await b.upload('note.txt', 'hello')
    expect(up.status).toBe(201)
    // Its own connection (agent: false → Connection: close): a kept-alive connection that served
    // a download sometimes holds the server's close open (seen before this change too).
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(
        `${server.url}/file-service/download/${up.body._id}`,
        { agent: false, headers: { cookie: `access-token=${b.cookies.get('access-token')}` } },
        resolve,
      ).on('error', reject),
    )
    res.resume()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/)
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'x-permitted-cross-domain-policies': 'none',
      'x-download-options': 'noopen',
      'referrer-policy': 'no-referrer',
    })
  })
})
