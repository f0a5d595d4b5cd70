// The member share API (DESIGN.md §8 "Sharing between accounts"): an owner shares a file or a
// folder with an account or a group, changes the role, ends it; a recipient leaves it; who may
// call what, with the exact status; bad input; the owner's lists learning the `shared` badge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { group, member, named, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let anna: Member
let ben: Member
let carla: Member
let dora: Member
let holidays: string
let beach: string
let diary: string

const create = (m: Member, body: Record<string, unknown>) => m.browser.post('/share-service/members', body)
const folderShare = (id: string, to: Record<string, string>, role = 'viewer') => ({
  itemType: 'folder',
  itemId: id,
  role,
  ...to,
})

beforeAll(async () => {
  server = await startServer({ env: { PUBLIC_URL: 'http://cumulus.test' } })
  ;[anna, ben, carla, dora] = await Promise.all([
    member(server, 'anna'),
    member(server, 'ben'),
    member(server, 'carla'),
    member(server, 'dora'),
  ])
  await named(server, anna, 'Anna')
  await named(server, ben, 'Ben')
  holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
  beach = (await anna.browser.upload('beach.txt', 'sand', holidays)).body._id
  diary = (await anna.browser.upload('diary.txt', 'mine', '/')).body._id
})
afterAll(() => server.close())

