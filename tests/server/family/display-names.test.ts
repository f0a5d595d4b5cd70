// Display names (DESIGN.md §8 "Names") over HTTP: set at sign-up (open or by invite) or left to
// the default (the email's local part), changed by the user (PATCH /user-service/display-name) or
// by the admin (PATCH /admin/users/{id}), shown in the admin's list, audited, and refused with a
// clear 400 when they break the name rule (util/names.ts checkPersonName).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

let f: Family
let invited: Family
beforeAll(async () => {
  ;[f, invited] = await Promise.all([startFamily(), startFamily({ env: { SIGNUP: 'invite' } })])
})
afterAll(() => Promise.all([f.server.close(), invited.server.close()]))

const localPart = (email: string) => email.split('@')[0]

/** Each bad name, with the words of its 400. */
const BAD_NAMES: Array<[string, string, string]> = [
  ['empty', '', 'Display name must not be empty'],
  ['only spaces', '   ', 'Display name must not be empty'],
  ['65 characters', 'x'.repeat(65), 'Display name must be at most 64 characters'],
  ['a line break', 'Anna\nBerg', 'Display name must not contain control characters such as line breaks or tabs'],
  ['a tab', 'Anna\tBerg', 'Display name must not contain control characters such as line breaks or tabs'],
  ['a NUL', 'Anna\u0000', 'Display name must not contain control characters such as line breaks or tabs'],
  [
    'a line separator',
    'Anna\u2028Berg',
    'Display name must not contain control characters such as line breaks or tabs',
  ],
  ['a bidi override', 'Anna\u202Egreb', 'Display name must not contain characters that reverse the text direction'],
  ['a bidi isolate', '\u2066Anna\u2069', 'Display name must not contain characters that reverse the text direction'],
]

describe('at sign-up', () => {
  it('given no display name, then the email’s local part, in the create reply and GET /user', async () => {
    const b = new Browser(f.server.url)
    const email = uniqueEmail('plain')
    const r = await b.post('/user-service/create', { email, password: 'secret123' })
    expect(r.status).toBe(201)
    expect(r.body.user.displayName).toBe(localPart(email))
    expect((await b.get('/user-service/user')).body.displayName).toBe(localPart(email))
    expect((await b.get('/user-service/user-detailed')).body.displayName).toBe(localPart(email))
  })

  it('given a display name, then it is stored trimmed; 64 characters (not code units) are allowed', async () => {
    const b = new Browser(f.server.url)
    const r = await b.post('/user-service/create', {
      email: uniqueEmail('named'),
      password: 'secret123',
      displayName: '  Anna Berg  ',
    })
    expect(r.status).toBe(201)
    expect(r.body.user.displayName).toBe('Anna Berg')
    const emoji = '😀'.repeat(64)
    const e = await new Browser(f.server.url).post('/user-service/create', {
      email: uniqueEmail('emoji'),
      password: 'secret123',
      displayName: emoji,
    })
    expect(e.status).toBe(201)
    expect(e.body.user.displayName).toBe(emoji)
  })

  it('given a blank display name, then the default (the field is optional)', async () => {
    const email = uniqueEmail('blank')
    const r = await new Browser(f.server.url).post('/user-service/create', {
      email,
      password: 'secret123',
      displayName: '  ',
    })
    expect(r.status).toBe(201)
    expect(r.body.user.displayName).toBe(localPart(email))
  })

  it.each(BAD_NAMES.filter(([what]) => what !== 'empty' && what !== 'only spaces'))(
    'given a display name with %s, then 400 and no account',
    async (_what, displayName, message) => {
      const email = uniqueEmail('bad')
      const b = new Browser(f.server.url)
      const r = await b.post('/user-service/create', { email, password: 'secret123', displayName })
      expect(r.status).toBe(400)
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', message })
      expect((await b.login(email)).status).toBe(401)
    },
  )

  it('given an invite and a display name, then the account is called by it; a bad name leaves the invite unused', async () => {
    const token = (await invited.admin.post('/admin/invites')).body.url.split('/invite/')[1]
    const bad = await new Browser(invited.server.url).post('/user-service/create', {
      email: uniqueEmail('inv'),
      password: 'secret123',
      invite: token,
      displayName: 'a\u202Eb',
    })
    expect(bad.status).toBe(400)
    const r = await new Browser(invited.server.url).post('/user-service/create', {
      email: uniqueEmail('inv'),
      password: 'secret123',
      invite: token,
      displayName: 'Ben',
    })
    expect(r.status).toBe(201)
    expect(r.body.user.displayName).toBe('Ben')
  })
})

