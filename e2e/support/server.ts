// The server e2e specs run against: the real app on a throwaway DATA_DIR, with limits loosened
// only where a test suite would otherwise trip them (logins per IP).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'cumulus-e2e-'))
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? '4310', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
config.limits.loginPerIp = 10_000
const app = await buildApp(config)
await app.listen({ port: config.port, host: '127.0.0.1' })
const stop = async () => {
  await app.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
