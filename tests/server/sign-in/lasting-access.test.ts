// What a stolen session (or a known old password) could leave behind: making an app password and
// turning two-step verification on ask for the password again; a password change, a reset by
// mail, an admin's reset and "log out everywhere" end every app password made before; a reset by
// mail drops a second factor enrolled in the last days, not an older one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECENT_FACTOR_MS } from '../../../server/services/sign-in/second-factor.ts'
import { basic, dav } from '../dav/dav-helpers.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { startMailSink, type MailSink } from '../helpers/smtp.ts'
import { awayFromStepEdge, codeAt, enrolled } from './two-factor-helpers.ts'

const PASSWORD = 'secret123'
let server: TestServer
let sink: MailSink
let admin: Browser

beforeAll(async () => {
  sink = await startMailSink()
  server = await startServer({
    env: { EMAIL_VERIFICATION: 'true', SMTP_URL: sink.url, PUBLIC_URL: 'http://cumulus.test' },
  })
  // The server's first account is its admin.
  admin = new Browser(server.url)
  await admin.signup(uniqueEmail('admin'), 'admin-pass')
})
afterAll(async () => {
  await server.close()
  await sink.close()
})

const db = () => server.app.cumulus.db

async function account(tag: string) {
  const b = new Browser(server.url)
  const email = uniqueEmail(tag)
  const { user } = await b.signup(email, PASSWORD)
  return { b, email, id: user._id as string }
}

const makeAppPassword = (b: Browser, password: string | undefined) =>
  b.post('/user-service/app-passwords', {
    name: 'phone',
    scope: 'write',
    ...(password === undefined ? {} : { password }),
  })

/** A made app password's secret (the create must work). */
async function appPassword(b: Browser, password: string): Promise<string> {
  const r = await makeAppPassword(b, password)
  expect(r.status).toBe(201)
  return r.body.secret as string
}

/** The status WebDAV answers a PROPFIND of the root with this app password. */
const davStatus = async (email: string, secret: string) =>
  (await dav(server, basic(email, secret), 'PROPFIND', '/dav/', { headers: { depth: '0' } })).status

/** Resets the password by the mailed link; a fresh browser then signs in with it. */
async function resetByMail(email: string, password: string): Promise<Browser> {
  const seen = sink.mails.length
  expect((await new Browser(server.url).patch('/user-service/send-password-reset', { email })).status).toBe(200)
  const token = sink.link(await sink.waitFor(email, seen), 'reset-password')
  expect(
    (await new Browser(server.url).patch('/user-service/reset-password', { passwordToken: token, password })).status,
  ).toBe(200)
  return new Browser(server.url)
}

describe('re-authentication', () => {
  it('given no password or a wrong one, then creating an app password is 401 INCORRECT_PASSWORD and none is made; given the right one, then 201', async () => {
    const { b } = await account('reauth-app')
    for (const password of [undefined, 'not-the-password']) {
      const r = await makeAppPassword(b, password)
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('INCORRECT_PASSWORD')
    }
    expect((await b.get('/user-service/app-passwords')).body.appPasswords).toEqual([])
    expect((await makeAppPassword(b, PASSWORD)).status).toBe(201)
  })

  it('given no password or a wrong one, then turning two-step verification on is 401 INCORRECT_PASSWORD and it stays off; given the right one, then it is on', async () => {
    const { b } = await account('reauth-totp')
    const { secret } = (await b.post('/user-service/totp/setup')).body
    await awayFromStepEdge()
    for (const password of [undefined, 'not-the-password']) {
      const r = await b.post('/user-service/totp/enable', {
        code: await codeAt(secret),
        ...(password === undefined ? {} : { password }),
      })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('INCORRECT_PASSWORD')
    }
    expect((await b.get('/user-service/totp')).body.enabled).toBe(false)
    expect((await b.post('/user-service/totp/enable', { code: await codeAt(secret), password: PASSWORD })).status).toBe(
      200,
    )
    expect((await b.get('/user-service/totp')).body.enabled).toBe(true)
  })

  it('given an account without a password (made by single sign-on), then both answer 409 NO_PASSWORD, as adding a passkey does', async () => {
    const { b, id } = await account('reauth-sso')
    await db().updateTable('users').set({ password_hash: '' }).where('id', '=', id).execute()
    const made = await makeAppPassword(b, '')
    expect(made.status).toBe(409)
    expect(made.body.code).toBe('NO_PASSWORD')
    const { secret } = (await b.post('/user-service/totp/setup')).body
    const enable = await b.post('/user-service/totp/enable', { code: await codeAt(secret), password: '' })
    expect(enable.status).toBe(409)
    expect(enable.body.code).toBe('NO_PASSWORD')
  })
})

