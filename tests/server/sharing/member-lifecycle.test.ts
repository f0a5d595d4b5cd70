// How member shares end (DESIGN.md §8): with the account at either end (deleted: the rows go;
// disabled: access ends while the rows stay), and with the item when it is deleted forever
// (remove, empty trash, trash retention), in the transaction that deletes its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let admin: Member

const sharesOn = async (...itemIds: string[]) =>
  (await server.app.cumulus.db.selectFrom('member_shares').select('id').where('item_id', 'in', itemIds).execute())
    .length
const sharesOf = async (userId: string) =>
  (
    await server.app.cumulus.db
      .selectFrom('member_shares')
      .select('id')
      .where((eb) => eb.or([eb('owner_id', '=', userId), eb('recipient_id', '=', userId)]))
      .execute()
  ).length
const received = async (m: Member) =>
  ((await m.browser.get('/share-service/shared-with-me')).body.items ?? []).map(
    (i: { item: { _id: string } }) => i.item._id,
  )

beforeAll(async () => {
  server = await startServer()
  // The first account of a server is its admin.
  admin = await member(server, 'admin')
})
afterAll(() => server.close())

describe('accounts', () => {
  it('given a recipient account deleted, then the shares to it go, and the owner no longer lists them', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const file = (await anna.browser.upload('a.txt', 'a', '/')).body._id
    await anna.browser.post('/share-service/members', {
      itemType: 'file',
      itemId: file,
      userId: ben.id,
      role: 'viewer',
    })
    expect(await sharesOf(ben.id)).toBe(1)
    expect((await admin.browser.delete(`/admin/users/${ben.id}`)).status).toBe(200)
    expect(await sharesOf(ben.id)).toBe(0)
    expect((await anna.browser.get(`/share-service/members?itemType=file&itemId=${file}`)).body.shares).toEqual([])
  })

  it('given an owner account deleted, then the shares from it go, and Shared with me no longer shows them', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const folder = (await anna.browser.post('/folder-service/create', { name: 'F' })).body._id
    await shareWith(server, anna, { type: 'folder', id: folder }, ben, 'editor')
    expect(await received(ben)).toEqual([folder])
    expect((await admin.browser.delete(`/admin/users/${anna.id}`)).status).toBe(200)
    expect(await sharesOf(anna.id)).toBe(0)
    expect(await received(ben)).toEqual([])
    expect((await ben.browser.get(`/folder-service/info/${folder}`)).status).toBe(404)
  })

  it('given the owner disabled, then the member reaches nothing of hers, and everything again once she is enabled', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const file = (await anna.browser.upload('d.txt', 'd', '/')).body._id
    await shareWith(server, anna, { type: 'file', id: file }, ben, 'viewer')
    expect((await admin.browser.patch(`/admin/users/${anna.id}`, { disabled: true })).status).toBe(200)
    expect(await received(ben)).toEqual([])
    expect((await ben.browser.get(`/file-service/info/${file}`)).status).toBe(404)
    expect((await ben.browser.bytes(`/file-service/download/${file}`)).status).toBe(404)
    expect((await ben.browser.get(`/share-service/members?itemType=file&itemId=${file}`)).status).toBe(404)
    await admin.browser.patch(`/admin/users/${anna.id}`, { disabled: false })
    expect(await received(ben)).toEqual([file])
  })

  it('given the recipient disabled, then their session ends and nobody can share with them', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const file = (await anna.browser.upload('r.txt', 'r', '/')).body._id
    await shareWith(server, anna, { type: 'file', id: file }, ben, 'viewer')
    await admin.browser.patch(`/admin/users/${ben.id}`, { disabled: true })
    expect((await ben.browser.get(`/file-service/info/${file}`)).status).toBe(401)
    expect((await ben.browser.get('/share-service/shared-with-me')).status).toBe(401)
    const other = (await anna.browser.upload('s.txt', 's', '/')).body._id
    const r = await anna.browser.post('/share-service/members', {
      itemType: 'file',
      itemId: other,
      userId: ben.id,
      role: 'viewer',
    })
    expect([r.status, r.body.message]).toEqual([404, 'User not found'])
  })
})

describe('items deleted forever', () => {
  it('given a shared file removed, then its share goes', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const file = (await anna.browser.upload('gone.txt', 'g', '/')).body._id
    await shareWith(server, anna, { type: 'file', id: file }, ben, 'viewer')
    await anna.browser.patch('/file-service/trash', { id: file })
    // In the trash the row and its share stay (a restore brings the access back).
    expect(await sharesOn(file)).toBe(1)
    expect((await anna.browser.delete('/file-service/remove', { id: file })).status).toBe(200)
    expect(await sharesOn(file)).toBe(0)
  })

  it('given a folder with shares on it and below it emptied from the trash, then every one of them goes', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const top = (await anna.browser.post('/folder-service/create', { name: 'Top' })).body._id
    const sub = (await anna.browser.post('/folder-service/create', { name: 'Sub', parent: top })).body._id
    const file = (await anna.browser.upload('in.txt', 'i', sub)).body._id
    const kept = (await anna.browser.upload('kept.txt', 'k', '/')).body._id
    for (const [type, id] of [
      ['folder', top],
      ['folder', sub],
      ['file', file],
      ['file', kept],
    ] as const)
      await shareWith(server, anna, { type, id }, ben, 'viewer')
    await anna.browser.patch('/folder-service/trash', { id: top })
    expect((await anna.browser.delete('/file-service/empty-trash')).status).toBe(200)
    expect(await sharesOn(top, sub, file)).toBe(0)
    expect(await sharesOn(kept)).toBe(1)
  })

  it('given a shared folder removed at once, and trash past retention purged, then their shares go', async () => {
    const [anna, ben] = [await member(server, 'anna'), await member(server, 'ben')]
    const folder = (await anna.browser.post('/folder-service/create', { name: 'Now' })).body._id
    await shareWith(server, anna, { type: 'folder', id: folder }, ben, 'editor')
    expect((await anna.browser.delete('/folder-service/remove', { id: folder })).status).toBe(200)
    expect(await sharesOn(folder)).toBe(0)

    const old = (await anna.browser.upload('old.txt', 'o', '/')).body._id
    await shareWith(server, anna, { type: 'file', id: old }, ben, 'viewer')
    await anna.browser.patch('/file-service/trash', { id: old })
    const { db, tree } = server.app.cumulus
    await db
      .updateTable('files')
      .set({ trashed_at: Date.now() - 40 * 86_400_000 })
      .where('id', '=', old)
      .execute()
    expect(await tree.purgeTrash(30)).toBeGreaterThanOrEqual(1)
    expect(await sharesOn(old)).toBe(0)
  })
})
