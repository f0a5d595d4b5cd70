// Deleting an account (DESIGN.md §7): every row and every blob of theirs goes, through the
// outbox, on disk or in S3; nobody else's data is touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { blobKeys, expectConsistent } from '../helpers/drive.ts'
import { makeImage } from '../helpers/media.ts'
import { startFamily, member, rowsNaming, type Family } from './family-helpers.ts'

let f: Family
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

const b64 = (s: string) => Buffer.from(s).toString('base64')
const stagedIds = async () => {
  const ids: string[] = []
  for await (const id of f.server.app.cumulus.store.stagedIds()) ids.push(id)
  return ids
}

/** A drive with something of every kind: nested folders, a photo (thumbnail, preview), trash, a link, an unfinished upload, an app password. */
async function fillDrive(m: Awaited<ReturnType<typeof member>>) {
  const photo = (await m.b.upload('photo.png', await makeImage('png'))).body
  await m.b.uploadFolder({ 'trip/day1/a.txt': 'a'.repeat(100), 'trip/day2/b.txt': 'b'.repeat(200), 'trip/c.txt': 'c' })
  const gone = (await m.b.upload('gone.txt', 'trash me')).body
  expect((await m.b.patch('/file-service/trash', { id: gone._id })).status).toBe(200)
  expect((await m.b.post('/share-service/links', { itemType: 'file', itemId: photo._id, access: 'view' })).status).toBe(
    201,
  )
  const created = await m.b.request('POST', '/file-service/uploads', {
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': `filename ${b64('half.bin')}` },
  })
  expect(created.status).toBe(201)
  const patch = await m.b.request('PATCH', created.headers.get('location')!, {
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(Buffer.alloc(400, 7)),
  })
  expect(patch.status).toBe(204)
  expect(
    (await m.b.post('/user-service/app-passwords', { name: 'nas', scope: 'write', password: m.password })).status,
  ).toBe(201)
  await f.server.app.cumulus.thumbnails.idle()
}

describe('DELETE /admin/users/{id}', () => {
  it('given a full drive, then the account, its rows and its blobs are all gone, and the other user keeps everything', async () => {
    const doomed = await member(f.server, 'doomed')
    const keeper = await member(f.server, 'keeper')
    await fillDrive(doomed)
    await keeper.b.upload('mine.txt', 'keep me')
    const keeperPhoto = (await keeper.b.upload('kp.png', await makeImage('png'))).body
    await f.server.app.cumulus.thumbnails.idle()
    const keeperKeys = (
      await f.server.app.cumulus.db
        .selectFrom('files')
        .select(['blob_key', 'thumbnail_key', 'preview_key'])
        .where('owner_id', '=', keeper.id)
        .execute()
    ).flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter(Boolean))
    expect((await rowsNaming(f.server, doomed.id)).length).toBeGreaterThan(5)
    expect((await stagedIds()).length).toBe(1)
    const before = (await blobKeys(f.server)).length

    const r = await f.admin.delete(`/admin/users/${doomed.id}`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ message: 'User deleted' })

    expect(await rowsNaming(f.server, doomed.id)).toEqual([])
    expect(await f.server.app.cumulus.db.selectFrom('blob_outbox').selectAll().execute()).toEqual([])
    expect(await stagedIds()).toEqual([])
    const after = await blobKeys(f.server)
    expect(after.length).toBeLessThan(before)
    // What is left is exactly the others' (the keeper's, and nothing else: the admin has no files).
    expect(after).toEqual(keeperKeys.sort())
    await expectConsistent(f.server, expect)
    expect((await doomed.b.get('/user-service/user')).status).toBe(401)
    expect((await new Browser(f.server.url).login(doomed.email)).status).toBe(401)
    expect((await keeper.b.bytes(`/file-service/download/${keeperPhoto._id}`)).status).toBe(200)
    expect((await f.admin.get('/admin/users')).body.users.map((u: any) => u._id)).not.toContain(doomed.id)
    // Their email is free again.
    expect(
      (await new Browser(f.server.url).post('/user-service/create', { email: doomed.email, password: 'secret123' }))
        .status,
    ).toBe(201)
  })

  it('given the only admin deleting themself, then 409; an admin may delete another admin', async () => {
    const me = (await f.admin.get('/user-service/user')).body._id
    expect((await f.admin.delete(`/admin/users/${me}`)).status).toBe(409)
    const other = await member(f.server)
    await f.admin.patch(`/admin/users/${other.id}`, { role: 'admin' })
    expect((await f.admin.delete(`/admin/users/${other.id}`)).status).toBe(200)
    expect(await rowsNaming(f.server, other.id)).toEqual([])
  })
})
