// "Make a copy" (POST /file-service/{id}/copy): a new file beside the original sharing its blob
// (an exact duplicate costs no new bytes), only of the caller's own files; deleting either leaves
// the other whole, encrypted at rest or not. CI runs this on PostgreSQL + S3 as well as SQLite + disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyName } from '../../../server/services/drive/file-copy.ts'
import { startFamily, member, type Family } from '../family/family-helpers.ts'
import { randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'

const MiB = 1024 * 1024
let f: Family
let vaulted: TestServer
beforeAll(async () => {
  ;[f, vaulted] = await Promise.all([startFamily(), startServer({ env: { ENCRYPTION_KEY: 'cd'.repeat(32) } })])
})
afterAll(() => Promise.all([f.server.close(), vaulted.close()]))

const blobKeys = async (server: TestServer) => {
  const keys: string[] = []
  for await (const k of server.app.cumulus.store.keys()) keys.push(k)
  return keys.sort()
}

describe('copyName', () => {
  it.each([
    ['report.pdf', 'report (copy).pdf'],
    ['archive.tar.gz', 'archive.tar (copy).gz'],
    ['README', 'README (copy)'],
    ['.bashrc', '.bashrc (copy)'],
  ])('names a copy of %s %s', (name, copy) => expect(copyName(name)).toBe(copy))
})

describe('POST /file-service/{id}/copy', () => {
  it('given an own file in a folder, then 201 {file}: "name (copy).ext" beside it, sharing the blob', async () => {
    const m = await member(f.server)
    const folder = (await m.b.post('/folder-service/create', { name: 'Docs' })).body._id
    const data = randomBytes(300_000, 5)
    const original = (await m.b.upload('Report.pdf', data, folder)).body
    const r = await m.b.post(`/file-service/${original._id}/copy`, {})
    expect(r.status).toBe(201)
    expect(r.body.file).toEqual(
      expect.objectContaining({
        filename: 'Report (copy).pdf',
        length: data.length,
        metadata: expect.objectContaining({ parent: folder }),
      }),
    )
    expect(r.body.file._id).not.toBe(original._id)
    expect((await m.b.bytes(`/file-service/download/${r.body.file._id}`)).body.equals(data)).toBe(true)
    const rows = await f.server.app.cumulus.db
      .selectFrom('files')
      .select(['id', 'blob_key'])
      .where('owner_id', '=', m.id)
      .execute()
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((x) => x.blob_key)).size).toBe(1)
    // The lists show it at once (the drive version moved).
    expect(
      (await m.b.get(`/file-service/list?parent=${folder}&sortBy=alp_asc`)).body.map((x: any) => x.filename),
    ).toEqual(['Report (copy).pdf', 'Report.pdf'])
    // Deleting the original leaves the copy whole.
    expect((await m.b.delete('/file-service/remove', { id: original._id })).status).toBe(200)
    expect((await m.b.bytes(`/file-service/download/${r.body.file._id}`)).body.equals(data)).toBe(true)
  })

  it("given another user's file, a trashed file or an unknown id, then 404 and nothing is made", async () => {
    const owner = await member(f.server, 'owner')
    const other = await member(f.server, 'other')
    const file = (await owner.b.upload('mine.txt', 'private')).body
    const trashed = (await owner.b.upload('gone.txt', 'bye')).body
    await owner.b.patch('/file-service/trash', { id: trashed._id })
    const before = await blobKeys(f.server)
    for (const [b, id] of [
      [other.b, file._id],
      [owner.b, trashed._id],
      [owner.b, 'no-such-id'],
    ] as const) {
      const r = await b.post(`/file-service/${id}/copy`, {})
      expect(r.status, id).toBe(404)
      expect(r.body.code).toBe('NOT_FOUND')
    }
    expect(
      await f.server.app.cumulus.db
        .selectFrom('files')
        .select('id')
        .where('owner_id', 'in', [owner.id, other.id])
        .execute(),
    ).toHaveLength(2)
    expect(await blobKeys(f.server)).toEqual(before)
  })

  it('given a copy bigger than what is left of the quota, then it is made: it costs no new bytes', async () => {
    const m = await member(f.server, 'full')
    expect((await f.admin.patch(`/admin/users/${m.id}`, { quota: MiB })).status).toBe(200)
    const big = (await m.b.upload('big.bin', randomBytes(600_000, 6))).body
    const before = await blobKeys(f.server)
    const r = await m.b.post(`/file-service/${big._id}/copy`, {})
    expect(r.status).toBe(201)
    expect(await blobKeys(f.server)).toEqual(before)
    expect((await m.b.get('/user-service/user-detailed')).body.used).toBe(600_000)
    // Deleting the original leaves the copy whole.
    expect((await m.b.delete('/file-service/remove', { id: big._id })).status).toBe(200)
    await f.server.app.cumulus.janitor.sweep()
    expect((await m.b.bytes(`/file-service/download/${r.body.file._id}`)).body.length).toBe(600_000)
  })

  it('given blobs encrypted at rest, then the copy shares the sealed blob and its one data key, and reads back as the original', async () => {
    const alice = new Browser(vaulted.url)
    await alice.signup(uniqueEmail('vault-copy'))
    const data = randomBytes(2 * MiB + 123, 7)
    const original = (await alice.upload('secret.bin', data)).body
    const r = await alice.post(`/file-service/${original._id}/copy`, {})
    expect(r.status).toBe(201)
    const rows = await vaulted.app.cumulus.db
      .selectFrom('files')
      .select(['id', 'blob_key', 'enc'])
      .where('id', 'in', [original._id, r.body.file._id])
      .execute()
    expect(rows.every((x) => x.enc !== null)).toBe(true)
    expect(rows[0]!.enc).toBe(rows[1]!.enc)
    expect(rows[0]!.blob_key).toBe(rows[1]!.blob_key)
    const stored: Buffer[] = []
    for await (const c of await vaulted.app.cumulus.store.get(rows.find((x) => x.id === r.body.file._id)!.blob_key))
      stored.push(c as Buffer)
    expect(Buffer.concat(stored).includes(data.subarray(5000, 5064))).toBe(false)
    expect((await alice.bytes(`/file-service/download/${r.body.file._id}`)).body.equals(data)).toBe(true)
    const ranged = await alice.bytes(`/file-service/download/${r.body.file._id}`, {
      range: `bytes=${MiB - 3}-${MiB + 10}`,
    })
    expect(ranged.body.equals(data.subarray(MiB - 3, MiB + 11))).toBe(true)
  })
})
