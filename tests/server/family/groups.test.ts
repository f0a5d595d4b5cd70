// The admin's groups (DESIGN.md §8 "Sharing between accounts") over HTTP: every /admin/groups
// route, Everyone fixed, the name rule and its uniqueness, unknown ids, non-admins, the audit, a
// deleted account leaving its groups, and membership reaching a share at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { shareWith } from '../helpers/members.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

let f: Family
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

let made = 0
/** A new group with a name no other test uses. */
async function group(name = `Group ${++made} ${Date.now().toString(36)}`) {
  const r = await f.admin.post('/admin/groups', { name })
  expect(r.status).toBe(201)
  return r.body.group as { _id: string; name: string; members: number }
}

const groups = async () => (await f.admin.get('/admin/groups')).body.groups as any[]
const membersOf = async (id: string) => (await f.admin.get(`/admin/groups/${id}/members`)).body.members as any[]
const lastAudit = async () => (await f.admin.get('/admin/audit')).body.events[0]

const GROUP_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/admin/groups'],
  ['POST', '/admin/groups', { name: 'Kids' }],
  ['PATCH', '/admin/groups/some-id', { name: 'Kids' }],
  ['DELETE', '/admin/groups/some-id'],
  ['GET', '/admin/groups/some-id/members'],
  ['POST', '/admin/groups/some-id/members', { userId: 'x' }],
  ['DELETE', '/admin/groups/some-id/members/x'],
]

describe('who may call /admin/groups', () => {
  it.each(GROUP_ROUTES)(
    'given a user who is not an admin, when %s %s, then 403 ADMIN_ONLY',
    async (method, path, json) => {
      const m = await member(f.server)
      const r = await m.b.request(method, path, json === undefined ? {} : { json })
      expect(r.status).toBe(403)
      expect(r.body.code).toBe('ADMIN_ONLY')
    },
  )
  it.each(GROUP_ROUTES)('given nobody signed in, when %s %s, then 401', async (method, path, json) => {
    const r = await new Browser(f.server.url).request(method, path, json === undefined ? {} : { json })
    expect(r.status).toBe(401)
  })
})

describe('Everyone', () => {
  it('given a server, then Everyone is listed first, counts every enabled account, and says it is Everyone', async () => {
    await group('Aardvarks')
    const m = await member(f.server, 'counted')
    const list = await groups()
    const users = (await f.admin.get('/admin/users')).body.users as any[]
    expect(list[0]).toEqual({ _id: 'everyone', name: 'Everyone', members: users.length, everyone: true })
    expect(list.slice(1).every((g) => g.everyone === undefined)).toBe(true)
    await f.admin.patch(`/admin/users/${m.id}`, { disabled: true })
    expect((await groups())[0].members).toBe(users.length - 1)
    const everyone = await membersOf('everyone')
    expect(everyone.map((u) => u._id)).not.toContain(m.id)
    expect(everyone[0]).toEqual({ _id: expect.any(String), email: expect.any(String), displayName: expect.any(String) })
  })

  it('given Everyone, then renaming, deleting, adding or removing members is 403 EVERYONE_FIXED', async () => {
    const m = await member(f.server, 'fixed')
    for (const r of [
      await f.admin.patch('/admin/groups/everyone', { name: 'All' }),
      await f.admin.delete('/admin/groups/everyone'),
      await f.admin.post('/admin/groups/everyone/members', { userId: m.id }),
      await f.admin.delete(`/admin/groups/everyone/members/${m.id}`),
    ]) {
      expect(r.status).toBe(403)
      expect(r.body).toEqual({
        statusCode: 403,
        code: 'EVERYONE_FIXED',
        message: 'Everyone always holds every account',
      })
    }
    expect((await groups())[0].name).toBe('Everyone')
  })

  it('given a new group called "everyone" in any case, then 409 GROUP_NAME_TAKEN', async () => {
    const r = await f.admin.post('/admin/groups', { name: 'EVERYONE' })
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('GROUP_NAME_TAKEN')
  })
})

