// Upgrades that cannot strand the admin: a failed migration leaves the SQLite database as it was
// (the copy taken before the upgrade is put back), and a database newer than the code is refused
// with one clear line, on SQLite and PostgreSQL alike.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beforeUpgradePath, openDatabase } from '../../../server/db/database.ts'
import { migrations } from '../../../server/db/migrations/index.ts'
import { dropSchema, pgUrl } from '../helpers/server.ts'

let dataDir: string
const schema = pgUrl ? `t_upg_${Date.now().toString(36)}` : undefined
const config = () => ({ dataDir, databaseUrl: pgUrl, databaseSchema: schema })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-upgrade-'))
  const first = await openDatabase(config())
  await first.db.insertInto('settings').values({ key: 'before', value: 'kept' }).execute()
  await first.close()
})

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
  if (schema) await dropSchema(schema)
})

describe('a migration that fails', () => {
  it('given one that changes the database and then throws, then the start fails in one line and the database is as it was', async () => {
    const broken = {
      ...migrations,
      '900-test-grows': { up: async (db: any) => void (await sql`create table grown (id integer)`.execute(db)) },
      '901-test-breaks': {
        up: async (db: any) => {
          await sql`create table half_made (id integer)`.execute(db)
          throw new Error('disk on fire\nsecond line')
        },
      },
    }
    const err = await openDatabase(config(), { migrations: broken }).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(err?.message).toMatch(/^Database migration 901-test-breaks failed: disk on fire\./)
    expect(err?.message).not.toContain('\n')
    if (!pgUrl) {
      expect(err?.message).toContain('as it was before the upgrade')
      expect(existsSync(beforeUpgradePath(dataDir))).toBe(true)
    }
    const again = await openDatabase(config())
    try {
      const tables = (await again.db.introspection.getTables()).map((t) => t.name)
      expect(tables).not.toContain('grown')
      expect(tables).not.toContain('half_made')
      const row = await again.db.selectFrom('settings').select('value').where('key', '=', 'before').executeTakeFirst()
      expect(row?.value).toBe('kept')
    } finally {
      await again.close()
    }
  })
})

describe('a database newer than the code', () => {
  it('given a migration name this version does not know, then the start is refused in one clear line', async () => {
    const db = await openDatabase(config())
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(
      db.db,
    )
    await db.close()
    const err = await openDatabase(config()).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(err?.message).toBe(
      'The database was written by a newer Cumulus (it ran migration 999-from-the-future, unknown to this version): run that version or later, or restore a backup made before the upgrade',
    )
  })
})
