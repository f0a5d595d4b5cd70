import type { Kysely } from 'kysely'
import type { AppPassword, AppPasswordScope, DB } from '../db/schema.ts'

export type AppPasswordRow = Omit<AppPassword, 'secret_hash'>
const LISTED = ['id', 'user_id', 'name', 'scope', 'created_at', 'last_used_at'] as const

export function createAppPasswordsRepository(db: Kysely<DB>) {
  return {
    async insert(row: AppPassword): Promise<void> {
      await db.insertInto('app_passwords').values(row).execute()
    },
    list: (userId: string): Promise<AppPasswordRow[]> =>
      db
        .selectFrom('app_passwords')
        .select(LISTED)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),
    count: async (userId: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('app_passwords')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    /** The password a secret's hash names, with its owner's sign-in state. */
    bySecretHash: (hash: string) =>
      db
        .selectFrom('app_passwords')
        .innerJoin('users', 'users.id', 'app_passwords.user_id')
        .select([
          'app_passwords.id',
          'app_passwords.user_id',
          'app_passwords.scope',
          'app_passwords.last_used_at',
          'users.email',
          'users.disabled',
        ])
        .where('app_passwords.secret_hash', '=', hash)
        .executeTakeFirst() as Promise<
        | {
            id: string
            user_id: string
            scope: AppPasswordScope
            last_used_at: number | null
            email: string
            disabled: number
          }
        | undefined
      >,
    /** Records a use at most once per `since` window: WebDAV clients send many requests. */
    async touch(id: string, now: number, since: number): Promise<void> {
      await db
        .updateTable('app_passwords')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
        .execute()
    },
    /** Deletes every password of the user made at or before `t`; how many. */
    removeMadeBy: async (userId: string, t: number): Promise<number> =>
      Number(
        (
          await db
            .deleteFrom('app_passwords')
            .where('user_id', '=', userId)
            .where('created_at', '<=', t)
            .executeTakeFirst()
        ).numDeletedRows ?? 0,
      ),
    /** The owner's password, deleted; undefined when it is not theirs. */
    remove: (userId: string, id: string): Promise<{ name: string } | undefined> =>
      db
        .deleteFrom('app_passwords')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['name'])
        .executeTakeFirst(),
  }
}
export type AppPasswordsRepository = ReturnType<typeof createAppPasswordsRepository>
