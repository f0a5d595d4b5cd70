// Invites and sign-up modes (DESIGN.md §7): an invite link signs up one account within 7 days;
// SIGNUP=invite makes it the only way in; SIGNUP=closed refuses both. Also the two ways back in
// without mail: the reset request's MAIL_DISABLED code, and the console's `npm run admin`.
import { type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testMigrator } from '../helpers/migrations.ts'
import { runAdminCommand } from '../../../server/cli/admin.ts'
import { sha256 } from '../../../server/util/crypto.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer } from '../helpers/server.ts'
import { startMailSink, type MailSink } from '../helpers/smtp.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

const tokenOf = (url: string) => url.split('/invite/')[1]!
const signup = (f: Family, email: string, invite?: string) =>
  new Browser(f.server.url).post('/user-service/create', {
    email,
    password: 'secret123',
    ...(invite !== undefined ? { invite } : {}),
  })

describe('SIGNUP=invite', () => {
  let f: Family
  beforeAll(async () => {
    // A fresh server's first account needs no invite (nobody could make one): it is the admin.
    f = await startFamily({ env: { SIGNUP: 'invite' } })
  })
  afterAll(() => f.server.close())

  it('given an account exists, when signing up without an invite, then 403 INVITE_REQUIRED', async () => {
    const r = await signup(f, uniqueEmail('uninvited'))
    expect(r.status).toBe(403)
    expect(r.body).toEqual({
      statusCode: 403,
      code: 'INVITE_REQUIRED',
      message: 'Sign-up on this server needs an invite link from its admin',
    })
  })

  it('given an invite, then exactly one sign-up uses it, even two at once; a second use is refused', async () => {
    const r = await f.admin.post('/admin/invites')
    expect(r.status).toBe(201)
    expect(r.body.url).toMatch(new RegExp(`^${f.server.config.publicUrl}/invite/[A-Za-z0-9_-]{43}$`))
    const week = Date.parse(r.body.expiresAt) - Date.now()
    expect(week).toBeGreaterThan(7 * 86_400_000 - 60_000)
    expect(week).toBeLessThanOrEqual(7 * 86_400_000)
    const token = tokenOf(r.body.url)
    const [c, d] = await Promise.all([signup(f, uniqueEmail('inv'), token), signup(f, uniqueEmail('inv'), token)])
    expect([c.status, d.status].sort()).toEqual([201, 403])
    const refused = c.status === 403 ? c : d
    expect(refused.body).toEqual({
      statusCode: 403,
      code: 'INVITE_USED',
      message: "This invite has been used. Ask the server's admin for a new one.",
    })
    expect((await signup(f, uniqueEmail('inv'), token)).body.code).toBe('INVITE_USED')
  })

  it('given an invite and an email already taken, then 409 and the invite still works afterwards', async () => {
    const token = tokenOf((await f.admin.post('/admin/invites')).body.url)
    expect((await signup(f, f.adminEmail, token)).status).toBe(409)
    expect((await signup(f, uniqueEmail('inv'), token)).status).toBe(201)
  })

  it('given an invite past its 7 days, then it is refused', async () => {
    const token = tokenOf((await f.admin.post('/admin/invites')).body.url)
    await f.server.app.cumulus.db
      .updateTable('invites')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(token))
      .execute()
    const r = await signup(f, uniqueEmail('late'), token)
    expect(r.status).toBe(403)
    expect(r.body).toEqual({
      statusCode: 403,
      code: 'INVITE_EXPIRED',
      message: "This invite has expired. Ask the server's admin for a new one.",
    })
    expect((await new Browser(f.server.url).get(`/user-service/invites/${token}`)).body.status).toBe('expired')
  })

  it('given a made-up token, then 403 INVITE_INVALID, and its check is 404', async () => {
    expect((await signup(f, uniqueEmail('x'), 'not-a-token')).body.code).toBe('INVITE_INVALID')
    expect((await new Browser(f.server.url).get('/user-service/invites/not-a-token')).status).toBe(404)
  })

  it('given an invite, then anyone with its token can check it before the form: valid, then used', async () => {
    const { url } = (await f.admin.post('/admin/invites', { email: 'Kid@Example.com' })).body
    const visitor = new Browser(f.server.url)
    const before = await visitor.get(`/user-service/invites/${tokenOf(url)}`)
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ status: 'valid', email: 'kid@example.com', expiresAt: expect.any(String) })
    expect((await signup(f, uniqueEmail('kid'), tokenOf(url))).status).toBe(201)
    expect((await visitor.get(`/user-service/invites/${tokenOf(url)}`)).body).toEqual({
      status: 'used',
      expiresAt: before.body.expiresAt,
    })
  })

  it('given invites, then the list shows who made each, for whom, when it expires and whether it was used', async () => {
    const open = (await f.admin.post('/admin/invites', { email: 'open@example.com' })).body
    const used = (await f.admin.post('/admin/invites')).body
    expect(open.emailSent).toBe(false)
    expect(used.invite).toEqual({
      _id: expect.any(String),
      createdBy: { _id: expect.any(String), email: f.adminEmail },
      email: null,
      createdAt: expect.any(String),
      expiresAt: used.expiresAt,
      usedAt: null,
    })
    expect((await signup(f, uniqueEmail('used'), tokenOf(used.url))).status).toBe(201)
    const r = await f.admin.get('/admin/invites')
    expect(r.status).toBe(200)
    expect(r.body.mailEnabled).toBe(false)
    const byId = new Map(r.body.invites.map((i: { _id: string }) => [i._id, i]))
    expect(byId.get(open.invite._id)).toEqual(open.invite)
    expect(byId.get(used.invite._id)).toEqual({ ...used.invite, usedAt: expect.any(String) })
    // Nothing of the token leaks into the list.
    expect(r.text).not.toContain(tokenOf(open.url))
    expect(r.text).not.toContain(sha256(tokenOf(open.url)))
  })

  it('given a revoked invite, then its token no longer signs up (INVITE_INVALID), its check is 404, and a second revoke is 404', async () => {
    const { invite, url } = (await f.admin.post('/admin/invites')).body
    const r = await f.admin.delete(`/admin/invites/${invite._id}`)
    expect(r.status).toBe(200)
    expect((await signup(f, uniqueEmail('revoked'), tokenOf(url))).body.code).toBe('INVITE_INVALID')
    expect((await new Browser(f.server.url).get(`/user-service/invites/${tokenOf(url)}`)).status).toBe(404)
    expect((await f.admin.delete(`/admin/invites/${invite._id}`)).status).toBe(404)
    expect((await f.admin.get('/admin/invites')).body.invites.map((i: { _id: string }) => i._id)).not.toContain(
      invite._id,
    )
  })

  it('given a member who is not an admin, then listing, making and revoking invites are 403', async () => {
    const b = new Browser(f.server.url)
    await b.post('/user-service/create', {
      email: uniqueEmail('plain'),
      password: 'secret123',
      invite: tokenOf((await f.admin.post('/admin/invites')).body.url),
    })
    const { invite } = (await f.admin.post('/admin/invites')).body
    for (const r of [
      await b.get('/admin/invites'),
      await b.post('/admin/invites', {}),
      await b.delete(`/admin/invites/${invite._id}`),
    ]) {
      expect(r.status).toBe(403)
      expect(r.body.code).toBe('ADMIN_ONLY')
    }
  })

  /** A second admin, signed in, who came in by an invite. */
  async function secondAdmin() {
    const b = new Browser(f.server.url)
    const email = uniqueEmail('admin2')
    const { body } = await b.post('/user-service/create', {
      email,
      password: 'secret123',
      invite: tokenOf((await f.admin.post('/admin/invites')).body.url),
    })
    expect((await f.admin.patch(`/admin/users/${body.user._id}`, { role: 'admin' })).status).toBe(200)
    return { b, email, id: body.user._id as string }
  }

  it("given two admins, then each sees and may revoke the other's invites (they are the server's); an unknown id is 404", async () => {
    const other = await secondAdmin()
    const { invite, url } = (await other.b.post('/admin/invites')).body
    const listed = (await f.admin.get('/admin/invites')).body.invites.find((i: { _id: string }) => i._id === invite._id)
    expect(listed.createdBy).toEqual({ _id: other.id, email: other.email })
    expect((await f.admin.delete(`/admin/invites/${invite._id}`)).status).toBe(200)
    expect((await signup(f, uniqueEmail('x'), tokenOf(url))).body.code).toBe('INVITE_INVALID')
    expect((await f.admin.delete('/admin/invites/no-such-invite')).status).toBe(404)
  })

  it('given an admin demoted, then their open invites end; a used one stays listed', async () => {
    const other = await secondAdmin()
    const open = (await other.b.post('/admin/invites')).body
    const used = (await other.b.post('/admin/invites')).body
    expect((await signup(f, uniqueEmail('early'), tokenOf(used.url))).status).toBe(201)
    expect((await f.admin.patch(`/admin/users/${other.id}`, { role: 'user' })).status).toBe(200)
    expect((await signup(f, uniqueEmail('late'), tokenOf(open.url))).body.code).toBe('INVITE_INVALID')
    const ids = (await f.admin.get('/admin/invites')).body.invites.map((i: { _id: string }) => i._id)
    expect(ids).not.toContain(open.invite._id)
    expect(ids).toContain(used.invite._id)
  })

  it('given an admin deleted, then their open invites end', async () => {
    const other = await secondAdmin()
    const open = (await other.b.post('/admin/invites')).body
    expect((await f.admin.delete(`/admin/users/${other.id}`)).status).toBe(200)
    expect((await signup(f, uniqueEmail('late'), tokenOf(open.url))).body.code).toBe('INVITE_INVALID')
    expect((await f.admin.get('/admin/invites')).body.invites.map((i: { _id: string }) => i._id)).not.toContain(
      open.invite._id,
    )
  })

  it('given an admin disabled, then their open invites cannot be used while they are', async () => {
    const other = await secondAdmin()
    const open = (await other.b.post('/admin/invites')).body
    expect((await f.admin.patch(`/admin/users/${other.id}`, { disabled: true })).status).toBe(200)
    expect((await signup(f, uniqueEmail('late'), tokenOf(open.url))).body.code).toBe('INVITE_INVALID')
  })

  it('given a bad address to invite, then 400 and no invite is made', async () => {
    const before = (await f.admin.get('/admin/invites')).body.invites.length
    const r = await f.admin.post('/admin/invites', { email: 'not-an-address' })
    expect(r.status).toBe(400)
    expect((await f.admin.get('/admin/invites')).body.invites.length).toBe(before)
  })
})

