// Roles and the admin API (DESIGN.md §7 "Accounts, admin, quotas") over HTTP: the first account
// is the admin, every /admin route refuses others, the last admin stays, disabling ends every
// session at once, temporary passwords must be changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEMPORARY_PASSWORD_ALPHABET, temporaryPassword } from '../../../server/services/sign-in/passwords.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

let f: Family
/** Four groups of four, none of 0 O o l 1 I. */
const TEMPORARY_PASSWORD = /^([A-HJ-NP-Za-km-z2-9]{4}-){3}[A-HJ-NP-Za-km-z2-9]{4}$/
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

const ADMIN_ROUTES: Array<[string, string, unknown?]> = [
  ['GET', '/admin/users'],
  ['POST', '/admin/users', { email: 'x@example.com' }],
  ['PATCH', '/admin/users/some-id', { disabled: true }],
  ['DELETE', '/admin/users/some-id'],
  ['POST', '/admin/users/some-id/reset-password'],
  ['POST', '/admin/invites'],
  ['GET', '/admin/invites'],
  ['DELETE', '/admin/invites/some-id'],
  ['GET', '/admin/audit'],
  ['GET', '/admin/groups'],
  ['POST', '/admin/groups', { name: 'Kids' }],
]

describe('roles', () => {
  it('given the first account, then it is the admin; later ones are users, in every user JSON', async () => {
    expect((await f.admin.get('/user-service/user')).body.role).toBe('admin')
    const m = await member(f.server)
    expect((await m.b.get('/user-service/user')).body.role).toBe('user')
    const login = await m.b.login(m.email)
    expect(login.body).toMatchObject({ user: { role: 'user' }, mustChangePassword: false })
  })

  it.each(ADMIN_ROUTES)(
    'given a signed-in user who is not an admin, when calling %s %s, then 403 ADMIN_ONLY',
    async (method, path, json) => {
      const m = await member(f.server)
      const r = await m.b.request(method, path, json === undefined ? {} : { json })
      expect(r.status).toBe(403)
      expect(r.body).toEqual({
        statusCode: 403,
        code: 'ADMIN_ONLY',
        message: 'Only an admin of this server can do this',
      })
    },
  )

  it.each(ADMIN_ROUTES)('given nobody signed in, when calling %s %s, then 401', async (method, path, json) => {
    const r = await new Browser(f.server.url).request(method, path, json === undefined ? {} : { json })
    expect(r.status).toBe(401)
  })

  it('given an admin promotes a user, then /admin opens to them at once, and closes again on demotion', async () => {
    const m = await member(f.server)
    expect((await m.b.get('/admin/users')).status).toBe(403)
    const up = await f.admin.patch(`/admin/users/${m.id}`, { role: 'admin' })
    expect(up.status).toBe(200)
    expect(up.body.user).toMatchObject({ _id: m.id, role: 'admin' })
    expect((await m.b.get('/admin/users')).status).toBe(200)
    expect((await f.admin.patch(`/admin/users/${m.id}`, { role: 'user' })).status).toBe(200)
    expect((await m.b.get('/admin/users')).status).toBe(403)
  })
})

