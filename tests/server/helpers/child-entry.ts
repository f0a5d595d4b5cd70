// The real server in a process of its own, for tests that kill it (helpers/child-server.ts).
// Reads the environment like server/main.ts does, listens on an ephemeral port on 127.0.0.1 and
// prints {"port":N} as one JSON line on stdout once it accepts connections. SIGTERM closes it as
// server/main.ts does (server/shutdown.ts); SIGKILL, the point of it, cannot be handled.
// CUMULUS_TEST_LIMITS (JSON) overrides config.limits, so tests can shorten timings the
// environment does not expose.
import { buildApp } from '../../../server/app.ts'
import { loadConfig, type Limits } from '../../../server/config.ts'
import { closeOnSignals } from '../../../server/shutdown.ts'

const base = loadConfig(process.env)
const limits = process.env.CUMULUS_TEST_LIMITS ? (JSON.parse(process.env.CUMULUS_TEST_LIMITS) as Partial<Limits>) : {}
const config = { ...base, limits: { ...base.limits, ...limits } }
const app = await buildApp(config)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : 0
process.stdout.write(`${JSON.stringify({ port, pid: process.pid })}\n`)

closeOnSignals(app, config.limits.shutdownGraceMs)

// If the test runner dies without killing us, our stdin closes: do not linger as an orphan.
process.stdin.on('end', () => process.exit(1))
process.stdin.on('error', () => process.exit(1))
process.stdin.resume()