describe('invites and resets by mail (SMTP_URL set)', () => {
  let f: Family
  let sink: MailSink
  beforeAll(async () => {
    sink = await startMailSink()
    f = await startFamily({ env: { SIGNUP: 'invite', SMTP_URL: sink.url, PUBLIC_URL: 'http://cumulus.test' } })
  })
  afterAll(async () => {
    await f.server.close()
    await sink.close()
  })

  it('given an address, then the invite link is mailed to it through SMTP, and that link signs up', async () => {
    const since = sink.mails.length
    const r = await f.admin.post('/admin/invites', { email: 'gran@example.com' })
    expect(r.status).toBe(201)
    expect(r.body.emailSent).toBe(true)
    expect(r.body.invite.email).toBe('gran@example.com')
    const mail = await sink.waitFor('gran@example.com', since)
    expect(mail.decoded).toContain("Subject: You're invited to Cumulus")
    expect(mail.decoded).toContain(f.adminEmail)
    const token = sink.link(mail, 'invite')
    expect(`http://cumulus.test/invite/${token}`).toBe(r.body.url)
    expect((await f.admin.get('/admin/invites')).body.mailEnabled).toBe(true)
    expect((await signup(f, 'gran@example.com', token)).status).toBe(201)
  })

  it('given the mail server refuses, then 503 MAIL_FAILED and no invite is left behind', async () => {
    const before = (await f.admin.get('/admin/invites')).body.invites.length
    sink.failing = true
    try {
      const r = await f.admin.post('/admin/invites', { email: 'lost@example.com' })
      expect(r.status).toBe(503)
      expect(r.body.code).toBe('MAIL_FAILED')
    } finally {
      sink.failing = false
    }
    expect((await f.admin.get('/admin/invites')).body.invites.length).toBe(before)
  })

  it('given the admin resets a password by mail, then the user gets a reset link (no password in the mail), the old password and sessions end, and the link sets a new one', async () => {
    const b = new Browser(f.server.url)
    const email = uniqueEmail('forgetful')
    const { body } = await b.post('/user-service/create', {
      email,
      password: 'secret123',
      invite: tokenOf((await f.admin.post('/admin/invites')).body.url),
    })
    const since = sink.mails.length
    const r = await f.admin.post(`/admin/users/${body.user._id}/reset-password`, { mail: true })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ mailedTo: email })
    const mail = await sink.waitFor(email, since)
    const token = sink.link(mail, 'reset-password')
    expect((await b.get('/user-service/user')).status).toBe(401)
    expect((await new Browser(f.server.url).login(email, 'secret123')).status).toBe(401)
    expect(
      (
        await new Browser(f.server.url).patch('/user-service/reset-password', {
          passwordToken: token,
          password: 'brand-new-1',
        })
      ).status,
    ).toBe(200)
    expect((await new Browser(f.server.url).login(email, 'brand-new-1')).status).toBe(200)
  })
})

