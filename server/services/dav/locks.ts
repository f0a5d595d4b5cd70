// WebDAV locks (RFC 4918 §6–§7, §10.4): write locks, exclusive or shared, depth 0 or infinity,
// on paths of the owner's namespace (a member's lock inside a share too: its path is the
// owner's, services/dav/shared.ts), with timeouts. A write must submit (in its If header) a
// token of each lock that protects what it changes, and the If header itself must hold (412).
// The headers themselves (If, Timeout) are read by routes/dav/headers.ts.
import { randomUUID } from 'node:crypto'
import type { DavLock } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DavRepository } from '../../repositories/dav.ts'
import { hrefOf } from './paths.ts'

/** Longest lock a client gets (Infinite included): a forgotten lock frees itself within a day. */
export const MAX_LOCK_SECONDS = 24 * 3600
/** When the client asks for none. */
export const DEFAULT_LOCK_SECONDS = 3600
/** Live locks an account may hold: every write reads them all. */
export const MAX_LOCKS = 1000

/** One condition of an If header list. */
export interface IfCondition {
  not: boolean
  token?: string
  etag?: string
}
export interface IfList {
  /** The tagged resource as a lock path; undefined = the request's own. */
  path?: string
  conditions: IfCondition[]
}

/** What the If header is evaluated against, for one path. */
export interface PathState {
  etag: string | undefined
  tokens: ReadonlySet<string>
}

/** The href of a lock path ("" = Home). */
export const lockHref = (path: string) => hrefOf(path === '' ? [] : path.split('/'), false)

const under = (path: string, root: string) => path !== root && (root === '' || path.startsWith(`${root}/`))

/** The locks that cover `path`: on it, or depth infinity on a folder above it. */
export const covering = (locks: readonly DavLock[], path: string) =>
  locks.filter((l) => l.path === path || (l.depth === 'infinity' && under(path, l.path)))
/** The locks on paths strictly below `path`. */
export const lockedBelow = (locks: readonly DavLock[], path: string) => locks.filter((l) => under(l.path, path))

/** Etags compare without their weakness mark. */
const sameEtag = (a: string, b: string | undefined) =>
  b !== undefined && a.replace(/^W\//, '') === b.replace(/^W\//, '')

/** Whether the If header holds: some list whose every condition holds. */
export async function ifHolds(
  lists: readonly IfList[],
  requestPath: string,
  stateOf: (path: string) => Promise<PathState>,
): Promise<boolean> {
  for (const list of lists) {
    const state = await stateOf(list.path ?? requestPath)
    const holds = list.conditions.every((c) => {
      const match = c.token !== undefined ? state.tokens.has(c.token) : sameEtag(c.etag!, state.etag)
      return c.not ? !match : match
    })
    if (holds) return true
  }
  return false
}

/** Every state token the header names, whatever its list says: what "submitted" means (§10.4.1). */
export const submittedTokens = (lists: readonly IfList[] | undefined) =>
  new Set((lists ?? []).flatMap((l) => l.conditions.flatMap((c) => (c.token ? [c.token] : []))))

/** What a write changes: a path, and whether what is below it changes too (DELETE, MOVE of a folder). */
export interface Protected {
  path: string
  withMembers?: boolean
}

/**
 * Refuses (423) a write to any of `targets` that some lock protects when none of that lock
 * root's tokens was submitted. Locks on one root are shared ones: any of them is enough.
 */
export function checkLocks(
  locks: readonly DavLock[],
  targets: readonly Protected[],
  submitted: ReadonlySet<string>,
  /** A lock path's href as the caller's URLs name it (inside a share: below "Shared with me"). */
  href: (path: string) => string = lockHref,
): void {
  for (const t of targets) {
    const protecting = [...covering(locks, t.path), ...(t.withMembers ? lockedBelow(locks, t.path) : [])]
    const roots = new Map<string, boolean>()
    for (const l of protecting) roots.set(l.path, (roots.get(l.path) ?? false) || submitted.has(l.token))
    for (const [root, ok] of roots) if (!ok) throw errors.davLocked(href(root))
  }
}

export interface LockRequest {
  path: string
  depth: '0' | 'infinity'
  scope: 'exclusive' | 'shared'
  owner: string | null
  timeoutSeconds: number
}

/** Refuses (423) a lock that meets one held: any exclusive one, or any at all for an exclusive request. */
export function checkConflict(
  locks: readonly DavLock[],
  r: Pick<LockRequest, 'path' | 'depth' | 'scope'>,
  href: (path: string) => string = lockHref,
): void {
  const meets = [...covering(locks, r.path), ...(r.depth === 'infinity' ? lockedBelow(locks, r.path) : [])]
  const clash = meets.find((l) => l.scope === 'exclusive' || r.scope === 'exclusive')
  if (clash) throw errors.davLockConflict(href(clash.path))
}

export function createDavLocks(deps: {
  repo: Pick<DavRepository, 'liveLocks' | 'insertLock' | 'refreshLock' | 'deleteLocks'>
  now?: () => number
}) {
  const { repo } = deps
  const now = deps.now ?? Date.now
  return {
    live: (owner: string) => repo.liveLocks(owner, now()),

    checkConflict,

    /** A new lock, unless one it conflicts with is held (423). */
    async lock(
      owner: string,
      locks: readonly DavLock[],
      r: LockRequest,
      href: (path: string) => string = lockHref,
    ): Promise<DavLock> {
      checkConflict(locks, r, href)
      if (locks.length >= MAX_LOCKS) throw errors.davTooManyLocks(MAX_LOCKS)
      const row: DavLock = {
        token: `urn:uuid:${randomUUID()}`,
        owner_id: owner,
        path: r.path,
        depth: r.depth,
        scope: r.scope,
        lock_owner: r.owner,
        timeout_seconds: r.timeoutSeconds,
        expires_at: now() + r.timeoutSeconds * 1000,
      }
      await repo.insertLock(row)
      return row
    },

    /** LOCK without a body: the submitted lock that covers `path` runs for `timeoutSeconds` more (412 without one). */
    async refresh(
      owner: string,
      locks: readonly DavLock[],
      path: string,
      submitted: ReadonlySet<string>,
      timeoutSeconds: number,
    ): Promise<DavLock> {
      const lock = covering(locks, path).find((l) => submitted.has(l.token))
      if (!lock) throw errors.davRefreshNeedsToken()
      const expiresAt = now() + timeoutSeconds * 1000
      await repo.refreshLock(owner, lock.token, timeoutSeconds, expiresAt)
      return { ...lock, timeout_seconds: timeoutSeconds, expires_at: expiresAt }
    },

    /** UNLOCK: the token must name a lock that covers `path` (409 otherwise). */
    async unlock(owner: string, locks: readonly DavLock[], path: string, token: string): Promise<void> {
      const lock = covering(locks, path).find((l) => l.token === token)
      if (!lock) throw errors.davLockTokenMismatch()
      await repo.deleteLocks(owner, [lock.token])
    },

    /** A deleted or moved-away resource takes its locks, and those below it, along (RFC 4918 §7.7). */
    async dropAt(owner: string, locks: readonly DavLock[], path: string): Promise<void> {
      await repo.deleteLocks(
        owner,
        locks.filter((l) => l.path === path || under(l.path, path)).map((l) => l.token),
      )
    },
  }
}
export type DavLocks = ReturnType<typeof createDavLocks>
