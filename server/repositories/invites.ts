import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export function createInvitesRepository(db: Kysely<DB>) {
  return {
    async insert(row: { token_hash: string; created_by: string; created_at: number; expires_at: number }): Promise<void> {
      await db.insertInto('invites').values({ ...row, used_at: null }).execute()
    },
    /** Uses an invite atomically: of two sign-ups with one link, exactly one gets it. */
    async consume(hash: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('invites')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** Gives an invite back when the sign-up it was used for failed (the email was taken). */
    async unconsume(hash: string): Promise<void> {
      await db.updateTable('invites').set({ used_at: null }).where('token_hash', '=', hash).execute()
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('invites').where('expires_at', '<', now).execute()
    },
  }
}
export type InvitesRepository = ReturnType<typeof createInvitesRepository>
