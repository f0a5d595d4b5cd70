// Quotas (DESIGN.md §7), the data and the service the write paths call (quota-writes.test.ts): used bytes follow
// every write and delete (triggers), reservations are atomic under concurrency, and a refusal
// is 507 QUOTA_EXCEEDED "This file (X) is larger than your free space (Y)". Also migration 014 on an existing drive.
import { type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testMigrator } from '../helpers/migrations.ts'
import { AppError } from '../../../server/errors.ts'
import type { Reservation } from '../../../server/services/drive/quota.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

let f: Family
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

const quota = () => f.server.app.cumulus.quota
const counters = async (id: string) =>
  f.server.app.cumulus.db
    .selectFrom('users')
    .select(['used_bytes', 'reserved_bytes'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const sumOfFiles = async (id: string) =>
  (await f.server.app.cumulus.db.selectFrom('files').select('size').where('owner_id', '=', id).execute()).reduce(
    (n, r) => n + Number(r.size),
    0,
  )
const limited = async (bytes: number | null) => {
  const m = await member(f.server)
  if (bytes !== null) expect((await f.admin.patch(`/admin/users/${m.id}`, { quota: bytes })).status).toBe(200)
  return m
}

describe('used bytes', () => {
  it('given uploads, trash, restore, deletes and a folder delete, then used stays the sum of the file sizes', async () => {
    const m = await limited(null)
    const a = (await m.b.upload('a.bin', 'a'.repeat(1000))).body
    await m.b.upload('b.bin', 'b'.repeat(500))
    await m.b.uploadFolder({ 'top/x.bin': 'x'.repeat(300), 'top/sub/y.bin': 'y'.repeat(200) })
    expect((await counters(m.id)).used_bytes).toBe(2000)
    expect((await m.b.patch('/file-service/trash', { id: a._id })).status).toBe(200)
    expect((await counters(m.id)).used_bytes).toBe(2000)
    expect((await m.b.patch('/file-service/restore', { id: a._id })).status).toBe(200)
    expect((await m.b.delete('/file-service/remove', { id: a._id })).status).toBe(200)
    expect((await counters(m.id)).used_bytes).toBe(1000)
    const top = (await m.b.get('/folder-service/list?parent=/')).body.find((x: any) => x.name === 'top')
    expect((await m.b.delete('/folder-service/remove', { id: top._id })).status).toBe(200)
    expect((await counters(m.id)).used_bytes).toBe(500)
    expect(await sumOfFiles(m.id)).toBe(500)
    expect((await m.b.get('/user-service/user-detailed')).body).toMatchObject({ used: 500, quota: null })
  })
})

describe('the quota service', () => {
  it('given an account without a quota, then a reservation records nothing, grows freely and ends without a trace', async () => {
    const m = await limited(null)
    const r = await quota().reserve(m.id, 5_000)
    expect(r.unlimited).toBe(true)
    expect(await counters(m.id)).toEqual({ used_bytes: 0, reserved_bytes: 0 })
    expect(
      await f.server.app.cumulus.db.selectFrom('quota_reservations').select('id').where('user_id', '=', m.id).execute(),
    ).toEqual([])
    await quota().grow(r, 1e12)
    await quota().release(r)
    expect(await counters(m.id)).toEqual({ used_bytes: 0, reserved_bytes: 0 })
    // An upload of such an account holds nothing either, and its bytes count once stored.
    await m.b.upload('free.bin', 'f'.repeat(700))
    expect(await counters(m.id)).toEqual({ used_bytes: 700, reserved_bytes: 0 })
  })

  it('given a 1000-byte quota, when 20 reservations of 100 race, then exactly 10 pass and the rest get 507 with the numbers', async () => {
    const m = await limited(1000)
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => quota().reserve(m.id, 100)))
    const passed = results
      .filter((r): r is PromiseFulfilledResult<Reservation> => r.status === 'fulfilled')
      .map((r) => r.value)
    const refused = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => r.reason as AppError)
    expect(passed).toHaveLength(10)
    expect(refused).toHaveLength(10)
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError)
      expect(e).toMatchObject({
        statusCode: 507,
        code: 'QUOTA_EXCEEDED',
        message: 'This file (100 B) is larger than your free space (0 B)',
        extra: { used: 1000, quota: 1000, size: 100 },
      })
    }
    expect((await counters(m.id)).reserved_bytes).toBe(1000)
    await Promise.all(passed.map((r) => quota().release(r)))
    // Released twice: nothing more is given back.
    await quota().release(passed[0]!)
    expect((await counters(m.id)).reserved_bytes).toBe(0)
    expect(
      await f.server.app.cumulus.db.selectFrom('quota_reservations').select('id').where('user_id', '=', m.id).execute(),
    ).toEqual([])
  })

  it('given parallel reservations of mixed sizes, then what passes never adds up past the quota', async () => {
    const m = await limited(10_000)
    const sizes = Array.from({ length: 40 }, (_, i) => 200 + ((i * 379) % 900))
    const results = await Promise.allSettled(sizes.map((s) => quota().reserve(m.id, s)))
    const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.bytes] : []))
    const total = held.reduce((a, b) => a + b, 0)
    expect(total).toBeLessThanOrEqual(10_000)
    // Greedy as they came: any refused one would not have fitted in what was left then.
    expect(total).toBeGreaterThan(10_000 - 1100)
    expect((await counters(m.id)).reserved_bytes).toBe(total)
  })

  it('given stored files, then a reservation counts them, and the refusal names the size against the free space', async () => {
    // Stored first, the quota set after: the upload itself reserves its whole body (a little more than 1,536 bytes).
    const m = await limited(null)
    expect((await m.b.upload('big.bin', 'z'.repeat(1536))).status).toBe(201)
    expect((await f.admin.patch(`/admin/users/${m.id}`, { quota: 2048 })).status).toBe(200)
    const err = await quota()
      .reserve(m.id, 1024)
      .catch((e: unknown) => e)
    expect(err).toMatchObject({
      statusCode: 507,
      message: 'This file (1 KB) is larger than your free space (512 B)',
      extra: { used: 1536, quota: 2048, size: 1024 },
    })
    const r = await quota().reserve(m.id, 512)
    expect(r.bytes).toBe(512)
    await expect(quota().reserve(m.id, 1)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' })
    await quota().release(r)
  })

  it('given a write that grows past what it reserved, then grow holds more only while it fits', async () => {
    const m = await limited(1000)
    const r = await quota().reserve(m.id, 100)
    await quota().grow(r, 800)
    expect(r.bytes).toBe(900)
    // The whole write (900 + 101) against what is free besides what it holds (1000 - 900 held elsewhere: none).
    await expect(quota().grow(r, 101)).rejects.toMatchObject({
      statusCode: 507,
      message: 'This file (1001 B) is larger than your free space (1000 B)',
    })
    expect(r.bytes).toBe(900)
    expect((await counters(m.id)).reserved_bytes).toBe(900)
    await expect(quota().settle(r, 901)).rejects.toThrow(/settled 901 bytes on a reservation of 900/)
    await quota().settle(r, 900)
    expect((await counters(m.id)).reserved_bytes).toBe(0)
  })

  it('given settleIn in the transaction that stores the file, then the bytes move from reserved to used at once, never counted twice', async () => {
    const m = await limited(1000)
    const r = await quota().reserve(m.id, 600)
    const { drive } = f.server.app.cumulus
    await drive.transaction(async (trx) => {
      await trx.files.insertFile({
        id: `q-${m.id}`,
        owner_id: m.id,
        folder_id: null,
        added_by: null,
        filename: 'q.bin',
        name_key: 'q.bin',
        accent_key: null,
        type_key: 'bin',
        size: 600,
        sha256: 'x',
        blob_key: `q-${m.id}`,
        mime: 'application/octet-stream',
        upload_date: Date.now(),
        taken_date: Date.now(),
        trashed: 0,
        trash_root: 0,
        trashed_at: null,
        link_type: null,
        link_token: null,
        is_video: 0,
        has_thumbnail: 0,
        thumbnail_id: null,
        width: null,
        height: null,
        media_info: null,
        thumbnail_key: null,
        media: 0,
        enc: null,
        thumb_state: 'none',
        thumb_enc: null,
        thumb_size: null,
        preview_key: null,
        preview_enc: null,
        preview_size: null,
        preview_type: null,
      })
      await quota().settleIn(trx, r, 600)
    })
    expect(await counters(m.id)).toEqual({ used_bytes: 600, reserved_bytes: 0 })
    await expect(quota().reserve(m.id, 401)).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' })
    await f.server.app.cumulus.db.deleteFrom('files').where('id', '=', `q-${m.id}`).execute()
    expect((await counters(m.id)).used_bytes).toBe(0)
  })

  it('given a reservation whose writer never came back, then the sweep gives its bytes back after its time', async () => {
    const m = await limited(1000)
    await quota().reserve(m.id, 700, 1)
    await new Promise((r) => setTimeout(r, 10))
    expect(await quota().sweep()).toBeGreaterThanOrEqual(1)
    expect((await counters(m.id)).reserved_bytes).toBe(0)
    expect((await quota().reserve(m.id, 1000)).bytes).toBe(1000)
  })

  it('given no quota, then any size is reserved; a bad size is 400', async () => {
    const m = await limited(null)
    const r = await quota().reserve(m.id, 10 ** 15)
    await quota().release(r)
    await expect(quota().reserve(m.id, -1)).rejects.toMatchObject({ statusCode: 400 })
    await expect(quota().reserve(m.id, 1.5)).rejects.toMatchObject({ statusCode: 400 })
  })
})