describe('the last admin', () => {
  it('given one active admin, when demoting, disabling or deleting them, then 409 LAST_ADMIN and nothing changes', async () => {
    const { body } = await f.admin.get('/admin/users')
    const admins = body.users.filter((u: any) => u.role === 'admin' && !u.disabled)
    expect(admins).toHaveLength(1)
    const me = admins[0]._id
    const message = 'This is the last admin: make another user an admin first'
    for (const r of [
      await f.admin.patch(`/admin/users/${me}`, { role: 'user' }),
      await f.admin.patch(`/admin/users/${me}`, { disabled: true }),
      await f.admin.delete(`/admin/users/${me}`),
    ]) {
      expect(r.status).toBe(409)
      expect(r.body).toEqual({ statusCode: 409, code: 'LAST_ADMIN', message })
    }
    expect((await f.admin.get('/user-service/user')).body.role).toBe('admin')
  })

  it('given a second admin, then the first may step down, and the second is then the last', async () => {
    const m = await member(f.server)
    await f.admin.patch(`/admin/users/${m.id}`, { role: 'admin' })
    const me = (await f.admin.get('/user-service/user')).body._id
    expect((await f.admin.patch(`/admin/users/${me}`, { role: 'user' })).status).toBe(200)
    expect((await m.b.patch(`/admin/users/${m.id}`, { role: 'user' })).status).toBe(409)
    // Hand it back so the other tests keep their admin.
    expect((await m.b.patch(`/admin/users/${me}`, { role: 'admin' })).status).toBe(200)
    expect((await f.admin.patch(`/admin/users/${m.id}`, { role: 'user' })).status).toBe(200)
  })

  it('given two admins demoting each other at once, then exactly one demotion passes', async () => {
    const a = await member(f.server, 'a')
    const b = await member(f.server, 'b')
    const me = (await f.admin.get('/user-service/user')).body._id
    await f.admin.patch(`/admin/users/${a.id}`, { role: 'admin' })
    await f.admin.patch(`/admin/users/${b.id}`, { role: 'admin' })
    // Three admins: the original steps down so a and b are the only two.
    expect((await f.admin.patch(`/admin/users/${me}`, { role: 'user' })).status).toBe(200)
    const [ra, rb] = await Promise.all([
      a.b.patch(`/admin/users/${b.id}`, { role: 'user' }),
      b.b.patch(`/admin/users/${a.id}`, { role: 'user' }),
    ])
    // The loser is refused either by the rule (409) or, when the winner's demotion landed
    // before its request was authenticated, as no longer an admin (403).
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1)
    expect([ra.status, rb.status].find((s) => s !== 200)).toBeOneOf([403, 409])
    const survivor = ra.status === 200 ? a : b
    const roles =
      (await f.admin.get('/user-service/user')).status === 200 ? (await survivor.b.get('/admin/users')).body.users : []
    expect(roles.filter((u: any) => [a.id, b.id].includes(u._id) && u.role === 'admin').map((u: any) => u._id)).toEqual(
      [survivor.id],
    )
    expect((await survivor.b.patch(`/admin/users/${me}`, { role: 'admin' })).status).toBe(200)
    for (const u of [a, b]) await f.admin.patch(`/admin/users/${u.id}`, { role: 'user' })
  })
})