describe('create, rename, delete', () => {
  it('given a name, then 201 {group} trimmed with no members, listed by name after Everyone, and audited', async () => {
    const name = `Kids ${Date.now().toString(36)}`
    const r = await f.admin.post('/admin/groups', { name: `  ${name} ` })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({ group: { _id: expect.any(String), name, members: 0 } })
    const list = await groups()
    expect(list.find((g) => g._id === r.body.group._id)).toEqual(r.body.group)
    const names = list.slice(1).map((g) => g.name.toLowerCase())
    expect(names).toEqual([...names].sort())
    expect(await lastAudit()).toMatchObject({ type: 'admin.group.create', detail: name })
  })

  it('given a name another group has, in any case, then 409 on create and on rename; its own name in another case is fine', async () => {
    const a = await group()
    const b = await group()
    expect((await f.admin.post('/admin/groups', { name: a.name.toUpperCase() })).status).toBe(409)
    const taken = await f.admin.patch(`/admin/groups/${b._id}`, { name: ` ${a.name.toLowerCase()} ` })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ code: 'GROUP_NAME_TAKEN', message: 'A group of this name exists' })
    const own = await f.admin.patch(`/admin/groups/${a._id}`, { name: a.name.toUpperCase() })
    expect(own.status).toBe(200)
    expect(own.body.group.name).toBe(a.name.toUpperCase())
  })

  it('given two creates of one name at once, then one 201 and one 409', async () => {
    const name = `Race ${Date.now().toString(36)}`
    const rs = await Promise.all([
      f.admin.post('/admin/groups', { name }),
      f.admin.post('/admin/groups', { name: name.toLowerCase() }),
    ])
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409])
  })

  it.each([
    ['empty', '', 'Group name must not be empty'],
    ['only spaces', '  ', 'Group name must not be empty'],
    ['65 characters', 'g'.repeat(65), 'Group name must be at most 64 characters'],
    ['a line break', 'Kids\nZoo', 'Group name must not contain control characters such as line breaks or tabs'],
    ['a bidi override', 'Kids\u202E', 'Group name must not contain characters that reverse the text direction'],
    ['a bidi isolate', 'Kids\u2067', 'Group name must not contain characters that reverse the text direction'],
  ])('given a name with %s, then 400 on create and on rename, and nothing changes', async (_w, name, message) => {
    const before = (await groups()).length
    const c = await f.admin.post('/admin/groups', { name })
    expect(c.status).toBe(400)
    expect(c.body).toMatchObject({ code: 'BAD_REQUEST', message })
    expect((await groups()).length).toBe(before)
    const g = await group()
    const r = await f.admin.patch(`/admin/groups/${g._id}`, { name })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe(message)
    expect((await groups()).find((x) => x._id === g._id).name).toBe(g.name)
  })

  it('given no name in the body, then 400', async () => {
    expect((await f.admin.post('/admin/groups', {})).status).toBe(400)
    const g = await group()
    expect((await f.admin.patch(`/admin/groups/${g._id}`, {})).status).toBe(400)
  })

  it('given a rename, then {group} with its member count, and audited old → new', async () => {
    const g = await group()
    const m = await member(f.server, 'renamed')
    await f.admin.post(`/admin/groups/${g._id}/members`, { userId: m.id })
    const name = `Renamed ${Date.now().toString(36)}`
    const r = await f.admin.patch(`/admin/groups/${g._id}`, { name })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ group: { _id: g._id, name, members: 1 } })
    expect(await lastAudit()).toMatchObject({ type: 'admin.group.rename', detail: `${g.name} → ${name}` })
  })

  it('given a delete, then {message}, the group and its members are gone, its shares end, and it is audited', async () => {
    const g = await group()
    const m = await member(f.server, 'deleted-group')
    await f.admin.post(`/admin/groups/${g._id}/members`, { userId: m.id })
    const owner = await member(f.server, 'owner')
    const folder = (await owner.b.post('/folder-service/create', { name: 'Shared' })).body._id
    await shareWith(f.server, owner, { type: 'folder', id: folder }, { id: g._id, type: 'group' }, 'viewer')
    expect((await m.b.get(`/file-service/list?parent=${folder}`)).status).toBe(200)
    const r = await f.admin.delete(`/admin/groups/${g._id}`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ message: 'Group deleted' })
    expect((await groups()).some((x) => x._id === g._id)).toBe(false)
    const db = f.server.app.cumulus.db
    expect(await db.selectFrom('group_members').selectAll().where('group_id', '=', g._id).execute()).toEqual([])
    expect(await db.selectFrom('member_shares').selectAll().where('recipient_id', '=', g._id).execute()).toEqual([])
    expect((await m.b.get(`/file-service/list?parent=${folder}`)).status).toBe(404)
    expect(await lastAudit()).toMatchObject({ type: 'admin.group.delete', detail: g.name })
  })

  it('given an unknown group id, then 404 Group not found on every route', async () => {
    const m = await member(f.server, 'unknown')
    for (const r of [
      await f.admin.patch('/admin/groups/nope', { name: 'X' }),
      await f.admin.delete('/admin/groups/nope'),
      await f.admin.get('/admin/groups/nope/members'),
      await f.admin.post('/admin/groups/nope/members', { userId: m.id }),
      await f.admin.delete(`/admin/groups/nope/members/${m.id}`),
    ]) {
      expect(r.status).toBe(404)
      expect(r.body).toMatchObject({ code: 'NOT_FOUND', message: 'Group not found' })
    }
  })
})

