import type { Kysely } from 'kysely'
import type { DB, LoginChallenge } from '../db/schema.ts'

// The second factors' rows: the authenticator secret on the user's row, recovery codes, and the
// sign-ins waiting for a second factor. Every call names the user it concerns.
export function createTwoFactorRepository(db: Kysely<DB>) {
  const changed = (res: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(res.numUpdatedRows ?? res.numDeletedRows ?? 0) > 0

  return {
    /** A new secret waiting to be confirmed; refused (false) while one is enabled. */
    async setPendingSecret(userId: string, sealed: string): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ totp_secret: sealed, totp_last_step: null })
        .where('id', '=', userId)
        .where('totp_enabled_at', 'is', null)
        .executeTakeFirst()
      return changed(res)
    },

    /** Turns the pending secret on with its first code's step and a fresh set of recovery codes. */
    enable: (userId: string, at: number, step: number, codeHashes: string[]): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('users')
          .set({ totp_enabled_at: at, totp_last_step: step })
          .where('id', '=', userId)
          .where('totp_enabled_at', 'is', null)
          .where('totp_secret', 'is not', null)
          .executeTakeFirst()
        if (!changed(res)) return false
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
        await trx
          .insertInto('recovery_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
          .execute()
        return true
      }),

    /** Removes the secret, the recovery codes and any sign-in waiting for them; `enabledSince`: only if turned on at or after it. */
    disable: (userId: string, enabledSince?: number): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const on = trx
          .updateTable('users')
          .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('id', '=', userId)
        const res = await (
          enabledSince === undefined
            ? on.where('totp_enabled_at', 'is not', null)
            : on.where('totp_enabled_at', '>=', enabledSince)
        ).executeTakeFirst()
        // An older one stays, and so do its recovery codes.
        if (enabledSince !== undefined && !changed(res)) return false
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
        await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute()
        return changed(res)
      }),

    /** Records `step` as used, only if it is later than the last used one: a code counts once. */
    async claimStep(userId: string, step: number): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst()
      return changed(res)
    },

    /** Spends one unused recovery code; false when it is unknown or spent. */
    async useRecoveryCode(userId: string, codeHash: string, at: number): Promise<boolean> {
      const res = await db
        .updateTable('recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      return changed(res)
    },

    recoveryCodesLeft: async (userId: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('recovery_codes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('used_at', 'is', null)
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    challenges: {
      async insert(row: Omit<LoginChallenge, 'failures'>): Promise<void> {
        await db.insertInto('login_challenges').values(row).execute()
      },
      live: (idHash: string, now: number): Promise<LoginChallenge | undefined> =>
        db
          .selectFrom('login_challenges')
          .selectAll()
          .where('id_hash', '=', idHash)
          .where('expires_at', '>', now)
          .executeTakeFirst(),
      /** Counts one wrong code; the challenge is removed once it reaches `max`. Answers the count. */
      async fail(idHash: string, max: number): Promise<number> {
        const row = await db
          .updateTable('login_challenges')
          .set((eb) => ({ failures: eb('failures', '+', 1) }))
          .where('id_hash', '=', idHash)
          .returning('failures')
          .executeTakeFirst()
        const failures = Number(row?.failures ?? max)
        if (failures >= max) await db.deleteFrom('login_challenges').where('id_hash', '=', idHash).execute()
        return failures
      },
      /** Ends the challenge; true for exactly one caller, so a sign-in completes once. */
      take: async (idHash: string): Promise<boolean> =>
        changed(await db.deleteFrom('login_challenges').where('id_hash', '=', idHash).executeTakeFirst()),
      async deleteExpired(now: number): Promise<void> {
        await db.deleteFrom('login_challenges').where('expires_at', '<=', now).execute()
      },
    },
  }
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>
