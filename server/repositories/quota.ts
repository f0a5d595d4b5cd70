// SQL of quotas: the user's counters (used_bytes, kept by triggers; reserved_bytes, the sum of
// their live reservations) and the reservations themselves. A reservation changes the counter
// and its row in one transaction, so the two never disagree.
import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema.ts'

interface ReservationRow {
  id: string
  userId: string
  bytes: number
  now: number
  expiresAt: number
}

/** What a reservation came to: bytes held, refused, or nothing to hold (no quota). */
export type Held = 'held' | 'refused' | 'unlimited'

export interface QuotaState {
  quota: number | null
  used: number
  reserved: number
}

export function createQuotaRepository(db: Kysely<DB>) {
  /**
   * Adds `bytes` to the user's reserved bytes if used + reserved + bytes stays within the quota
   * (or `force`: the bytes are already promised). One UPDATE of one row: on PostgreSQL a
   * concurrent one waits for the row lock and then re-checks its condition against the row as
   * the first left it, so two reservations cannot both pass; SQLite has one writer at a time.
   */
  const addReserved = async (q: Kysely<DB>, userId: string, bytes: number, force = false): Promise<boolean> => {
    let update = q
      .updateTable('users')
      .set({ reserved_bytes: sql`reserved_bytes + ${bytes}` })
      .where('id', '=', userId)
    if (!force) {
      update = update.where((eb) =>
        eb.or([
          eb('quota', 'is', null),
          eb(sql<number>`used_bytes + reserved_bytes + ${bytes}`, '<=', eb.ref('quota')),
        ]),
      )
    }
    return Number((await update.executeTakeFirst()).numUpdatedRows) === 1
  }

  /**
   * A reservation, if the account has a quota and the bytes fit (see `reserve`). `atomically` runs
   * the writes, which only an account with a quota makes, as one (the caller's transaction, or one
   * of their own); the read before them decides nothing the conditional update does not check again.
   */
  const hold = async (
    q: Kysely<DB>,
    r: ReservationRow,
    atomically: (write: (w: Kysely<DB>) => Promise<Held>) => Promise<Held> = (write) => write(q),
  ): Promise<Held> => {
    const user = await q.selectFrom('users').select('quota').where('id', '=', r.userId).executeTakeFirst()
    if (!user) return 'refused'
    if (user.quota === null) return 'unlimited'
    return atomically(async (w) => {
      if (!(await addReserved(w, r.userId, r.bytes))) return 'refused'
      await w
        .insertInto('quota_reservations')
        .values({ id: r.id, user_id: r.userId, bytes: r.bytes, created_at: r.now, expires_at: r.expiresAt })
        .execute()
      return 'held'
    })
  }

  /** Drops a reservation row and its bytes from the counter; false when it was already gone. */
  const drop = async (q: Kysely<DB>, id: string): Promise<boolean> => {
    const row = await q
      .deleteFrom('quota_reservations')
      .where('id', '=', id)
      .returning(['user_id', 'bytes'])
      .executeTakeFirst()
    if (!row) return false
    await q
      .updateTable('users')
      .set({ reserved_bytes: sql`reserved_bytes - ${row.bytes}` })
      .where('id', '=', row.user_id)
      .execute()
    return true
  }

  return {
    state: (userId: string): Promise<QuotaState | undefined> =>
      db
        .selectFrom('users')
        .select(['quota', 'used_bytes as used', 'reserved_bytes as reserved'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    /**
     * Records a reservation if it fits: 'held'; 'refused' (nothing recorded) when it does not;
     * 'unlimited' (nothing recorded either) for an account without a quota, which has nothing to
     * hold back: two writes and their pages saved on every upload of such an account.
     */
    reserve: (r: ReservationRow): Promise<Held> => hold(db, r, (write) => db.transaction().execute(write)),

    /** `reserve` inside a caller's transaction (a resumable upload's creation, whose reservation is made with its row). */
    reserveIn: (r: ReservationRow): Promise<Held> => hold(db, r),

    /** Grows a live reservation by `bytes` if that fits; false when it does not or is gone. */
    grow: (id: string, userId: string, bytes: number): Promise<boolean> =>
      db
        .transaction()
        .execute(async (trx) => {
          const updated = await trx
            .updateTable('quota_reservations')
            .set({ bytes: sql`bytes + ${bytes}` })
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst()
          if (Number(updated.numUpdatedRows) !== 1) return false
          if (!(await addReserved(trx, userId, bytes))) throw new QuotaRefused()
          return true
        })
        .catch((err: unknown) => (err instanceof QuotaRefused ? false : Promise.reject(err))),

    /** Keeps a long write's reservation alive (a resumable upload that is still receiving). */
    async extend(id: string, expiresAt: number): Promise<void> {
      await db.updateTable('quota_reservations').set({ expires_at: expiresAt }).where('id', '=', id).execute()
    },

    /** Ends a reservation (its bytes were written and now count as used, or were not written). */
    release: (id: string): Promise<boolean> => db.transaction().execute((trx) => drop(trx, id)),
    /** `release` inside a caller's transaction: the one that commits the file row. */
    releaseIn: (id: string): Promise<boolean> => drop(db, id),

    /** Ends reservations past their expiry (their writer crashed or gave up); returns how many. */
    async sweepExpired(now: number, limit = 500): Promise<number> {
      const ids = (
        await db.selectFrom('quota_reservations').select('id').where('expires_at', '<=', now).limit(limit).execute()
      ).map((r) => r.id)
      for (const id of ids) await db.transaction().execute((trx) => drop(trx, id))
      return ids.length
    },
  }
}
export type QuotaRepository = ReturnType<typeof createQuotaRepository>

/** Rolls back a grow whose counter would pass the quota. */
class QuotaRefused extends Error {}