describe('members', () => {
  it('given members added, then 201 {member}, listed by display name with email, counted, audited; adding twice changes nothing', async () => {
    const g = await group()
    const [a, b] = await Promise.all([member(f.server, 'zed'), member(f.server, 'amy')])
    await a.b.patch('/user-service/display-name', { displayName: 'Zed' })
    await b.b.patch('/user-service/display-name', { displayName: 'Amy' })
    const r = await f.admin.post(`/admin/groups/${g._id}/members`, { userId: a.id })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({ member: { _id: a.id, email: a.email, displayName: 'Zed' } })
    expect(await lastAudit()).toMatchObject({ type: 'admin.group.member.add', detail: g.name, email: a.email })
    await f.admin.post(`/admin/groups/${g._id}/members`, { userId: b.id })
    expect((await f.admin.post(`/admin/groups/${g._id}/members`, { userId: b.id })).status).toBe(201)
    expect(await membersOf(g._id)).toEqual([
      { _id: b.id, email: b.email, displayName: 'Amy' },
      { _id: a.id, email: a.email, displayName: 'Zed' },
    ])
    expect((await groups()).find((x) => x._id === g._id).members).toBe(2)
  })

  it('given a member removed, then {message}, gone from the list, audited; removing again is 404 User', async () => {
    const g = await group()
    const m = await member(f.server, 'leaver')
    await f.admin.post(`/admin/groups/${g._id}/members`, { userId: m.id })
    const r = await f.admin.delete(`/admin/groups/${g._id}/members/${m.id}`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ message: 'Member removed' })
    expect(await membersOf(g._id)).toEqual([])
    expect(await lastAudit()).toMatchObject({ type: 'admin.group.member.remove', detail: g.name, email: m.email })
    const again = await f.admin.delete(`/admin/groups/${g._id}/members/${m.id}`)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('User not found')
  })

  it('given an unknown user id or none, then 404 User not found / 400', async () => {
    const g = await group()
    const r = await f.admin.post(`/admin/groups/${g._id}/members`, { userId: 'nobody' })
    expect(r.status).toBe(404)
    expect(r.body.message).toBe('User not found')
    expect((await f.admin.post(`/admin/groups/${g._id}/members`, {})).status).toBe(400)
    expect((await f.admin.post(`/admin/groups/${g._id}/members`, { userId: '' })).status).toBe(400)
  })

  it('given a member’s account deleted, then its membership rows are gone (FK cascade) and the count drops', async () => {
    const g = await group()
    const m = await member(f.server, 'gone')
    await f.admin.post(`/admin/groups/${g._id}/members`, { userId: m.id })
    expect((await f.admin.delete(`/admin/users/${m.id}`)).status).toBe(200)
    const db = f.server.app.cumulus.db
    expect(await db.selectFrom('group_members').selectAll().where('user_id', '=', m.id).execute()).toEqual([])
    expect(await membersOf(g._id)).toEqual([])
    expect((await groups()).find((x) => x._id === g._id).members).toBe(0)
  })

  it('given a folder shared with a group, then a member added reaches it at once, and loses it at once when removed', async () => {
    const g = await group()
    const owner = await member(f.server, 'anna')
    const ben = await member(f.server, 'ben')
    const folder = (await owner.b.post('/folder-service/create', { name: 'Holidays' })).body._id
    await owner.b.upload('beach.txt', 'sand', folder)
    await shareWith(f.server, owner, { type: 'folder', id: folder }, { id: g._id, type: 'group' }, 'viewer')
    expect((await ben.b.get(`/file-service/list?parent=${folder}`)).status).toBe(404)
    await f.admin.post(`/admin/groups/${g._id}/members`, { userId: ben.id })
    const list = await ben.b.get(`/file-service/list?parent=${folder}`)
    expect(list.status).toBe(200)
    expect(list.body.map((x: any) => x.filename)).toEqual(['beach.txt'])
    await f.admin.delete(`/admin/groups/${g._id}/members/${ben.id}`)
    expect((await ben.b.get(`/file-service/list?parent=${folder}`)).status).toBe(404)
  })
})
