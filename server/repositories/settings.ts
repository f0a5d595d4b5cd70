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
  }
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>