describe('POST /share-service/members', () => {
  it('given the owner shares a folder with Ben as editor, then 201 with the share, and Ben reaches it', async () => {
    const r = await create(anna, folderShare(holidays, { userId: ben.id }, 'editor'))
    expect(r.status).toBe(201)
    expect(r.body.share).toEqual({
      _id: expect.any(String),
      itemType: 'folder',
      itemId: holidays,
      role: 'editor',
      recipient: { type: 'user', _id: ben.id, displayName: 'Ben', email: ben.email },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect((await ben.browser.get(`/file-service/list?parent=${holidays}`)).status).toBe(200)
    // A second share to the same person: 409, change the role instead.
    const again = await create(anna, folderShare(holidays, { userId: ben.id }))
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ALREADY_SHARED')
  })

  it('given a file shared with a group, then the share names the group, without an email', async () => {
    const family = await group(server, 'Family <b>', [carla])
    const r = await create(anna, { itemType: 'file', itemId: diary, groupId: family, role: 'viewer' })
    expect(r.status).toBe(201)
    expect(r.body.share.recipient).toEqual({ type: 'group', _id: family, displayName: 'Family <b>' })
    expect((await carla.browser.bytes(`/file-service/download/${diary}`)).status).toBe(200)
    await anna.browser.delete(`/share-service/members/${r.body.share._id}`)
  })

  it('given bad input, then 400 with a clear message, and nothing is shared', async () => {
    const cases: Array<Record<string, unknown>> = [
      folderShare(holidays, { userId: carla.id }, 'owner'),
      { itemType: 'folder', itemId: holidays, userId: carla.id },
      { itemType: 'thing', itemId: holidays, userId: carla.id, role: 'viewer' },
      folderShare(holidays, {}),
      folderShare(holidays, { userId: carla.id, groupId: 'everyone' }),
      folderShare('x'.repeat(65), { userId: carla.id }),
    ]
    for (const body of cases) {
      const r = await create(anna, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.message).toBeTruthy()
    }
    expect((await create(anna, folderShare(holidays, {}))).body.message).toBe('Give exactly one of userId and groupId')
    const self = await create(anna, folderShare(holidays, { userId: anna.id }))
    expect(self.status).toBe(400)
    expect(self.body.code).toBe('SHARE_WITH_OWNER')
    expect((await carla.browser.get(`/file-service/list?parent=${holidays}`)).status).toBe(404)
  })

  it('given an unknown recipient or item, then 404 naming it', async () => {
    const user = await create(anna, folderShare(holidays, { userId: 'nobody' }))
    expect([user.status, user.body.message]).toEqual([404, 'User not found'])
    const grp = await create(anna, folderShare(holidays, { groupId: 'nogroup' }))
    expect([grp.status, grp.body.message]).toEqual([404, 'Group not found'])
    expect((await create(anna, folderShare('nofolder', { userId: carla.id }))).status).toBe(404)
    expect((await create(anna, { itemType: 'file', itemId: holidays, userId: carla.id, role: 'viewer' })).status).toBe(
      404,
    )
  })

  it('given a trashed item, then it cannot be shared (404)', async () => {
    const old = (await anna.browser.upload('old.txt', 'o', '/')).body._id
    await anna.browser.patch('/file-service/trash', { id: old })
    const r = await create(anna, { itemType: 'file', itemId: old, userId: carla.id, role: 'viewer' })
    expect([r.status, r.body.message]).toEqual([404, 'File not found'])
  })

  it('given a member, a stranger or nobody asks, then 403 OWNER_ONLY, 404, 401', async () => {
    const byEditor = await create(ben, { itemType: 'file', itemId: beach, userId: carla.id, role: 'viewer' })
    expect([byEditor.status, byEditor.body.code]).toEqual([403, 'OWNER_ONLY'])
    const byEditorTop = await create(ben, folderShare(holidays, { userId: carla.id }))
    expect([byEditorTop.status, byEditorTop.body.code]).toEqual([403, 'OWNER_ONLY'])
    expect((await create(carla, folderShare(holidays, { userId: dora.id }))).status).toBe(404)
    expect((await create(carla, { itemType: 'file', itemId: diary, userId: dora.id, role: 'viewer' })).status).toBe(404)
    const anon = new Browser(server.url)
    expect((await anon.post('/share-service/members', folderShare(holidays, { userId: dora.id }))).status).toBe(401)
  })
})

describe('GET /share-service/members', () => {
  it('given the owner, a member below the share, a stranger, nobody: 200, 200, 404, 401', async () => {
    const viewer = await member(server, 'viewer')
    await shareWith(server, anna, { type: 'folder', id: holidays }, viewer, 'viewer')
    const url = `/share-service/members?itemType=folder&itemId=${holidays}`
    const own = await anna.browser.get(url)
    expect(own.status).toBe(200)
    const ids = own.body.shares.map((s: { recipient: { _id: string } }) => s.recipient._id)
    // Oldest first: Ben's came before the viewer's.
    expect(ids).toEqual([ben.id, viewer.id])
    expect((await viewer.browser.get(url)).body.shares).toHaveLength(2)
    // The file inside: nothing is shared on it itself.
    expect((await viewer.browser.get(`/share-service/members?itemType=file&itemId=${beach}`)).body).toEqual({
      shares: [],
    })
    expect((await carla.browser.get(url)).status).toBe(404)
    expect((await new Browser(server.url).get(url)).status).toBe(401)
    expect((await anna.browser.get('/share-service/members?itemType=folder')).status).toBe(400)
  })
})

describe('PATCH and DELETE /share-service/members/{id}', () => {
  it('given the owner changes a role, then the recipient has it at once; others get 404', async () => {
    const file = (await anna.browser.upload('notes.txt', 'n', '/')).body._id
    const id = await shareWith(server, anna, { type: 'file', id: file }, carla, 'viewer')
    const roleOf = async () => (await carla.browser.get(`/file-service/info/${file}`)).body.role
    expect(await roleOf()).toBe('viewer')
    const r = await anna.browser.patch(`/share-service/members/${id}`, { role: 'editor' })
    expect(r.status).toBe(200)
    expect(r.body.share).toMatchObject({ _id: id, role: 'editor', recipient: { _id: carla.id } })
    expect(await roleOf()).toBe('editor')
    expect((await anna.browser.patch(`/share-service/members/${id}`, { role: 'admin' })).status).toBe(400)
    expect((await anna.browser.patch(`/share-service/members/${id}`, {})).status).toBe(400)
    // The recipient, a stranger, an unknown id: 404 alike.
    expect((await carla.browser.patch(`/share-service/members/${id}`, { role: 'viewer' })).status).toBe(404)
    expect((await dora.browser.patch(`/share-service/members/${id}`, { role: 'viewer' })).status).toBe(404)
    expect((await anna.browser.patch('/share-service/members/nope', { role: 'viewer' })).status).toBe(404)
    expect((await new Browser(server.url).patch(`/share-service/members/${id}`, { role: 'viewer' })).status).toBe(401)

    expect((await dora.browser.delete(`/share-service/members/${id}`)).status).toBe(404)
    const gone = await anna.browser.delete(`/share-service/members/${id}`)
    expect([gone.status, gone.body]).toEqual([200, { message: 'Share removed' }])
    expect((await carla.browser.get(`/file-service/info/${file}`)).status).toBe(404)
    expect((await anna.browser.delete(`/share-service/members/${id}`)).status).toBe(404)
  })

  it('given a recipient leaves a share made to them, then 200 and their access ends; a group share is not theirs to end', async () => {
    const file = (await anna.browser.upload('leave.txt', 'l', '/')).body._id
    const id = await shareWith(server, anna, { type: 'file', id: file }, dora, 'viewer')
    const left = await dora.browser.delete(`/share-service/members/${id}`)
    expect([left.status, left.body]).toEqual([200, { message: 'Share removed' }])
    expect((await dora.browser.get(`/file-service/info/${file}`)).status).toBe(404)

    const team = await group(server, 'Team', [dora])
    const viaGroup = await shareWith(server, anna, { type: 'file', id: file }, { id: team, type: 'group' }, 'viewer')
    expect((await dora.browser.delete(`/share-service/members/${viaGroup}`)).status).toBe(404)
    expect((await dora.browser.get(`/file-service/info/${file}`)).status).toBe(200)
  })

  it("given a share made, changed and ended, then the owner's cached list follows the shared badge each time, and the audit log says so", async () => {
    const folder = (await anna.browser.post('/folder-service/create', { name: 'Badge' })).body._id
    const badge = async () =>
      (await anna.browser.get('/folder-service/list')).body.find((f: { _id: string }) => f._id === folder).shared
    expect(await badge()).toBeUndefined()
    const made = await create(anna, folderShare(folder, { userId: dora.id }))
    expect(await badge()).toBe(true)
    await anna.browser.patch(`/share-service/members/${made.body.share._id}`, { role: 'editor' })
    await anna.browser.delete(`/share-service/members/${made.body.share._id}`)
    expect(await badge()).toBeUndefined()
    const events = (await anna.browser.get('/user-service/audit?limit=10')).body.events
    const types = events.map((e: { type: string }) => e.type)
    expect(types.slice(0, 3)).toEqual(['share.remove', 'share.role', 'share.create'])
    expect(events[2].detail).toContain('Badge')
  })
})

describe('who may call the share routes', () => {
  it('given an editor, a viewer, a group member, an ex-member and a disabled member, then each gets its exact status', async () => {
    const box = (await anna.browser.post('/folder-service/create', { name: 'Matrix' })).body._id
    const [editor, viewer, grouped, ex, off] = (await Promise.all(
      ['editor', 'viewer', 'grouped', 'ex', 'off'].map((t) => member(server, t)),
    )) as [Member, Member, Member, Member, Member]
    const crew = await group(server, 'Crew', [grouped])
    const target = await member(server, 'target')
    const shareIds: Record<string, string> = {
      editor: await shareWith(server, anna, { type: 'folder', id: box }, editor, 'editor'),
      viewer: await shareWith(server, anna, { type: 'folder', id: box }, viewer, 'viewer'),
      grouped: await shareWith(server, anna, { type: 'folder', id: box }, { id: crew, type: 'group' }, 'viewer'),
    }
    await shareWith(server, anna, { type: 'folder', id: box }, off, 'editor')
    const exShare = await shareWith(server, anna, { type: 'folder', id: box }, ex, 'editor')
    await anna.browser.delete(`/share-service/members/${exShare}`)
    await server.app.cumulus.db.updateTable('users').set({ disabled: 1 }).where('id', '=', off.id).execute()

    const list = `/share-service/members?itemType=folder&itemId=${box}`
    const body = folderShare(box, { userId: target.id })
    const expected: Array<[string, Member, number, number, number]> = [
      // who, as, GET list, POST share, PATCH someone else's share
      ['owner', anna, 200, 201, 200],
      ['editor', editor, 200, 403, 404],
      ['viewer', viewer, 200, 403, 404],
      ['group member', grouped, 200, 403, 404],
      ['ex-member', ex, 404, 404, 404],
      // Its session still open (the admin's disable would also end it: 401): ACCOUNT_DISABLED.
      ['disabled member', off, 403, 403, 403],
    ]
    for (const [who, as, get, post, patch] of expected) {
      expect((await as.browser.get(list)).status, `${who} GET`).toBe(get)
      const made = await create(as, body)
      expect(made.status, `${who} POST`).toBe(post)
      if (made.status === 201) await anna.browser.delete(`/share-service/members/${made.body.share._id}`)
      const other = as === viewer ? shareIds.editor : shareIds.viewer
      expect(
        (await as.browser.patch(`/share-service/members/${other}`, { role: 'viewer' })).status,
        `${who} PATCH`,
      ).toBe(patch)
    }
    // A group member cannot end the group's share; the viewer can leave their own.
    expect((await grouped.browser.delete(`/share-service/members/${shareIds.grouped}`)).status).toBe(404)
    expect((await editor.browser.delete(`/share-service/members/${shareIds.viewer}`)).status).toBe(404)
    expect((await viewer.browser.delete(`/share-service/members/${shareIds.viewer}`)).status).toBe(200)
    expect((await viewer.browser.get(list)).status).toBe(404)
  })
})