describe('POST /admin/users', () => {
  it('given only an email, then 201 with the user and a temporary password, which signs in once with mustChangePassword until changed', async () => {
    const email = uniqueEmail('made')
    const r = await f.admin.post('/admin/users', { email })
    expect(r.status).toBe(201)
    expect(r.body.user).toMatchObject({
      email,
      role: 'user',
      disabled: false,
      used: 0,
      fileCount: 0,
      lastActiveAt: null,
    })
    expect(r.body.temporaryPassword).toMatch(TEMPORARY_PASSWORD)
    const b = new Browser(f.server.url)
    const login = await b.login(email, r.body.temporaryPassword)
    expect(login.status).toBe(200)
    expect(login.body.mustChangePassword).toBe(true)
    expect((await b.get('/user-service/user-detailed')).body.mustChangePassword).toBe(true)
    // A restored session reads GET /user: it must say so too (the spec's reply, plus this flag while set).
    expect((await b.get('/user-service/user')).body).toMatchObject({ email, mustChangePassword: true })
    const same = await b.patch('/user-service/change-password', {
      oldPassword: r.body.temporaryPassword,
      newPassword: r.body.temporaryPassword,
    })
    expect(same.status).toBe(400)
    expect(same.body.message).toBe('Choose a new password, not the temporary one')
    expect(
      (
        await b.patch('/user-service/change-password', {
          oldPassword: r.body.temporaryPassword,
          newPassword: 'my-own-pass',
        })
      ).status,
    ).toBe(200)
    const again = await new Browser(f.server.url).login(email, 'my-own-pass')
    expect(again.body.mustChangePassword).toBe(false)
    expect(again.body.user).not.toHaveProperty('mustChangePassword')
  })

  it('given a temporary password, then its session may read itself and choose a new password, and nothing else (403 PASSWORD_CHANGE_REQUIRED) until it does', async () => {
    const email = uniqueEmail('temporary')
    const { temporaryPassword: temporary } = (await f.admin.post('/admin/users', { email })).body
    const b = new Browser(f.server.url)
    expect((await b.login(email, temporary)).status).toBe(200)
    const refused = [
      await b.get('/file-service/list?parent=/'),
      await b.get('/folder-service/list?parent=/'),
      await b.get('/user-service/sessions'),
      await b.post('/user-service/app-passwords', { name: 'planted', scope: 'write', password: temporary }),
      await b.post('/user-service/totp/setup'),
      await b.post('/user-service/webauthn/register/options', { password: temporary }),
    ]
    for (const r of refused) {
      expect(r.status).toBe(403)
      expect(r.body).toEqual({
        statusCode: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: 'Choose a new password first: this one was temporary',
      })
    }
    // What choosing a new password needs: its own user, a token refresh, the change itself.
    expect((await b.get('/user-service/user')).status).toBe(200)
    expect((await b.get('/user-service/user-detailed')).status).toBe(200)
    expect((await b.post('/user-service/get-token')).status).toBe(200)
    expect(
      (await b.patch('/user-service/change-password', { oldPassword: temporary, newPassword: 'my-own-pass' })).status,
    ).toBe(200)
    // The same session, at once: the rule follows the account, not a flag the app keeps.
    expect((await b.get('/file-service/list?parent=/')).status).toBe(200)
    expect((await b.get('/user-service/sessions')).status).toBe(200)
  })

  it('given many temporary passwords, then none has an ambiguous character (0 O o l 1 I), and every other character of the alphabet turns up', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const password = temporaryPassword()
      expect(password).toMatch(TEMPORARY_PASSWORD)
      for (const c of password.replaceAll('-', '')) seen.add(c)
    }
    // 32,000 draws from 56 characters: each is missing with a chance of about e^-571.
    for (const c of '0Ool1I') expect(seen.has(c), c).toBe(false)
    expect([...seen].sort().join('')).toBe([...TEMPORARY_PASSWORD_ALPHABET].sort().join(''))
  })

  it('given an email in use or a bad one, then 409 / 400 with the sign-up messages', async () => {
    expect((await f.admin.post('/admin/users', { email: f.adminEmail })).body).toMatchObject({
      statusCode: 409,
      message: 'Email Already Exists',
    })
    expect((await f.admin.post('/admin/users', { email: 'nope' })).body).toMatchObject({
      statusCode: 400,
      message: 'Email is invalid',
    })
  })

  it('given a password, then no temporary password is answered', async () => {
    const r = await f.admin.post('/admin/users', { email: uniqueEmail('pw'), password: 'chosen-pass' })
    expect(r.status).toBe(201)
    expect(r.body).not.toHaveProperty('temporaryPassword')
  })
})