describe('app passwords end with the password', () => {
  it('given a password change, then older app passwords no longer open WebDAV (401); one made after works', async () => {
    const { b, email } = await account('end-change')
    const old = await appPassword(b, PASSWORD)
    expect(await davStatus(email, old)).toBe(207)
    expect(
      (await b.patch('/user-service/change-password', { oldPassword: PASSWORD, newPassword: 'changed-pass' })).status,
    ).toBe(200)
    expect(await davStatus(email, old)).toBe(401)
    expect(await davStatus(email, await appPassword(b, 'changed-pass'))).toBe(207)
    expect((await b.get('/user-service/app-passwords')).body.appPasswords).toHaveLength(1)
  })

  it('given a reset by mail, then older app passwords no longer open WebDAV; one made after works', async () => {
    const { b, email } = await account('end-reset')
    const old = await appPassword(b, PASSWORD)
    const after = await resetByMail(email, 'reset-pass')
    expect(await davStatus(email, old)).toBe(401)
    expect((await after.login(email, 'reset-pass')).status).toBe(200)
    expect(await davStatus(email, await appPassword(after, 'reset-pass'))).toBe(207)
  })

  it("given an admin's reset, then older app passwords no longer open WebDAV; one made after the new password is chosen works", async () => {
    const { b, email, id } = await account('end-admin')
    const old = await appPassword(b, PASSWORD)
    const { temporaryPassword } = (await admin.post(`/admin/users/${id}/reset-password`)).body
    expect(await davStatus(email, old)).toBe(401)
    const after = new Browser(server.url)
    await after.login(email, temporaryPassword)
    expect(
      (await after.patch('/user-service/change-password', { oldPassword: temporaryPassword, newPassword: 'own-pass' }))
        .status,
    ).toBe(200)
    expect(await davStatus(email, await appPassword(after, 'own-pass'))).toBe(207)
  })

  it('given log out everywhere, then older app passwords no longer open WebDAV; one made after signing in again works', async () => {
    const { b, email } = await account('end-all')
    const old = await appPassword(b, PASSWORD)
    expect((await b.post('/user-service/logout-all')).status).toBe(200)
    expect(await davStatus(email, old)).toBe(401)
    await b.login(email, PASSWORD)
    expect(await davStatus(email, await appPassword(b, PASSWORD))).toBe(207)
    const events = (await b.get('/user-service/audit')).body.events as Array<{ type: string; detail: string | null }>
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'app-password.revoke', detail: '1 app password, with log out everywhere' }),
    )
  })
})

describe('a reset by mail and the second factor', () => {
  const loginReply = async (email: string, password: string) =>
    (await new Browser(server.url).login(email, password)).body

  it('given two-step verification turned on in the last days (a thief could have), then the reset turns it off: the new password alone signs in', async () => {
    const e = await enrolled(server, 'reset-recent')
    await resetByMail(e.email, 'reset-pass')
    expect(await loginReply(e.email, 'reset-pass')).toMatchObject({ user: { email: e.email } })
    expect(await db().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', e.id).execute()).toEqual(
      [],
    )
  })

  it('given two-step verification on for longer, then the reset leaves it on, and a recovery code still completes the sign-in', async () => {
    const e = await enrolled(server, 'reset-older')
    await db()
      .updateTable('users')
      .set({ totp_enabled_at: Date.now() - RECENT_FACTOR_MS - 60_000 })
      .where('id', '=', e.id)
      .execute()
    await resetByMail(e.email, 'reset-pass')
    const b = new Browser(server.url)
    expect((await b.login(e.email, 'reset-pass')).body).toEqual({ secondFactor: ['totp', 'recovery'] })
    expect((await b.post('/user-service/login/second-factor', { recoveryCode: e.recoveryCodes[0] })).status).toBe(200)
  })

  it('given passkeys, then the reset removes those added in the last days and keeps older ones', async () => {
    const { email, id } = await account('reset-passkeys')
    const passkey = (name: string, createdAt: number) => ({
      id: `${id}-${name}`,
      user_id: id,
      credential_id: `${id}-${name}-credential`,
      public_key: 'AAAA',
      counter: 0,
      transports: null,
      name,
      created_at: createdAt,
      last_used_at: null,
    })
    await db()
      .insertInto('passkeys')
      .values([passkey('planted', Date.now() - 60_000), passkey('own', Date.now() - RECENT_FACTOR_MS - 60_000)])
      .execute()
    await resetByMail(email, 'reset-pass')
    expect(
      (await db().selectFrom('passkeys').select('name').where('user_id', '=', id).execute()).map((p) => p.name),
    ).toEqual(['own'])
  })
})
