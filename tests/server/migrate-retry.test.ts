// PostgreSQL: Kysely's migrator reads every schema's catalog, so another schema dropped meanwhile
// (a second installation in the database, or test files side by side) can fail a start with
// 3F000, 40P01, or 42P01 / 42703 outside our own migrations. openDatabase tries again for those,
// and only for those.
import type { MigrationResultSet } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateRetrying } from '../../server/db/database.ts'

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })
/** A migrator whose runs give `outcomes` in turn, counting them. */
function migrator(...outcomes: MigrationResultSet[]) {
  let runs = 0
  return { runs: () => runs, migrateToLatest: async () => outcomes[Math.min(runs++, outcomes.length - 1)]! }
}
const done: MigrationResultSet = { results: [] }

describe('migrations on a database others change meanwhile', () => {
  it('given another schema dropped during the catalog read, then it tries again and succeeds', async () => {
    const m = migrator(
      { error: pgError('3F000', 'schema "t_other" does not exist') },
      { error: pgError('40P01', 'deadlock detected') },
      done,
    )
    expect(await migrateRetrying(m, 't_ours')).toBe(done)
    expect(m.runs()).toBe(3)
  })

  it("given another schema's tables dropped during the catalog read, then it tries again and succeeds", async () => {
    const m = migrator(
      { error: pgError('42P01', 'relation "t_other.files" does not exist') },
      { error: pgError('42703', 'column "token" of relation "dav_locks" does not exist') },
      done,
    )
    expect(await migrateRetrying(m, 't_ours')).toBe(done)
    expect(m.runs()).toBe(3)
  })

  it('given a migration of ours failing on a missing table, then it gives up at once', async () => {
    const m = migrator(
      {
        error: pgError('42P01', 'relation "files" does not exist'),
        results: [{ migrationName: '023-x', direction: 'Up', status: 'Error' }],
      },
      done,
    )
    expect((await migrateRetrying(m, 't_ours')).error).toBeInstanceOf(Error)
    expect(m.runs()).toBe(1)
  })

  it('given its own schema missing, or any other error, then it gives up at once', async () => {
    const own = migrator({ error: pgError('3F000', 'schema "t_ours" does not exist') }, done)
    expect((await migrateRetrying(own, 't_ours')).error).toBeInstanceOf(Error)
    expect(own.runs()).toBe(1)
    const broken = migrator({ error: pgError('42601', 'syntax error') }, done)
    expect((await migrateRetrying(broken, 't_ours')).error).toBeInstanceOf(Error)
    expect(broken.runs()).toBe(1)
  })

  it('given the race every time, then it stops after four tries with the error', async () => {
    const m = migrator({ error: pgError('40P01', 'deadlock detected') })
    expect(((await migrateRetrying(m, 't_ours')).error as Error).message).toBe('deadlock detected')
    expect(m.runs()).toBe(4)
  })
})
