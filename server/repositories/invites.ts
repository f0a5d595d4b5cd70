import type { ExpressionBuilder, Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export interface InviteRow {
  id: string
  created_by: string | null
  creator_email: string | null
  email: string | null
  created_at: number
  expires_at: number
  used_at: number | null
}

/**
 * An invite is only as good as its maker's standing: one whose creator is no longer an active
 * admin (demoted, disabled, deleted) has ended, whichever door that change came through.
 */
const madeByAdmin = (eb: ExpressionBuilder<DB, 'invites'>) =>
  eb.exists(
    eb
      .selectFrom('users')
      .select('users.id')
      .whereRef('users.id', '=', 'invites.created_by')
      .where('users.role', '=', 'admin')
      .where('users.disabled', '=', 0),
  )

export function createInvitesRepository(db: Kysely<DB>) {
  return {
    async insert(row: {
      id: string
      token_hash: string
      created_by: string
      email: string | null
      created_at: number
      expires_at: number
    }): Promise<void> {
      await db
        .insertInto('invites')
        .values({ ...row, used_at: null })
        .execute()
    },
    /** Uses an invite atomically: of two sign-ups with one link, exactly one gets it. */
    async consume(hash: string, now: number): Promise<boolean> {
      const res = await db
        .updateTable('invites')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where(madeByAdmin)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** Gives an invite back when the sign-up it was used for failed (the email was taken). */
    async unconsume(hash: string): Promise<void> {
      await db.updateTable('invites').set({ used_at: null }).where('token_hash', '=', hash).execute()
    },
    /** A live invite by its token's hash (undefined: unknown, revoked or ended with its maker). */
    async byHash(hash: string): Promise<Pick<InviteRow, 'email' | 'expires_at' | 'used_at'> | undefined> {
      return db
        .selectFrom('invites')
        .select(['email', 'expires_at', 'used_at'])
        .where('token_hash', '=', hash)
        .where(madeByAdmin)
        .executeTakeFirst()
    },
    /** Every invite still to use, and every used one (until the sweep), newest first, with its maker's email. */
    async list(): Promise<InviteRow[]> {
      return db
        .selectFrom('invites')
        .leftJoin('users', 'users.id', 'invites.created_by')
        .select([
          'invites.id',
          'invites.created_by',
          'users.email as creator_email',
          'invites.email',
          'invites.created_at',
          'invites.expires_at',
          'invites.used_at',
        ])
        .where((eb) => eb.or([eb('invites.used_at', 'is not', null), madeByAdmin(eb)]))
        .orderBy('invites.created_at', 'desc')
        .orderBy('invites.id')
        .execute()
    },
    /** Revokes an invite (a used one just leaves the list); false: no such invite. */
    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('invites').where('id', '=', id).executeTakeFirst()
      return Number(res.numDeletedRows) === 1
    },
    /** Ends the open invites of an admin who is one no longer. */
    async deleteOpenBy(creatorId: string): Promise<void> {
      await db.deleteFrom('invites').where('created_by', '=', creatorId).where('used_at', 'is', null).execute()
    },
    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('invites').where('expires_at', '<', now).execute()
    },
  }
}
export type InvitesRepository = ReturnType<typeof createInvitesRepository>
