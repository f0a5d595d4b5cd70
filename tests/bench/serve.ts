// The Cumulus server as a child process of the bench: the real buildApp with the environment it
// is given (DATA_DIR, LOG_LEVEL, APP_DIR), on an ephemeral port announced as `{"port":N}`.
import { readFileSync } from 'node:fs'
import { getHeapSpaceStatistics } from 'node:v8'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'

const app = await buildApp(loadConfig(process.env, { port: 0, host: '127.0.0.1' }))
await app.listen({ port: 0, host: '127.0.0.1' })

// The bench asks (SIGUSR2) how the memory splits, to tell V8 heap growth from native memory.
// Started with --expose-gc (by hand, for leak hunting), it collects first so only live data counts.
process.on('SIGUSR2', () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const m = process.memoryUsage()
  const mb = (n: number) => +(n / 1e6).toFixed(1)
  // Per V8 space (committed / used): tells a grown young generation from retained old-space data.
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [s.space_name, `${mb(s.space_size)}/${mb(s.space_used_size)}`]),
  )
  // Anonymous vs file-backed resident memory, from the kernel.
  const status = readFileSync('/proc/self/status', 'utf8')
  const kb = (field: string) =>
    +(Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1000).toFixed(1)
  const memory = {
    rss: mb(m.rss),
    rssAnon: kb('RssAnon'),
    rssFile: kb('RssFile'),
    heapTotal: mb(m.heapTotal),
    heapUsed: mb(m.heapUsed),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    spaces,
  }
  process.stdout.write(`${JSON.stringify({ memory })}\n`)
})

// Close cleanly so SQLite checkpoints its WAL and nothing is left open in the temp dir.
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
})

// Announced last: the bench may signal as soon as it reads the port, so the handlers come first.
const address = app.server.address()
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`)
