// Serves the built SPA from the same origin: hashed assets cached forever, and index.html for
// every other GET that is not an API route, so deep links work (history fallback).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type HeaderList, setHeaders } from './security-headers.ts'

export const API_PREFIXES = ['/user-service', '/file-service', '/folder-service', '/share-service']

const SERVER_PATHS = ['/metrics', '/readyz', '/healthz']

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cumulus</title></head>
<body><main><h1>Cumulus</h1><p>The server is running, but the web app has not been built yet. Run <code>npm run build</code>.</p></main></body></html>`

/** Whether a GET for this path should get the app's index.html. */
export function wantsAppShell(url: string): boolean {
  const path = url.split('?')[0]!
  if (API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return false
  if (path.startsWith('/assets/')) return false
  // The server's own probes: a 404 when off (/metrics without METRICS_TOKEN), never the app.
  if (SERVER_PATHS.includes(path)) return false
  // A top-level name with an extension (favicon.ico, robots.txt) is a missing file, not a route.
  if (/^\/[^/]+\.[a-z0-9]+$/i.test(path)) return false
  return true
}

/**
 * Serves the built app with the document headers (`documentHeaders`) on every file; returns the
 * handler that sends index.html, for `/` and the not-found handler's deep links.
 */
export async function registerWebApp(
  app: FastifyInstance,
  appDir: string,
  documentHeaders: HeaderList,
): Promise<(req: FastifyRequest, reply: FastifyReply) => unknown> {
  const built = existsSync(join(appDir, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: appDir,
      index: false,
      wildcard: true,
      setHeaders(res, path) {
        for (const [name, value] of documentHeaders) res.header(name, value)
        res.header(
          'cache-control',
          path.includes(`${join(appDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }
  const sendShell = (_req: FastifyRequest, reply: FastifyReply) => {
    setHeaders(reply, documentHeaders)
    reply.header('cache-control', 'no-cache')
    if (!built) return reply.type('text/html; charset=utf-8').send(PLACEHOLDER)
    return reply.sendFile('index.html')
  }
  // The static handler would answer the root directory with 403; the root is the app.
  app.get('/', sendShell)
  return sendShell
}
