// Invites and sign-up modes (DESIGN.md §7): an invite link signs up one account within 7 days;
// SIGNUP=invite makes it the only way in; SIGNUP=closed refuses both. Also the two ways back in
// without mail: the reset request's MAIL_DISABLED code, and the console's `npm run admin`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../../server/cli/admin.ts'
import { sha256 } from '../../../server/util/crypto.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer } from '../helpers/server.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

const tokenOf = (url: string) => url.split('/invite/')[1]!
const signup = (f: Family, email: string, invite?: string) =>
  new Browser(f.server.url).post('/user-service/create', { email, password: 'secret123', ...(invite !== undefined ? { invite } : {}) })

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
    expect(r.body).toEqual({ statusCode: 403, code: 'INVITE_REQUIRED', message: 'Sign-up on this server needs an invite link from its admin' })
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
    expect(refused.body).toEqual({ statusCode: 403, code: 'INVITE_INVALID', message: "This invite link is invalid, used or expired. Ask the server's admin for a new one." })
    expect((await signup(f, uniqueEmail('inv'), token)).status).toBe(403)
  })

  it('given an invite and an email already taken, then 409 and the invite still works afterwards', async () => {
    const token = tokenOf((await f.admin.post('/admin/invites')).body.url)
    expect((await signup(f, f.adminEmail, token)).status).toBe(409)
    expect((await signup(f, uniqueEmail('inv'), token)).status).toBe(201)
  })

  it('given an invite past its 7 days, then it is refused', async () => {
    const token = tokenOf((await f.admin.post('/admin/invites')).body.url)
    await f.server.app.cumulus.db.updateTable('invites').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', sha256(token)).execute()
    const r = await signup(f, uniqueEmail('late'), token)
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('INVITE_INVALID')
  })

  it('given a made-up token, then 403 INVITE_INVALID', async () => {
    expect((await signup(f, uniqueEmail('x'), 'not-a-token')).body.code).toBe('INVITE_INVALID')
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
        const r = await new Browser(closed.url).post('/user-service/create', { email: uniqueEmail('closed'), password: 'secret123', invite })
        expect(r.body).toEqual({ statusCode: 403, code: 'SIGNUP_CLOSED', message: 'Sign-up is closed on this server' })
      }
      // Its admin comes from the console; the invite route then says why invites cannot help.
      const { db } = closed.app.cumulus
      await db.insertInto('users').values({ id: 'boss', email: 'boss@example.com', password_hash: 'x', email_verified: 0, created_at: 1, verify_sent_at: null, reset_sent_at: null, quota: null }).execute()
      const out: string[] = []
      expect(await runAdminCommand(['promote', 'boss@example.com'], closed.config, (l) => out.push(l), () => undefined)).toBe(0)
      expect(await runAdminCommand(['reset-password', 'boss@example.com'], closed.config, (l) => out.push(l), () => undefined)).toBe(0)
      const boss = new Browser(closed.url)
      const temporary = out[1]!.split(': ')[1]!
      expect((await boss.login('boss@example.com', temporary)).status).toBe(200)
      // A temporary password's session may only choose a new one first.
      expect((await boss.patch('/user-service/change-password', { oldPassword: temporary, newPassword: 'boss-own-pass' })).status).toBe(200)
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
    const code = await runAdminCommand(['reset-password', m.email.toUpperCase()], f.server.config, (l) => out.push(l), (l) => err.push(l))
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
    expect(await runAdminCommand(['promote', m.email], f.server.config, (l) => out.push(l), (l) => err.push(l))).toBe(0)
    expect(out).toEqual([`${m.email} is now an admin.`])
    expect((await m.b.get('/admin/users')).status).toBe(200)
    expect(await runAdminCommand(['promote', 'nobody@example.com'], f.server.config, (l) => out.push(l), (l) => err.push(l))).toBe(1)
    expect(err.at(-1)).toBe('No account with the email nobody@example.com')
    expect(await runAdminCommand(['explode', 'x'], f.server.config, (l) => out.push(l), (l) => err.push(l))).toBe(2)
    expect(err.at(-1)).toMatch(/^Usage: npm run admin -- <command> <email>/)
  })
})
