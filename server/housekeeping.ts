// Hourly housekeeping: expired sessions, trash past TRASH_RETENTION_DAYS, and resumable uploads
// past UPLOAD_EXPIRY_HOURS (with any staged bytes no upload owns). The timer is
// unref'd, so it never keeps the process alive.
import type { SessionsRepository } from './repositories/sessions.ts'
import type { ResumableUploads } from './services/resumable-uploads.ts'
import type { TreeService } from './services/tree.ts'

const EVERY_MS = 3_600_000

export interface HousekeepingDeps {
  sessions: Pick<SessionsRepository, 'deleteExpired'>
  tree: Pick<TreeService, 'purgeTrash'>
  trashRetentionDays: number
  /** The expired-upload sweep, over the store's staged ids. */
  uploads: { sweep: ResumableUploads['sweep']; stagedIds: () => AsyncIterable<string> }
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

/** Runs once now and then every hour; returns the function that stops it. */
export function startHousekeeping(deps: HousekeepingDeps): () => void {
  const run = async () => {
    await deps.sessions.deleteExpired(Date.now())
    const purged = await deps.tree.purgeTrash(deps.trashRetentionDays)
    if (purged) deps.log.info({ purged }, 'trash retention: items deleted')
    const expired = await deps.uploads.sweep(deps.uploads.stagedIds)
    if (expired) deps.log.info({ expired }, 'unfinished uploads expired')
  }
  const runLogged = () => void run().catch((err) => deps.log.warn({ err }, 'housekeeping failed'))
  runLogged()
  const timer = setInterval(runLogged, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
