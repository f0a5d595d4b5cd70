// server/db/prepared.ts: a query compiled once gives the same rows as building it each time, and
// a build that does not pass its argument through as a value is refused at once.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type MetadataDb } from '../../server/db/database.ts'
import { prepared } from '../../server/db/prepared.ts'

let dir: string
let meta: MetadataDb
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cumulus-prepared-'))
  meta = await openDatabase({ dataDir: dir, databaseUrl: undefined, databaseSchema: undefined })
  for (const [id, email] of [
    ['u1', 'one@example.com'],
    ['u2', 'two@example.com'],
  ]) {
    await meta.db
      .insertInto('users')
      .values({
        id: id!,
        email: email!,
        password_hash: 'x',
        email_verified: 0,
        created_at: 1,
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

describe('prepared', () => {
  it('given different arguments on each call, then each call gets its own rows, as the built query would', async () => {
    const byIdAndEmail = prepared(meta.db, (id: string, email: string) =>
      meta.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', '=', id)
        .where('email', '=', email)
        .where('created_at', '=', 1),
    )
    expect(await byIdAndEmail('u1', 'one@example.com')).toEqual([{ id: 'u1', email: 'one@example.com' }])
    expect(await byIdAndEmail('u2', 'two@example.com')).toEqual([{ id: 'u2', email: 'two@example.com' }])
    expect(await byIdAndEmail('u1', 'two@example.com')).toEqual([])
  })

  it('given a build that does not pass an argument to the query as a value, then it is refused when prepared', () => {
    expect(() =>
      prepared(meta.db, (id: string) => meta.db.selectFrom('users').select('id').where('id', '=', id.toUpperCase())),
    ).toThrow(/argument 0/)
  })
})

describe('the change epoch (SQLite)', () => {
  it('given a write through this connection, then the epoch moves; given only reads, then it stays', async () => {
    const epoch = meta.changeEpoch!()
    await meta.db.selectFrom('users').selectAll().execute()
    expect(meta.changeEpoch!()).toBe(epoch)
    await meta.db.updateTable('users').set({ created_at: 2 }).where('id', '=', 'u2').execute()
    expect(meta.changeEpoch!()).not.toBe(epoch)
  })

  it('given a write to the user’s files, then drive_version goes up in the same statement', async () => {
    const version = async () =>
      (await meta.db.selectFrom('users').select('drive_version').where('id', '=', 'u1').executeTakeFirstOrThrow())
        .drive_version
    const before = await version()
    await meta.db
      .insertInto('folders')
      .values({
        id: 'f1',
        owner_id: 'u1',
        parent_id: null,
        ancestors: '/',
        name: 'A',
        name_key: 'a',
        created_at: 1,
        updated_at: 1,
        trashed: 0,
        trash_root: 0,
        trashed_at: null,
      } as never)
      .execute()
    const afterInsert = await version()
    expect(afterInsert).toBeGreaterThan(before)
    await meta.db.updateTable('folders').set({ name: 'B' }).where('id', '=', 'f1').execute()
    const afterUpdate = await version()
    expect(afterUpdate).toBeGreaterThan(afterInsert)
    await meta.db.deleteFrom('folders').where('id', '=', 'f1').execute()
    expect(await version()).toBeGreaterThan(afterUpdate)
  })
})