describe('resets by mail without SMTP_URL', () => {
  it('given no mail, then a mailed reset is 409 MAIL_DISABLED and the password still works; the plain reset still answers a temporary one', async () => {
    const f = await startFamily()
    try {
      const m = await member(f.server)
      const r = await f.admin.post(`/admin/users/${m.id}/reset-password`, { mail: true })
      expect(r.status).toBe(409)
      expect(r.body.code).toBe('MAIL_DISABLED')
      expect((await new Browser(f.server.url).login(m.email, m.password)).status).toBe(200)
      const plain = await f.admin.post(`/admin/users/${m.id}/reset-password`)
      expect(plain.status).toBe(200)
      expect(plain.body.temporaryPassword).toEqual(expect.any(String))
    } finally {
      await f.server.close()
    }
  })
})

describe('migration 023 (invite list)', () => {
  it('given invites made before it, then each gets an id, shows in the list and still signs up; down and up again work', async () => {
    const f = await startFamily()
    try {
      const migrator = testMigrator(f.server)
      // Read before going down: the server's user JSON needs columns of later migrations (026's display_name).
      const adminId = (await f.admin.get('/user-service/user')).body._id
      expect((await migrator.to('022-blob-key-pool')).error).toBeUndefined()
      const old = 'o'.repeat(43)
      const db = f.server.app.cumulus.db as Kysely<any>
      await db
        .insertInto('invites')
        .values({
          token_hash: sha256(old),
          created_by: adminId,
          created_at: Date.now(),
          expires_at: Date.now() + 86_400_000,
          used_at: null,
        })
        .execute()
      expect((await migrator.latest()).error).toBeUndefined()
      const [listed] = (await f.admin.get('/admin/invites')).body.invites
      expect(listed).toMatchObject({
        _id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        createdBy: { _id: adminId, email: f.adminEmail },
        email: null,
        usedAt: null,
      })
      expect((await signup(f, uniqueEmail('old'), old)).status).toBe(201)
    } finally {
      await f.server.close()
    }
  })
})

