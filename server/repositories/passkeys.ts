import type { Kysely } from 'kysely'
import type { DB, Passkey, WebauthnChallenge } from '../db/schema.ts'

// Passkeys (WebAuthn credentials) and the ceremonies in flight. Every call on an account's
// passkeys names the account; only a passwordless sign-in looks one up by its credential id, to
// learn whose it is.
export function createPasskeysRepository(db: Kysely<DB>) {
  const changed = (res: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(res.numUpdatedRows ?? res.numDeletedRows ?? 0) > 0

  return {
    list: (userId: string): Promise<Passkey[]> =>
      db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),

    async count(userId: string): Promise<number> {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },

    byCredentialId: (credentialId: string): Promise<Passkey | undefined> =>
      db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst(),

    /** False when the credential is already registered (to this account or another). */
    async insert(row: Omit<Passkey, 'last_used_at'>): Promise<boolean> {
      const res = await db
        .insertInto('passkeys')
        .values({ ...row, last_used_at: null })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .executeTakeFirst()
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0
    },

    rename: async (userId: string, id: string, name: string): Promise<boolean> =>
      changed(
        await db
          .updateTable('passkeys')
          .set({ name })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst(),
      ),

    remove: async (userId: string, id: string): Promise<Passkey | undefined> =>
      db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst(),

    /** The user's passkeys added at or after `since`, deleted; their names. */
    removeAddedSince: async (userId: string, since: number): Promise<string[]> =>
      (
        await db
          .deleteFrom('passkeys')
          .where('user_id', '=', userId)
          .where('created_at', '>=', since)
          .returning(['name'])
          .execute()
      ).map((p) => p.name),

    removeAll: async (userId: string): Promise<number> =>
      Number((await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows ?? 0),

    /**
     * Records a use: the counter moves from `from` to `to` only if nobody moved it meanwhile, so of
     * two answers racing with one counter value (a cloned authenticator), one wins.
     */
    use: async (userId: string, id: string, from: number, to: number, at: number): Promise<boolean> =>
      changed(
        await db
          .updateTable('passkeys')
          .set({ counter: to, last_used_at: at })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .where('counter', '=', from)
          .executeTakeFirst(),
      ),

    ceremonies: {
      async insert(row: WebauthnChallenge): Promise<void> {
        await db.insertInto('webauthn_challenges').values(row).execute()
      },
      /** Ends the ceremony and answers it, if it was still live: a challenge is answered once. */
      take: (idHash: string, now: number): Promise<WebauthnChallenge | undefined> =>
        db
          .deleteFrom('webauthn_challenges')
          .where('id_hash', '=', idHash)
          .where('expires_at', '>', now)
          .returningAll()
          .executeTakeFirst(),
      async deleteExpired(now: number): Promise<void> {
        await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute()
      },
    },
  }
}
export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>
