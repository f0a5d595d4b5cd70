import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

// Identities at the single sign-on provider and the accounts they sign in to.
export function createOidcIdentitiesRepository(db: Kysely<DB>) {
  return {
    /** The account an identity is linked to, if any. */
    async userIdOf(issuer: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('oidc_identities')
        .select('user_id')
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst()
      return row?.user_id
    },

    /** Links an identity to an account; false when the identity was linked meanwhile. */
    async link(issuer: string, subject: string, userId: string, at: number): Promise<boolean> {
      const res = await db
        .insertInto('oidc_identities')
        .values({ issuer, subject, user_id: userId, created_at: at, last_sign_in_at: at })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .executeTakeFirst()
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0
    },

    async touch(issuer: string, subject: string, at: number): Promise<void> {
      await db
        .updateTable('oidc_identities')
        .set({ last_sign_in_at: at })
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .execute()
    },
  }
}
export type OidcIdentitiesRepository = ReturnType<typeof createOidcIdentitiesRepository>
