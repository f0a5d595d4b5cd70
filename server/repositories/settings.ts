// SQL for the settings table: a few named values the server keeps about its data.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

export function createSettingsRepository(db: Kysely<DB>) {
  return {
    get: async (key: string): Promise<string | undefined> =>
      (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value,
    async insert(key: string, value: string): Promise<void> {
      await db.insertInto('settings').values({ key, value }).execute()
    },
    /** Sets `key` to `value`, replacing what it held. */
    async put(key: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute()
    },
    async remove(key: string): Promise<void> {
      await db.deleteFrom('settings').where('key', '=', key).execute()
    },
  }
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>
