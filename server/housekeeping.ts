// Hourly housekeeping: expired sessions, trash past TRASH_RETENTION_DAYS, resumable uploads
// past UPLOAD_EXPIRY_HOURS (with any staged bytes no upload owns), and share links nobody can use
// any more (expired past a grace period, used up, or on a deleted item), and sign-ins that
// waited for a second factor too long, and versions past their retention; and it mails the admins
// any new server warning. Each sweep runs on its own: one failing is logged and the
// rest still run. The timer is unref'd, so it never keeps the process alive.
import type { SessionsRepository } from './repositories/sessions.ts'
import type { ResumableUploads } from './services/drive/resumable-uploads.ts'
import type { SharingService } from './services/sharing/links.ts'
import type { TreeService } from './services/drive/tree.ts'

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
  /** Version retention (services/drive/versions.ts): thins each file's versions; returns how many went. */
  versions?: { sweep: () => Promise<number> }
  /** Server warnings mailed to the admins once each (services/operations/warning-mail.ts). */
  warnings?: { check: () => Promise<number> }
  log: {
    info(obj: object, msg: string): void
    warn(obj: object, msg: string): void
    error(obj: object, msg: string): void
  }
}

/**
 * The sweeps of one turn, by name. Each runs on its own: one that throws (a table locked, a
 * store unreachable) is logged with its name and the next still runs.
 */
function sweeps(deps: HousekeepingDeps): Array<[string, () => Promise<void>]> {
  const { log } = deps
  return [
    ['sessions', () => deps.sessions.deleteExpired(Date.now())],
    [
      'trash retention',
      async () => {
        const purged = await deps.tree.purgeTrash(deps.trashRetentionDays)
        if (purged) log.info({ purged }, 'trash retention: items deleted')
      },
    ],
    [
      'uploads',
      async () => {
        const expired = await deps.uploads.sweep(deps.uploads.stagedIds)
        if (expired) log.info({ expired }, 'unfinished uploads expired')
      },
    ],
    [
      'share links',
      async () => {
        const links = await deps.links.sweep(deps.links.graceMs)
        if (links) log.info({ links }, 'dead share links removed')
      },
    ],
    [
      'quota reservations',
      async () => {
        const reservations = (await deps.family?.sweepReservations()) ?? 0
        if (reservations) log.info({ reservations }, 'expired quota reservations released')
      },
    ],
    ['invites', async () => deps.family?.deleteExpiredInvites()],
    ['sign-in challenges', async () => deps.loginChallenges?.deleteExpired(Date.now())],
    ['WebDAV locks', async () => deps.davLocks?.sweep()],
    [
      'version retention',
      async () => {
        const versions = (await deps.versions?.sweep()) ?? 0
        if (versions) log.info({ versions }, 'version retention: versions deleted')
      },
    ],
    [
      'server warnings',
      async () => {
        const mailed = (await deps.warnings?.check()) ?? 0
        if (mailed) log.warn({ mailed }, 'server warnings mailed to the admins')
      },
    ],
  ]
}

/** Runs once now and then every hour; returns the function that stops it. */
export function startHousekeeping(deps: HousekeepingDeps): () => void {
  const run = async () => {
    for (const [sweep, once] of sweeps(deps)) {
      try {
        await once()
      } catch (err) {
        deps.log.error({ err, sweep }, `housekeeping: the ${sweep} sweep failed`)
      }
    }
  }
  const runLogged = () => void run()
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
export function startNameIndexing(
  index: (limit: number) => Promise<number>,
  log: HousekeepingDeps['log'],
): () => Promise<void> {
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    running ??= index(NAME_INDEX_BATCH)
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'search index update failed'),
      )
      .finally(() => (running = undefined))
  }, NAME_INDEX_EVERY_MS)
  timer.unref()
  // Stopping waits for a turn in progress: the database closes after.
  return async () => {
    clearInterval(timer)
    await running
  }
}
