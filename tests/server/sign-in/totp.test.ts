// Two-step verification with an authenticator app (DESIGN.md §7): enrolment, the second step of
// a login, drift, replay, wrong codes, recovery codes, and what never passes as a second factor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { awayFromStepEdge, codeAt, enrolled, pastPassword, secondFactor } from './two-factor-helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const db = () => server.app.cumulus.db
const auditTypes = async (b: Browser) =>
  (await b.get('/user-service/audit')).body.events as Array<{ type: string; detail: string | null }>
/** Lets the next code be judged on the clock alone, not on the last step used. */
const forgetLastStep = (id: string) =>
  db().updateTable('users').set({ totp_last_step: null }).where('id', '=', id).execute()

describe('enrolment: POST /user-service/totp/setup, enable, disable', () => {
  it('given setup, then the secret and an otpauth URL naming it come back, and the row holds it only sealed', async () => {
    const b = new Browser(server.url)
    const email = uniqueEmail('setup')
    const { user } = await b.signup(email)
    const r = await b.post('/user-service/totp/setup')
    expect(r.status).toBe(200)
    expect(r.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(r.body.otpauthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(r.body.secret)
    expect(url.searchParams.get('issuer')).toBe('Cumulus')
    expect(decodeURIComponent(url.pathname)).toContain(email)
    const row = await db()
      .selectFrom('users')
      .select(['totp_secret', 'totp_enabled_at'])
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow()
    expect(row.totp_secret).toBeTruthy()
    expect(row.totp_secret).not.toContain(r.body.secret)
    expect(row.totp_enabled_at).toBeNull()
    // Not on until a code confirms it: the login is unchanged.
    expect((await b.get('/user-service/totp')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    expect((await new Browser(server.url).login(email)).body.user.email).toBe(email)
  })

  it('given a wrong code, then enable is 400 and nothing is on; given the right one, then 10 distinct recovery codes, stored only hashed', async () => {
    const b = new Browser(server.url)
    const { user } = await b.signup(uniqueEmail('enable'))
    const { secret } = (await b.post('/user-service/totp/setup')).body
    await awayFromStepEdge()
    const right = await codeAt(secret)
    const wrong = right === '000000' ? '000001' : '000000'
    const bad = await b.post('/user-service/totp/enable', { code: wrong, password: 'secret123' })
    expect(bad.status).toBe(400)
    expect((await b.get('/user-service/totp')).body.enabled).toBe(false)
    const r = await b.post('/user-service/totp/enable', { code: right, password: 'secret123' })
    expect(r.status).toBe(200)
    expect(r.body.recoveryCodes).toHaveLength(10)
    expect(new Set(r.body.recoveryCodes).size).toBe(10)
    for (const code of r.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/)
    const stored = await db().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user._id).execute()
    expect(stored).toHaveLength(10)
    for (const { code_hash } of stored)
      expect(
        r.body.recoveryCodes.some((c: string) => code_hash.includes(c) || code_hash.includes(c.replace('-', ''))),
      ).toBe(false)
    expect((await b.get('/user-service/totp')).body).toEqual({ enabled: true, recoveryCodesLeft: 10 })
    // Nothing after enrolment hands the secret out again.
    expect((await b.get('/user-service/totp')).text).not.toContain(secret)
    expect((await b.get('/user-service/user-detailed')).text).not.toContain(secret)
    const again = await b.post('/user-service/totp/setup')
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('TOTP_ENABLED')
  })

  it("given a second device signed in, when enabling, then that device's session ends and this one stays", async () => {
    const b = new Browser(server.url)
    const email = uniqueEmail('other-sessions')
    await b.signup(email)
    const phone = new Browser(server.url)
    expect((await phone.login(email)).status).toBe(200)
    const { secret } = (await b.post('/user-service/totp/setup')).body
    await awayFromStepEdge()
    expect(
      (await b.post('/user-service/totp/enable', { code: await codeAt(secret), password: 'secret123' })).status,
    ).toBe(200)
    expect((await phone.get('/user-service/user')).status).toBe(401)
    expect((await phone.post('/user-service/get-token')).status).toBe(401)
    expect((await b.get('/user-service/user')).status).toBe(200)
    expect((await auditTypes(b)).map((e) => e.type)).toContain('second-factor.enable')
  })

  it('given a wrong password, then disable is 401 and it stays on; given the right one, then the login is one step again', async () => {
    const e = await enrolled(server, 'disable')
    const wrong = await e.b.post('/user-service/totp/disable', { password: 'not-it' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('INCORRECT_PASSWORD')
    expect((await e.b.get('/user-service/totp')).body.enabled).toBe(true)
    expect((await e.b.post('/user-service/totp/disable', { password: e.password })).status).toBe(200)
    expect((await e.b.get('/user-service/totp')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    expect(await db().selectFrom('recovery_codes').select('code_hash').where('user_id', '=', e.id).execute()).toEqual(
      [],
    )
    const row = await db().selectFrom('users').select(['totp_secret']).where('id', '=', e.id).executeTakeFirstOrThrow()
    expect(row.totp_secret).toBeNull()
    const login = await new Browser(server.url).login(e.email)
    expect(login.status).toBe(200)
    expect(login.body).toEqual({ user: expect.objectContaining({ email: e.email }), mustChangePassword: false })
    expect((await auditTypes(e.b)).map((x) => x.type)).toContain('second-factor.disable')
  })

  it('given no session, then every enrolment route is 401', async () => {
    const anon = new Browser(server.url)
    for (const path of ['/user-service/totp/setup', '/user-service/totp/enable', '/user-service/totp/disable']) {
      expect(
        (
          await anon.post(
            path,
            path.endsWith('enable') ? { code: '123456' } : path.endsWith('disable') ? { password: 'x' } : undefined,
          )
        ).status,
      ).toBe(401)
    }
    expect((await anon.get('/user-service/totp')).status).toBe(401)
  })
})

describe('login with a second factor: POST /user-service/login, then /login/second-factor', () => {
  it('given the right password, then 200 names the methods and no session is made; a good code then signs in', async () => {
    const e = await enrolled(server, 'good-code')
    const b = new Browser(server.url)
    const first = await b.login(e.email, e.password)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ secondFactor: ['totp', 'recovery'] })
    expect(b.cookies.has('access-token')).toBe(false)
    expect(b.cookies.has('refresh-token')).toBe(false)
    expect(first.headers.getSetCookie().join('\n')).toMatch(/sign-in-challenge=.*HttpOnly/i)
    expect((await b.get('/user-service/user')).status).toBe(401)
    await awayFromStepEdge()
    const r = await secondFactor(b, { code: await codeAt(e.secret) })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ user: expect.objectContaining({ _id: e.id, email: e.email }), mustChangePassword: false })
    expect(b.cookies.has('sign-in-challenge')).toBe(false)
    expect((await b.get('/user-service/user')).status).toBe(200)
    expect((await b.post('/user-service/get-token')).status).toBe(200)
    expect(await auditTypes(b)).toContainEqual(
      expect.objectContaining({ type: 'sign-in', detail: 'authenticator code' }),
    )
  })

  it('given a code already used, then it does not sign in again, nor does an older one', async () => {
    const e = await enrolled(server, 'replay')
    await awayFromStepEdge()
    const code = await codeAt(e.secret)
    expect((await secondFactor(await pastPassword(server, e), { code })).status).toBe(200)
    const replay = await secondFactor(await pastPassword(server, e), { code })
    expect(replay.status).toBe(401)
    expect(replay.body.code).toBe('INCORRECT_CODE')
    // The previous step's code is within the drift window, but older than the one used.
    expect((await secondFactor(await pastPassword(server, e), { code: await codeAt(e.secret, -1) })).status).toBe(401)
  })

  it('given a phone clock one step off either way, then its code passes; two steps off, then it does not', async () => {
    const e = await enrolled(server, 'drift')
    for (const [steps, status] of [
      [-2, 401],
      [2, 401],
      [-1, 200],
      [1, 200],
    ] as const) {
      await forgetLastStep(e.id)
      await awayFromStepEdge()
      const r = await secondFactor(await pastPassword(server, e), { code: await codeAt(e.secret, steps) })
      expect({ steps, status: r.status }).toEqual({ steps, status })
    }
  })

  it('given five wrong codes, then the pending sign-in ends: the right code no longer completes it; more wrong codes wait', async () => {
    const e = await enrolled(server, 'wrong')
    const b = await pastPassword(server, e)
    await awayFromStepEdge()
    const right = await codeAt(e.secret)
    const wrong = right === '123456' ? '654321' : '123456'
    for (let left = 4; left >= 1; left--) {
      const r = await secondFactor(b, { code: wrong })
      expect(r.status).toBe(401)
      expect(r.body).toMatchObject({ code: 'INCORRECT_CODE', triesLeft: left })
    }
    const fifth = await secondFactor(b, { code: wrong })
    expect(fifth.status).toBe(401)
    expect(fifth.body.code).toBe('SECOND_FACTOR_ENDED')
    const late = await secondFactor(b, { code: right })
    expect(late.status).toBe(401)
    expect(late.body.code).toBe('SECOND_FACTOR_EXPIRED')
    expect((await b.get('/user-service/user')).status).toBe(401)
    // Signing in again with the password does not wipe the count: the next wrong code is
    // judged, the one after must wait.
    const again = await pastPassword(server, e)
    expect((await secondFactor(again, { code: wrong })).status).toBe(401)
    const throttled = await secondFactor(again, { code: right })
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const log = await auditTypes(e.b)
    expect(log.filter((x) => x.type === 'sign-in.second-factor.failed').length).toBeGreaterThanOrEqual(6)
  })

  it('given a recovery code, then it signs in once: reused it fails, and the count of codes left drops', async () => {
    const e = await enrolled(server, 'recovery')
    const [first, second] = e.recoveryCodes as [string, string]
    const r = await secondFactor(await pastPassword(server, e), { recoveryCode: first })
    expect(r.status).toBe(200)
    expect(await auditTypes(e.b)).toContainEqual(expect.objectContaining({ type: 'sign-in', detail: 'recovery code' }))
    const reuse = await secondFactor(await pastPassword(server, e), { recoveryCode: first })
    expect(reuse.status).toBe(401)
    expect(reuse.body.code).toBe('INCORRECT_CODE')
    // Typed as a person might: lower case, without the dash.
    expect(
      (await secondFactor(await pastPassword(server, e), { recoveryCode: second.replace('-', ' ').toLowerCase() }))
        .status,
    ).toBe(200)
    expect((await e.b.get('/user-service/totp')).body.recoveryCodesLeft).toBe(8)
  })

  it('given an app password, then it neither signs in to the web app nor passes as a second factor', async () => {
    const e = await enrolled(server, 'app-password')
    const { secret } = (
      await e.b.post('/user-service/app-passwords', { name: 'laptop', scope: 'write', password: e.password })
    ).body
    const asPassword = await new Browser(server.url).login(e.email, secret)
    expect(asPassword.status).toBe(401)
    const b = await pastPassword(server, e)
    expect((await secondFactor(b, { code: secret })).status).toBe(401)
    expect((await secondFactor(b, { recoveryCode: secret })).status).toBe(401)
    expect((await b.get('/user-service/user')).status).toBe(401)
  })

  it('given the challenge in another browser, or none, or past its minutes, then it is expired', async () => {
    const e = await enrolled(server, 'challenge')
    await awayFromStepEdge()
    const code = await codeAt(e.secret)
    const b = await pastPassword(server, e)
    const thief = new Browser(server.url)
    thief.cookies.set('sign-in-challenge', b.cookies.get('sign-in-challenge')!)
    expect((await secondFactor(thief, { code })).body.code).toBe('SECOND_FACTOR_EXPIRED')
    expect((await secondFactor(new Browser(server.url), { code })).body.code).toBe('SECOND_FACTOR_EXPIRED')
    await db()
      .updateTable('login_challenges')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', e.id)
      .execute()
    const stale = await secondFactor(b, { code })
    expect(stale.status).toBe(401)
    expect(stale.body.code).toBe('SECOND_FACTOR_EXPIRED')
    expect(b.cookies.has('access-token')).toBe(false)
  })

  it('given both a code and a recovery code, or neither, then 400', async () => {
    const e = await enrolled(server, 'shape')
    const b = await pastPassword(server, e)
    expect((await secondFactor(b, { code: '123456', recoveryCode: e.recoveryCodes[0]! })).status).toBe(400)
    expect((await secondFactor(b, {})).status).toBe(400)
  })

  it('given a disabled account, then the right code does not sign in', async () => {
    const e = await enrolled(server, 'disabled')
    const b = await pastPassword(server, e)
    await db().updateTable('users').set({ disabled: 1 }).where('id', '=', e.id).execute()
    await awayFromStepEdge()
    const r = await secondFactor(b, { code: await codeAt(e.secret) })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('ACCOUNT_DISABLED')
  })
})
