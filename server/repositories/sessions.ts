import type { Kysely } from 'kysely'
import type { DB, Session } from '../db/schema.ts'

export function createSessionsRepository(db: Kysely<DB>) {
  return {
    async insert(session: Session): Promise<void> {
      await db.insertInto('sessions').values(session).execute()
    },
    /** What request authentication checks (every request): whose session it is and whether it is live. */
    liveness: (id: string) => db.selectFrom('sessions').select(['user_id', 'revoked_at', 'expires_at']).where('id', '=', id).executeTakeFirst(),
    byRefreshHash: (hash: string) => db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst(),
    byPreviousRefreshHash: (hash: string) =>
      db.selectFrom('sessions').selectAll().where('prev_refresh_hash', '=', hash).executeTakeFirst(),
    /** Rotates only if the presented hash is still current: a racing second rotation loses. */
    async rotate(id: string, fromHash: string, toHash: string, now: number, expiresAt: number): Promise<boolean> {
      const res = await db
        .updateTable('sessions')
        .set({ refresh_hash: toHash, prev_refresh_hash: fromHash, rotated_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .where('refresh_hash', '=', fromHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async revoke(id: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute()
    },
    /** Ends every session of a user, optionally keeping one (password change keeps the caller's). */
    async revokeAllForUser(userId: string, now: number, exceptId?: string): Promise<void> {
      let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null)
      if (exceptId) q = q.where('id', '!=', exceptId)
      await q.execute()
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<', now).execute()
    },
  }
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>
