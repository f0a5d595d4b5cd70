import type { Kysely } from 'kysely'
import { prepared } from '../db/prepared.ts'
import type { DB, NewSession, Session, UserRole } from '../db/schema.ts'

type Liveness = Pick<Session, 'user_id' | 'revoked_at' | 'expires_at'> & {
  drive_version: number
  disabled: number
  role: UserRole
  must_change_password: number
}

/** A session as the devices list shows it. */
export type DeviceRow = Pick<Session, 'id' | 'ip' | 'user_agent' | 'created_at' | 'last_seen_at'>

/** Remembered session checks at most; beyond, the oldest are dropped (they are re-read). */
const LIVENESS_MEMO_MAX = 4096

/**
 * `changeEpoch` (SQLite, see MetadataDb): when given, a session check is remembered until
 * anything is written to the database. Every request makes one; reading the epoch costs next to
 * nothing, the query ~6 µs under load. Expiry is still compared with the clock by the caller.
 */
export function createSessionsRepository(db: Kysely<DB>, changeEpoch?: () => string) {
  const query = prepared(db, (id: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id',
        'sessions.revoked_at',
        'sessions.expires_at',
        'users.drive_version',
        'users.disabled',
        'users.role',
        'users.must_change_password',
      ])
      .where('sessions.id', '=', id),
  )
  const memo = new Map<string, Liveness | undefined>()
  let memoEpoch: string | undefined

  async function liveness(id: string): Promise<Liveness | undefined> {
    if (!changeEpoch) return (await query(id))[0]
    // Read before the query: a write that lands between the two leaves the row filed under the
    // older epoch, which the next check no longer matches.
    const epoch = changeEpoch()
    if (epoch !== memoEpoch) {
      memo.clear()
      memoEpoch = epoch
    } else if (memo.has(id)) return memo.get(id)
    const row = (await query(id))[0]
    if (memoEpoch === epoch) {
      if (memo.size >= LIVENESS_MEMO_MAX) memo.delete(memo.keys().next().value!)
      memo.set(id, row)
    }
    return row
  }

  return {
    async insert(session: NewSession): Promise<void> {
      await db.insertInto('sessions').values(session).execute()
    },
    /**
     * What request authentication checks (every request): whose session it is, whether it is live,
     * and the version of the owner's drive, read before anything of the drive is (list-cache.ts).
     */
    liveness,
    byRefreshHash: (hash: string) =>
      db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst(),
    byPreviousRefreshHash: (hash: string) =>
      db.selectFrom('sessions').selectAll().where('prev_refresh_hash', '=', hash).executeTakeFirst(),
    /** Rotates only if the presented hash is still current: a racing second rotation loses. */
    async rotate(id: string, fromHash: string, toHash: string, now: number, expiresAt: number): Promise<boolean> {
      const res = await db
        .updateTable('sessions')
        // A refresh is the session's sign of life (the devices list): the same write, no extra one.
        .set({
          refresh_hash: toHash,
          prev_refresh_hash: fromHash,
          rotated_at: now,
          expires_at: expiresAt,
          last_seen_at: now,
        })
        .where('id', '=', id)
        .where('refresh_hash', '=', fromHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async revoke(id: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute()
    },
    /** Ends every session of a user, optionally keeping one (password change keeps the caller's). */
    async revokeAllForUser(userId: string, now: number, exceptId?: string): Promise<void> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
      if (exceptId) q = q.where('id', '!=', exceptId)
      await q.execute()
    },
    /** The user's live sessions, most recently seen first. */
    devices: (userId: string, now: number): Promise<DeviceRow[]> =>
      db
        .selectFrom('sessions')
        .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy((eb) => eb.fn.coalesce('last_seen_at', 'created_at'), 'desc')
        .orderBy('id')
        .execute(),
    /** Ends one of the user's live sessions; false when it is not theirs or not live (→ 404). */
    async revokeOwn(userId: string, id: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** How many of a user's sessions are live at `now` (not revoked, not expired). */
    async countActive(userId: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', now).execute()
    },
  }
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>
