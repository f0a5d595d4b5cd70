import type { Kysely } from 'kysely'
import type { DB, NewUser, User } from '../db/schema.ts'

export function createUsersRepository(db: Kysely<DB>) {
  return {
    byId: (id: string): Promise<User | undefined> => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string): Promise<User | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    async insert(user: NewUser): Promise<void> {
      await db.insertInto('users').values(user).execute()
    },
    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
    },
    async markVerified(id: string): Promise<void> {
      await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', id).execute()
    },
    /**
     * Claims the mail cooldown atomically: succeeds only when the last send of this kind is older
     * than `since`, so two concurrent requests cannot both send.
     */
    async claimMailSlot(id: string, column: 'verify_sent_at' | 'reset_sent_at', now: number, since: number): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ [column]: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', since)]))
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async releaseMailSlot(id: string, column: 'verify_sent_at' | 'reset_sent_at'): Promise<void> {
      await db.updateTable('users').set({ [column]: null }).where('id', '=', id).execute()
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
