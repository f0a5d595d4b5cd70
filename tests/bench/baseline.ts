// Baseline servers for the ratios, each in its own child process like the Cumulus one:
//   raw   — minimal node:http: POST /upload pipes the body to a file, GET /download streams a
//           file with createReadStream (what DESIGN.md §6 compares uploads/downloads against)
//   hello — a bare Fastify app returning a constant JSON (the list latency and req/s baseline);
//           `PUT /same` stores a JSON document that `GET /same` then returns (serialised on each
//           request like any Fastify reply), so a list page can be compared with a hello-world
//           that sends the same bytes
// Paths come in the query string but must stay under BENCH_ROOT: it is a bench, not an oracle.
import { createReadStream, createWriteStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import Fastify from 'fastify'

const root = resolve(process.env.BENCH_ROOT ?? '/nonexistent')
const mode = process.argv[2]

function announce(server: Server) {
  const address = server.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`)
}

if (mode === 'raw') {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x')
      const path = resolve(url.searchParams.get('path') ?? '')
      if (!path.startsWith(root + sep)) throw new Error('path outside BENCH_ROOT')
      if (req.method === 'POST' && url.pathname === '/upload') {
        await pipeline(req, createWriteStream(path))
        // Optional second baseline: the same plus the fsync Cumulus does before a row commits.
        if (url.searchParams.get('fsync') === '1') {
          const fh = await open(path, 'r')
          await fh.sync()
          await fh.close()
        }
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}')
      } else if (req.method === 'GET' && url.pathname === '/download') {
        const { size } = await stat(path)
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size })
        await pipeline(createReadStream(path), res)
      } else res.writeHead(404).end()
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err))
      else res.destroy()
    }
  })
  // node:http cuts requests after 300 s by default; a slow 1 GiB upload must not be.
  server.requestTimeout = 0
  server.listen(0, '127.0.0.1', () => announce(server))
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
} else if (mode === 'hello') {
  const app = Fastify()
  app.get('/', async () => ({ hello: 'world' }))
  let same: unknown = null
  app.put('/same', { bodyLimit: 16 << 20 }, async (req) => {
    same = req.body
    return { ok: true }
  })
  app.get('/same', async () => same)
  await app.listen({ port: 0, host: '127.0.0.1' })
  announce(app.server)
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
} else {
  console.error('usage: baseline.ts raw|hello')
  process.exit(2)
}
