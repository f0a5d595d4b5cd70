// Stopping on SIGTERM/SIGINT: stop accepting, let in-flight requests finish for a grace period,
// then cut what is still open (a paused download must not hold the stop forever; the client
// resumes with Range) so the close hooks still run and the database closes cleanly. The hard exit
// is the last resort when a close hook itself hangs.
import type { FastifyInstance } from 'fastify'

export function closeOnSignals(app: FastifyInstance, graceMs: number) {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    setTimeout(() => app.server.closeAllConnections(), graceMs).unref()
    setTimeout(() => process.exit(1), graceMs + 10_000).unref()
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}
