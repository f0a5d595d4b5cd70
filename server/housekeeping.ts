// Hourly housekeeping: expired sessions, trash past TRASH_RETENTION_DAYS, resumable uploads
// past UPLOAD_EXPIRY_HOURS (with any staged bytes no upload owns), and share links nobody can use
// any more (expired past a grace period, used up, or on a deleted item), and sign-ins that
// waited for a second factor too long. The timer is
// unref'd, so it never keeps the process alive.
import type { SessionsRepository } from './repositories/sessions.ts'
import type { ResumableUploads } from './services/resumable-uploads.ts'
import type { SharingService } from './services/sharing.ts'
import type { TreeService } from './services/tree.ts'

const EVERY_MS = 3_600_000

export interface HousekeepingDeps {
  sessions: Pick<SessionsRepository, 'deleteExpired'>
  tree: Pick<TreeService, 'purgeTrash'>
  trashRetentionDays: number
  /** The expired-upload sweep, over the store's staged ids. */
  uploads: { sweep: ResumableUploads['sweep']; stagedIds: () => AsyncIterable<string> }
  /** The dead-link sweep, and how long an expired link is kept. */
  links: { sweep: SharingService['sweep']; graceMs: number }
  /** Quota reservations whose writer crashed, and invites past their week. */
  family?: { sweepReservations: () => Promise<number>; deleteExpiredInvites: () => Promise<void> }
  /** Sign-ins that waited for a second factor past their minutes, and passkey ceremonies never answered. */
  loginChallenges?: { deleteExpired: (now: number) => Promise<void> }
  /** WebDAV locks past their timeout (they stopped counting already; this drops the rows). */
  davLocks?: { sweep: () => Promise<void> }
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
    const links = await deps.links.sweep(deps.links.graceMs)
    if (links) deps.log.info({ links }, 'dead share links removed')
    if (deps.family) {
      const reservations = await deps.family.sweepReservations()
      if (reservations) deps.log.info({ reservations }, 'expired quota reservations released')
      await deps.family.deleteExpiredInvites()
    }
    await deps.loginChallenges?.deleteExpired(Date.now())
    await deps.davLocks?.sweep()
  }
  const runLogged = () => void run().catch((err) => deps.log.warn({ err }, 'housekeeping failed'))
  runLogged()
  const timer = setInterval(runLogged, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** How often names of new files are added to SQLite's search index when no search asked first. */
const NAME_INDEX_EVERY_MS = 1000
/** Names added per turn: a bulk import waiting is indexed a slice at a time (~15 ms each), never in one long stop. */
const NAME_INDEX_BATCH = 2000

/**
 * SQLite: adds the names of new files to the search index about once a second (a search adds
 * them first anyway), so what waits stays small and a search after an idle spell finds none.
 */
export function startNameIndexing(index: (limit: number) => Promise<number>, log: HousekeepingDeps['log']): () => Promise<void> {
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    running ??= index(NAME_INDEX_BATCH)
      .then(() => undefined, (err: unknown) => log.warn({ err }, 'search index update failed'))
      .finally(() => (running = undefined))
  }, NAME_INDEX_EVERY_MS)
  timer.unref()
  // Stopping waits for a turn in progress: the database closes after.
  return async () => {
    clearInterval(timer)
    await running
  }
}
