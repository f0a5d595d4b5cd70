// SQL for the server's own state (Settings → Server, /metrics): the work queues' depths and the
// accounts whose storage is shown.
import { sql, type Kysely, type SqlBool } from 'kysely'
import type { DB } from '../db/schema.ts'
import { createSettingsRepository } from './settings.ts'

export interface QueueDepths {
  /** Files waiting for (or being given) a thumbnail. */
  thumbnails: number
  /** Documents waiting for (or being read into) the content index. */
  indexing: number
}

const MAILED_KEY = 'warnings.mailed'

export function createOperationsRepository(db: Kysely<DB>) {
  const settings = createSettingsRepository(db)
  const count = async (q: { executeTakeFirst(): Promise<{ n: string | number | bigint } | undefined> }) =>
    Number((await q.executeTakeFirst())?.n ?? 0)
  return {
    async queueDepths(): Promise<QueueDepths> {
      const [thumbnails, indexing] = await Promise.all([
        count(
          db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(sql<SqlBool>`(thumb_state = 'pending' or thumb_state like 'working:%')`),
        ),
        count(
          db
            .selectFrom('content_index')
            .select((eb) => eb.fn.countAll().as('n'))
            .where(sql<SqlBool>`(state = 'pending' or state like 'working:%')`),
        ),
      ])
      return { thumbnails, indexing }
    },
    /** Where warnings go: the admins who can still act. */
    adminEmails: async (): Promise<string[]> =>
      (
        await db.selectFrom('users').select('email').where('role', '=', 'admin').where('disabled', '=', 0).execute()
      ).map((u) => u.email),
    /** The warnings already mailed (a JSON list of keys), kept across restarts. */
    mailedWarnings: (): Promise<string | undefined> => settings.get(MAILED_KEY),
    setMailedWarnings: (value: string): Promise<void> => settings.put(MAILED_KEY, value),
    /** Every account, for the per-member storage list. */
    members: () => db.selectFrom('users').select(['id', 'email', 'display_name']).orderBy('email').execute(),
  }
}
export type OperationsRepository = ReturnType<typeof createOperationsRepository>
