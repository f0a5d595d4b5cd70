// Entry point: read the configuration, build the app, listen, and close cleanly on a signal so
// in-flight requests finish and the database is closed properly.
import type { AddressInfo } from 'node:net'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { closeOnSignals } from './shutdown.ts'

async function main(): Promise<AddressInfo> {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(2)
    }
    throw err
  }
  const app = await buildApp(config)
  closeOnSignals(app, config.limits.shutdownGraceMs)
  await app.listen({ port: config.port, host: config.host })
  return app.server.address() as AddressInfo
}

/** Where the server listens, once it does; `npm start` (scripts/start.mjs) prints it for people. */
export const listening: Promise<AddressInfo | undefined> = main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