describe('SIGNUP=open and closed', () => {
  it('given SIGNUP=open, then a sign-up needs no invite, and an invite works too', async () => {
    const f = await startFamily()
    try {
      expect((await signup(f, uniqueEmail('open'))).status).toBe(201)
      const token = tokenOf((await f.admin.post('/admin/invites')).body.url)
      expect((await signup(f, uniqueEmail('open'), token)).status).toBe(201)
    } finally {
      await f.server.close()
    }
  })

  it('given SIGNUP=closed, then no sign-up, with or without an invite, and the admin is told invites cannot be used', async () => {
    const closed = await startServer({ env: { SIGNUP: 'closed' } })
    try {
      for (const invite of [undefined, 'anything']) {
        const r = await new Browser(closed.url).post('/user-service/create', {
          email: uniqueEmail('closed'),
          password: 'secret123',
          invite,
        })
        expect(r.body).toEqual({ statusCode: 403, code: 'SIGNUP_CLOSED', message: 'Sign-up is closed on this server' })
      }
      // Its admin comes from the console; the invite route then says why invites cannot help.
      const { db } = closed.app.cumulus
      await db
        .insertInto('users')
        .values({
          id: 'boss',
          email: 'boss@example.com',
          password_hash: 'x',
          email_verified: 0,
          created_at: 1,
          verify_sent_at: null,
          reset_sent_at: null,
          quota: null,
        })
        .execute()
      const out: string[] = []
      expect(
        await runAdminCommand(
          ['promote', 'boss@example.com'],
          closed.config,
          (l) => out.push(l),
          () => undefined,
        ),
      ).toBe(0)
      expect(
        await runAdminCommand(
          ['reset-password', 'boss@example.com'],
          closed.config,
          (l) => out.push(l),
          () => undefined,
        ),
      ).toBe(0)
      const boss = new Browser(closed.url)
      const temporary = out[1]!.split(': ')[1]!
      expect((await boss.login('boss@example.com', temporary)).status).toBe(200)
      // A temporary password's session may only choose a new one first.
      expect(
        (await boss.patch('/user-service/change-password', { oldPassword: temporary, newPassword: 'boss-own-pass' }))
          .status,
      ).toBe(200)
      const r = await boss.post('/admin/invites')
      expect(r.status).toBe(409)
      expect(r.body.code).toBe('SIGNUP_CLOSED')
    } finally {
      await closed.close()
    }
  })
})

