import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let appDir: string
beforeAll(async () => {
  appDir = await mkdtemp(join(tmpdir(), 'cumulus-app-'))
  await mkdir(join(appDir, 'assets'))
  await writeFile(
    join(appDir, 'index.html'),
    '<!doctype html><div id="app"></div><script type="module" src="/assets/main-abc.js"></script>',
  )
  await writeFile(join(appDir, 'assets', 'main-abc.js'), 'console.log(1)')
  server = await startServer({ env: { APP_DIR: appDir } })
})
afterAll(async () => {
  await server.close()
  await rm(appDir, { recursive: true, force: true })
})

const CLIENT_ROUTES = [
  '/',
  '/home',
  '/folder/abc123',
  '/search/holiday%20photos',
  '/search/report.pdf',
  '/trash',
  '/folder-trash/abc',
  '/search-trash/x',
  '/media',
  '/search-media/cat',
  '/settings',
  '/public-download/id1/tok2',
  '/verify-email/some-token',
  '/reset-password/some-token',
]

describe('serving the app', () => {
  it('GET /healthz answers 200', async () => {
    const r = await new Browser(server.url).get('/healthz')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ status: 'ok' })
    expect(r.headers.get('x-request-id')).toBeTruthy()
  })

  it.each(CLIENT_ROUTES)('given the client route %s, then index.html with a strict CSP', async (path) => {
    const r = await new Browser(server.url).get(path, { accept: 'text/html' })
    expect(r.status).toBe(200)
    expect(r.text).toContain('<div id="app">')
    const csp = r.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.headers.get('cache-control')).toBe('no-cache')
  })

  it('given HEAD of a deep link, then 200', async () => {
    const res = await fetch(`${server.url}/folder/x`, { method: 'HEAD' })
    expect(res.status).toBe(200)
  })

  it('given an asset, then it is served with immutable caching', async () => {
    const r = await new Browser(server.url).get('/assets/main-abc.js')
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toContain('immutable')
  })

  it.each([
    '/assets/missing.js',
    '/favicon.ico',
    '/user-service/nope',
    '/file-service/nope/deeper',
    '/folder-service',
    '/user-service',
  ])('given %s, then a JSON 404, never the app', async (path) => {
    const r = await new Browser(server.url).get(path, { accept: 'text/html' })
    expect(r.status).toBe(404)
    expect(r.text).not.toContain('<div id="app">')
  })
})

describe('without a built app', () => {
  it('serves a placeholder page so a fresh start shows something', async () => {
    const bare = await startServer()
    try {
      const r = await new Browser(bare.url).get('/', { accept: 'text/html' })
      expect(r.status).toBe(200)
      expect(r.text).toContain('Cumulus')
    } finally {
      await bare.close()
    }
  })
})