describe('migration 014 (family)', () => {
  it('given an install from before it, then the oldest account becomes the admin and used bytes are counted from the files', async () => {
    const other = await startFamily()
    try {
      const m = await member(other.server)
      await m.b.upload('one.bin', 'o'.repeat(1234))
      const migrator = testMigrator(other.server)
      expect((await migrator.to('013-link-uploads')).error).toBeUndefined()
      const db = other.server.app.cumulus.db as Kysely<any>
      expect(Object.keys(await db.selectFrom('users').selectAll().executeTakeFirstOrThrow())).not.toContain('role')
      const up = await migrator.latest()
      expect(up.error).toBeUndefined()
      const rows = await db.selectFrom('users').select(['email', 'role', 'used_bytes']).orderBy('created_at').execute()
      expect(rows.map((r) => [r.email, r.role, Number(r.used_bytes)])).toEqual([
        [other.adminEmail, 'admin', 0],
        [m.email, 'user', 1234],
      ])
      // The triggers are back too.
      await m.b.upload('two.bin', 't'.repeat(10))
      expect(
        Number(
          (await db.selectFrom('users').select('used_bytes').where('email', '=', m.email).executeTakeFirstOrThrow())
            .used_bytes,
        ),
      ).toBe(1244)
    } finally {
      await other.server.close()
    }
  })
})
