// The audit log (issue #20): sign-ins, failed sign-ins, password changes, app passwords,
// session revocations and admin actions; each user reads their own, the admin reads all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

let f: Family
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

const types = (page: any) => page.events.map((e: any) => e.type)

describe('GET /user-service/audit', () => {
  it("given a user's account activity, then their log holds each event, newest first, and nobody else's", async () => {
    const m = await member(f.server)
    const other = await member(f.server)
    await new Browser(f.server.url).login(m.email, 'wrong-password')
    const phone = new Browser(f.server.url)
    await phone.login(m.email)
    const created = (
      await m.b.post('/user-service/app-passwords', { name: 'NAS', scope: 'read', password: m.password })
    ).body
    await m.b.delete(`/user-service/app-passwords/${created.appPassword._id}`)
    const phoneId = (await phone.get('/user-service/sessions')).body.sessions.find((s: any) => s.current)._id
    await m.b.delete(`/user-service/sessions/${phoneId}`)
    await m.b.patch('/user-service/change-password', { oldPassword: m.password, newPassword: 'new-secret' })
    await other.b.login(other.email, 'wrong-password')

    const r = await m.b.get('/user-service/audit')
    expect(r.status).toBe(200)
    expect(types(r.body)).toEqual([
      'password.change',
      'session.revoke',
      'app-password.revoke',
      'app-password.create',
      'sign-in',
      'sign-in.failed',
      'sign-up',
    ])
    expect(r.body.nextCursor).toBeNull()
    expect(r.body.events[2]).toEqual({
      _id: expect.any(String),
      type: 'app-password.revoke',
      createdAt: expect.any(String),
      ip: '127.0.0.1',
      email: m.email,
      actorEmail: null,
      detail: 'NAS',
    })
    expect(r.body.events[5]).toMatchObject({ type: 'sign-in.failed', email: m.email, actorEmail: null })
  })

  it('given more events than a page, then the cursor pages through them without gaps or repeats; a foreign cursor is 400', async () => {
    const m = await member(f.server)
    for (let i = 0; i < 4; i++) await new Browser(f.server.url).login(m.email)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: any = (await m.b.get(`/user-service/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body
      expect(page.events.length).toBeLessThanOrEqual(2)
      seen.push(...page.events.map((e: any) => e._id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(5)
    expect(new Set(seen).size).toBe(5)
    const other = await member(f.server)
    const foreign = await other.b.get(`/user-service/audit?cursor=${seen[0]}`)
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toBe('The cursor is not an entry of this log')
  })
})

describe('GET /admin/audit', () => {
  it("given the admin's actions, then the admin's log holds them with who did them to whom; the user sees them in theirs", async () => {
    const m = await member(f.server)
    await f.admin.patch(`/admin/users/${m.id}`, { quota: 1024 ** 3 })
    await f.admin.patch(`/admin/users/${m.id}`, { role: 'admin' })
    await f.admin.patch(`/admin/users/${m.id}`, { role: 'user' })
    await f.admin.patch(`/admin/users/${m.id}`, { disabled: true })
    await f.admin.patch(`/admin/users/${m.id}`, { disabled: false })
    await f.admin.post(`/admin/users/${m.id}/reset-password`)
    await f.admin.post('/admin/invites')
    const made = (await f.admin.post('/admin/users', { email: `made-${m.email}` })).body.user
    await f.admin.delete(`/admin/users/${made._id}`)

    const all = (await f.admin.get('/admin/audit?limit=100')).body
    const byAdmin = all.events.filter((e: any) => e.type.startsWith('admin.'))
    // The made-and-deleted account's own entries went with it; the deletion names it by email.
    expect(byAdmin.map((e: any) => [e.type, e.email, e.actorEmail, e.detail])).toEqual([
      ['admin.user.delete', null, f.adminEmail, `made-${m.email}`],
      ['admin.invite', null, f.adminEmail, null],
      ['admin.user.reset-password', m.email, f.adminEmail, null],
      ['admin.user.enable', m.email, f.adminEmail, null],
      ['admin.user.disable', m.email, f.adminEmail, null],
      ['admin.user.role', m.email, f.adminEmail, 'user'],
      ['admin.user.role', m.email, f.adminEmail, 'admin'],
      ['admin.user.quota', m.email, f.adminEmail, '1 GB'],
    ])
    // The admin's log has everyone's events: the member's sign-up too.
    expect(all.events).toContainEqual(expect.objectContaining({ type: 'sign-up', email: m.email }))
    // The user sees what was done to their account, and by whom.
    const temp = (await f.admin.post(`/admin/users/${m.id}/reset-password`)).body.temporaryPassword
    const b = new Browser(f.server.url)
    await b.login(m.email, temp)
    // A temporary password's session may only choose a new one first.
    expect(
      (await b.patch('/user-service/change-password', { oldPassword: temp, newPassword: 'own-pass-1' })).status,
    ).toBe(200)
    const mine = (await b.get('/user-service/audit')).body
    expect(types(mine)).toContain('admin.user.disable')
    expect(mine.events.find((e: any) => e.type === 'admin.user.quota')).toMatchObject({
      email: m.email,
      actorEmail: f.adminEmail,
      detail: '1 GB',
    })
    expect(types(mine)).not.toContain('admin.invite')
  })
})
