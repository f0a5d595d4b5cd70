import type { Kysely } from 'kysely'
import type { DB, MailTokenKind } from '../db/schema.ts'

export function createMailTokensRepository(db: Kysely<DB>) {
  return {
    async insert(row: {
      token_hash: string
      user_id: string
      kind: MailTokenKind
      created_at: number
      expires_at: number
    }) {
      await db
        .insertInto('mail_tokens')
        .values({ ...row, used_at: null })
        .execute()
    },
    /**
     * Spends a token: marks it used only if it is unused and unexpired, in one statement, so a
     * token works exactly once even under concurrent requests. Returns the owner's id.
     */
    async consume(hash: string, kind: MailTokenKind, now: number): Promise<string | undefined> {
      const res = await db
        .updateTable('mail_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) return undefined
      const row = await db.selectFrom('mail_tokens').select('user_id').where('token_hash', '=', hash).executeTakeFirst()
      return row?.user_id
    },
    /** Older links stop working once a newer one is mailed or one of them is used. */
    async expireAll(userId: string, kind: MailTokenKind, now: number): Promise<void> {
      await db
        .updateTable('mail_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .execute()
    },
  }
}
export type MailTokensRepository = ReturnType<typeof createMailTokensRepository>