describe('PATCH /user-service/display-name', () => {
  it('given a new name, then 200 with the user JSON, GET /user shows it, and it is audited', async () => {
    const m = await member(f.server, 'rename')
    const r = await m.b.patch('/user-service/display-name', { displayName: ' Carla ' })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ _id: m.id, email: m.email, displayName: 'Carla', role: 'user' })
    expect((await m.b.get('/user-service/user')).body.displayName).toBe('Carla')
    const events = (await m.b.get('/user-service/audit')).body.events
    expect(events[0]).toMatchObject({ type: 'display-name.change', detail: 'Carla' })
  })

  it('given names from other people’s scripts and right-to-left names, then they are kept as written', async () => {
    const m = await member(f.server, 'script')
    for (const name of ['<script>alert(1)</script>', 'مريم', 'שרה', 'Zoë & Jo', 'a/b..c']) {
      const r = await m.b.patch('/user-service/display-name', { displayName: name })
      expect(r.status).toBe(200)
      expect(r.body.displayName).toBe(name)
    }
  })

  it.each(BAD_NAMES)('given %s, then 400 with a clear message and nothing changes', async (_what, name, message) => {
    const m = await member(f.server, 'badpatch')
    const r = await m.b.patch('/user-service/display-name', { displayName: name })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', message })
    expect((await m.b.get('/user-service/user')).body.displayName).toBe(localPart(m.email))
  })

  it('given no name, then 400; nobody signed in, then 401', async () => {
    const m = await member(f.server, 'shape')
    expect((await m.b.patch('/user-service/display-name', {})).status).toBe(400)
    expect((await new Browser(f.server.url).patch('/user-service/display-name', { displayName: 'x' })).status).toBe(401)
  })
})

describe("the admin's user list", () => {
  it('given accounts, then each row has its display name, and the admin sets one (audited with the admin as actor)', async () => {
    const m = await member(f.server, 'listed')
    const row = (await f.admin.get('/admin/users')).body.users.find((u: any) => u._id === m.id)
    expect(row.displayName).toBe(localPart(m.email))
    const r = await f.admin.patch(`/admin/users/${m.id}`, { displayName: '  Dad ' })
    expect(r.status).toBe(200)
    expect(r.body.user).toMatchObject({ _id: m.id, displayName: 'Dad' })
    expect((await m.b.get('/user-service/user')).body.displayName).toBe('Dad')
    const events = (await f.admin.get('/admin/audit')).body.events
    expect(events.find((e: any) => e.type === 'display-name.change' && e.email === m.email)).toMatchObject({
      detail: 'Dad',
      actorEmail: f.adminEmail,
    })
  })

  it('given a bad name, then 400 and nothing changes; other fields in the same patch are not applied', async () => {
    const m = await member(f.server, 'adminbad')
    const r = await f.admin.patch(`/admin/users/${m.id}`, { displayName: 'a\nb', role: 'admin' })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('Display name must not contain control characters such as line breaks or tabs')
    const row = (await f.admin.get('/admin/users')).body.users.find((u: any) => u._id === m.id)
    expect(row).toMatchObject({ displayName: localPart(m.email), role: 'user' })
  })

  it('given a user who is not an admin, then they cannot set another’s name (403)', async () => {
    const [a, b] = await Promise.all([member(f.server, 'na'), member(f.server, 'nb')])
    const r = await a.b.patch(`/admin/users/${b.id}`, { displayName: 'Hacked' })
    expect(r.status).toBe(403)
    expect((await b.b.get('/user-service/user')).body.displayName).toBe(localPart(b.email))
  })
})
