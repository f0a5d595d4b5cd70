// server/db/sqlite-dialect.ts: on SQLite, LIMIT's parameter goes through a cast (a bare `limit ?`
// makes STAT4 re-prepare the statement on every bind), and limits still mean what they meant.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type MetadataDb } from '../../server/db/database.ts'

let dir: string
let meta: MetadataDb
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cumulus-dialect-'))
  meta = await openDatabase({ dataDir: dir, databaseUrl: undefined, databaseSchema: undefined })
  for (const n of [1, 2, 3]) {
    await meta.db
      .insertInto('users')
      .values({
        id: `u${n}`,
        email: `u${n}@example.com`,
        password_hash: 'x',
        email_verified: 0,
        created_at: n,
        verify_sent_at: null,
        reset_sent_at: null,
      })
      .execute()
  }
})
afterAll(async () => {
  await meta.close()
  await rm(dir, { recursive: true, force: true })
})

const firstUsers = (n: number) => meta.db.selectFrom('users').select('id').orderBy('created_at').limit(n)

describe('SQLite limit', () => {
  it('given a limit, then the SQL binds it inside a cast, never as a bare parameter', () => {
    const { sql, parameters } = firstUsers(2).compile()
    expect(sql).toMatch(/ limit cast\(\? as integer\)$/)
    expect(sql).not.toMatch(/limit \?/)
    expect(parameters).toEqual([2])
  })

  it('given limits of 0, 1, 2 and more than there are rows, then each returns that many rows in order', async () => {
    expect(await firstUsers(0).execute()).toEqual([])
    expect(await firstUsers(1).execute()).toEqual([{ id: 'u1' }])
    expect(await firstUsers(2).execute()).toEqual([{ id: 'u1' }, { id: 'u2' }])
    expect(await firstUsers(50).execute()).toEqual([{ id: 'u1' }, { id: 'u2' }, { id: 'u3' }])
  })
})