describe('GET /admin/users', () => {
  it('given a user with files, then the list shows their storage used, file count, quota, last active and disabled', async () => {
    const m = await member(f.server)
    expect((await m.b.upload('a.txt', 'x'.repeat(1000))).status).toBe(201)
    expect((await m.b.upload('b.txt', 'y'.repeat(24))).status).toBe(201)
    await f.admin.patch(`/admin/users/${m.id}`, { quota: 5000 })
    const row = (await f.admin.get('/admin/users')).body.users.find((u: any) => u._id === m.id)
    expect(row).toEqual({
      _id: m.id,
      email: m.email,
      displayName: m.email.split('@')[0],
      role: 'user',
      createdAt: expect.any(String),
      disabled: false,
      quota: 5000,
      used: 1024,
      fileCount: 2,
      lastActiveAt: expect.any(String),
    })
    const detailed = (await m.b.get('/user-service/user-detailed')).body
    expect(detailed).toMatchObject({ quota: 5000, used: 1024, role: 'user' })
  })

  it('given a bad quota, then 400 and nothing changes; null means unlimited', async () => {
    const m = await member(f.server)
    await f.admin.patch(`/admin/users/${m.id}`, { quota: 123 })
    for (const quota of [-1, 1.5, 'lots', '100', true, {}]) {
      const r = await f.admin.patch(`/admin/users/${m.id}`, { quota })
      expect(r.status).toBe(400)
      expect(r.body.message).toBe('The quota must be a whole number of bytes, or null for unlimited')
    }
    expect((await m.b.get('/user-service/user-detailed')).body.quota).toBe(123)
    // 0 is a quota (nothing may be stored), not "unlimited"; null is unlimited.
    expect((await f.admin.patch(`/admin/users/${m.id}`, { quota: 0 })).body.user.quota).toBe(0)
    expect((await f.admin.patch(`/admin/users/${m.id}`, { quota: null })).body.user.quota).toBeNull()
    expect((await m.b.get('/user-service/user-detailed')).body.quota).toBeNull()
  })

  it('given an unknown id, then PATCH, DELETE and reset-password are 404', async () => {
    expect((await f.admin.patch('/admin/users/nobody', { disabled: true })).status).toBe(404)
    expect((await f.admin.delete('/admin/users/nobody')).status).toBe(404)
    expect((await f.admin.post('/admin/users/nobody/reset-password')).status).toBe(404)
  })
})

describe('disabling', () => {
  it('given a user signed in on two browsers, when disabled, then both are refused on their next request, refresh fails, and sign-in says why', async () => {
    const m = await member(f.server)
    const other = new Browser(f.server.url)
    expect((await other.login(m.email)).status).toBe(200)
    expect((await m.b.get('/user-service/user')).status).toBe(200)
    const r = await f.admin.patch(`/admin/users/${m.id}`, { disabled: true })
    expect(r.body.user.disabled).toBe(true)
    for (const b of [m.b, other]) {
      expect((await b.get('/user-service/user')).status).toBe(401)
      expect((await b.post('/user-service/get-token')).status).toBe(401)
    }
    const again = await new Browser(f.server.url).login(m.email)
    expect(again.status).toBe(403)
    expect(again.body).toEqual({
      statusCode: 403,
      code: 'ACCOUNT_DISABLED',
      message: "This account is disabled. Ask the server's admin.",
    })
    // A wrong password never learns the account is disabled.
    expect((await new Browser(f.server.url).login(m.email, 'wrong-pass')).status).toBe(401)
    await f.admin.patch(`/admin/users/${m.id}`, { disabled: false })
    expect((await new Browser(f.server.url).login(m.email)).status).toBe(200)
  })
})

describe('POST /admin/users/{id}/reset-password', () => {
  it('then a temporary password replaces theirs, every session ends, and it must be changed', async () => {
    const m = await member(f.server)
    const r = await f.admin.post(`/admin/users/${m.id}/reset-password`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ temporaryPassword: expect.stringMatching(TEMPORARY_PASSWORD) })
    expect((await m.b.get('/user-service/user')).status).toBe(401)
    expect((await new Browser(f.server.url).login(m.email, m.password)).status).toBe(401)
    const login = await new Browser(f.server.url).login(m.email, r.body.temporaryPassword)
    expect(login.body.mustChangePassword).toBe(true)
  })
})

describe('DEFAULT_QUOTA', () => {
  it('given DEFAULT_QUOTA=50GB, then new accounts get 50 GiB, and user-detailed says so', async () => {
    const other = await startFamily({ env: { DEFAULT_QUOTA: '50GB' } })
    try {
      const d = (await other.admin.get('/user-service/user-detailed')).body
      expect(d).toMatchObject({ quota: 50 * 1024 ** 3, used: 0 })
    } finally {
      await other.server.close()
    }
  })
})