describe('forgot password without mail', () => {
  let f: Family
  beforeAll(async () => {
    f = await startFamily()
  })
  afterAll(() => f.server.close())

  it('given mail is off, when asking for a reset, then 403 with the code MAIL_DISABLED (the app says: ask the admin)', async () => {
    const m = await member(f.server)
    const r = await new Browser(f.server.url).patch('/user-service/send-password-reset', { email: m.email })
    expect(r.status).toBe(403)
    expect(r.body).toEqual({ statusCode: 403, code: 'MAIL_DISABLED', message: 'Email Verification Not Enabled' })
  })

  it('given `admin reset-password <email>`, then it prints a temporary password that signs in and must be changed; sessions end', async () => {
    const m = await member(f.server)
    const out: string[] = []
    const err: string[] = []
    const code = await runAdminCommand(
      ['reset-password', m.email.toUpperCase()],
      f.server.config,
      (l) => out.push(l),
      (l) => err.push(l),
    )
    expect(code).toBe(0)
    expect(err).toEqual([])
    const password = /Temporary password for (\S+): (\S+)$/.exec(out[0]!)
    expect(password?.[1]).toBe(m.email)
    expect((await m.b.get('/user-service/user')).status).toBe(401)
    const login = await new Browser(f.server.url).login(m.email, password![2]!)
    expect(login.status).toBe(200)
    expect(login.body.mustChangePassword).toBe(true)
  })

  it('given `admin promote <email>`, then the account is an admin; an unknown email or command fails clearly', async () => {
    const m = await member(f.server)
    const out: string[] = []
    const err: string[] = []
    expect(
      await runAdminCommand(
        ['promote', m.email],
        f.server.config,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(0)
    expect(out).toEqual([`${m.email} is now an admin.`])
    expect((await m.b.get('/admin/users')).status).toBe(200)
    expect(
      await runAdminCommand(
        ['promote', 'nobody@example.com'],
        f.server.config,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(1)
    expect(err.at(-1)).toBe('No account with the email nobody@example.com')
    expect(
      await runAdminCommand(
        ['explode', 'x'],
        f.server.config,
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(2)
    expect(err.at(-1)).toMatch(/^Usage: npm run admin -- <command> <email \| dir>\n\nCommands:\n {2}reset-password/)
  })
})
