// Group commit for SQLite. The database runs with `synchronous = NORMAL`: in WAL mode a commit is
// then written to the -wal file but not fsynced, so it costs the main thread no disk wait. Whatever
// must not be lost before it is acted on (a reply, a blob renamed into place, a blob deleted) waits
// for `durable()` instead: an fdatasync of the -wal file in the thread pool, shared by every caller
// that arrives while it is pending — N concurrent uploads pay for about one fsync, not N.
//
// The -wal file keeps its inode while a connection is open: after a checkpoint SQLite rewrites it
// from the start (or truncates it, journal_size_limit), never deletes it until the last connection
// closes. A checkpoint itself syncs the WAL and the database file (SQLite does that in NORMAL too).
import { fdatasync, open, close } from 'node:fs'
import { promisify } from 'node:util'

const openAsync = promisify(open)
const closeAsync = promisify(close)
const defaultSync = promisify(fdatasync)

export interface WalSync {
  /** Resolves once every commit made before the call is on disk (at once if they already are). */
  durable(): Promise<void>
  /** True when no commit is waiting for a sync (the cheap check before `durable()`). */
  isDurable(): boolean
  /** Waits for a pending sync, then closes the file. */
  close(): Promise<void>
}

export interface WalSyncOptions {
  /** The database's -wal file. */
  path: string
  /** A number that grows with every commit (read before the fsync starts: what it covers). */
  commits: () => number
  /** The fsync itself (tests count calls through it). */
  sync?: (fd: number) => Promise<void>
}

export async function openWalSync(o: WalSyncOptions): Promise<WalSync> {
  const fd = await openAsync(o.path, 'r+')
  const sync = o.sync ?? defaultSync
  /** Commits known to be on disk: the counter's value when the last completed fsync started. */
  let synced = o.commits()
  /** The fsync in flight and the count it covers. */
  let running: { covers: number; done: Promise<void> } | undefined
  /** The one fsync queued behind it, shared by everyone who arrives meanwhile. */
  let next: Promise<void> | undefined

  const start = (): Promise<void> => {
    const covers = o.commits()
    const done = sync(fd).then(() => {
      if (covers > synced) synced = covers
    })
    const entry = { covers, done }
    running = entry
    const clear = () => void (running === entry && (running = undefined))
    done.then(clear, clear)
    return done
  }

  const walSync: WalSync = {
    isDurable: () => o.commits() <= synced,
    durable() {
      const target = o.commits()
      if (target <= synced) return Promise.resolve()
      if (!running) return start()
      if (running.covers >= target) return running.done
      // Commits after the running fsync began: they need the next one, which starts when it ends.
      next ??= running.done
        .catch(() => undefined)
        .then(() => {
          next = undefined
          return start()
        })
      return next
    },
    async close() {
      await Promise.allSettled([running?.done, next])
      await closeAsync(fd)
    },
  }
  return walSync
}
