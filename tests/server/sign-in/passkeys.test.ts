// Passkeys (DESIGN.md §7): registration and sign-in with a software authenticator that makes real
// attestation and assertion objects; passwordless and as the second factor; single-use ceremonies
// tied to the browser; a counter that goes back; removal; and what never passes.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../../server/cli/admin.ts'
import { loadConfig, ConfigError } from '../../../server/config.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { SoftwareAuthenticator } from './software-authenticator.ts'
import { awayFromStepEdge, codeAt, secondFactor } from './two-factor-helpers.ts'

const PASSWORD = 'secret123'
let server: TestServer
beforeAll(async () => {
  // The per-address limit of the sign-in routes has its own test below; here many ceremonies run.
  server = await startServer({ env: { PUBLIC_URL: 'http://cumulus.localhost:8080' }, limits: { loginPerIp: 10_000 } })
})
afterAll(() => server.close())

const db = () => server.app.cumulus.db
const origin = () => server.config.webauthn!.origin
const events = async (b: Browser) =>
  (await b.get('/user-service/audit')).body.events as Array<{ type: string; detail: string | null }>

const registerOptions = (b: Browser, password = PASSWORD) =>
  b.post('/user-service/webauthn/register/options', { password })
const registerVerify = (b: Browser, response: unknown, name?: string) =>
  b.post('/user-service/webauthn/register/verify', { response, ...(name ? { name } : {}) })
const loginOptions = (b: Browser, body: object = {}) => b.post('/user-service/webauthn/login/options', body)
const loginVerify = (b: Browser, response: unknown) => b.post('/user-service/webauthn/login/verify', { response })

interface Holder {
  b: Browser
  email: string
  id: string
  key: SoftwareAuthenticator
}

/** Signs up and adds one passkey, as Settings does. */
async function withPasskey(tag: string, name = 'Laptop'): Promise<Holder> {
  const b = new Browser(server.url)
  const email = uniqueEmail(tag)
  const { user } = await b.signup(email, PASSWORD)
  const key = new SoftwareAuthenticator(origin())
  const options = await registerOptions(b)
  if (options.status !== 200) throw new Error(`options failed: ${options.status} ${options.text}`)
  const verify = await registerVerify(b, key.create(options.body.options), name)
  if (verify.status !== 201) throw new Error(`verify failed: ${verify.status} ${verify.text}`)
  return { b, email, id: user._id, key }
}

/** A passwordless sign-in in a fresh browser (or `b`). */
async function passwordless(
  key: SoftwareAuthenticator,
  b = new Browser(server.url),
  over: Parameters<SoftwareAuthenticator['get']>[1] = {},
) {
  const options = await loginOptions(b)
  expect(options.status).toBe(200)
  return { b, reply: await loginVerify(b, key.get(options.body.options, over)) }
}

/** A fresh browser past the password, with passkey options for its second step. */
async function pendingWithOptions(h: Pick<Holder, 'email'>) {
  const b = new Browser(server.url)
  const login = await b.login(h.email, PASSWORD)
  expect(login.status).toBe(200)
  const options = await loginOptions(b, { secondFactor: true })
  expect(options.status).toBe(200)
  return { b, login: login.body, options: options.body.options }
}

describe('registration: /user-service/webauthn/register/options and /verify', () => {
  it('given the password, then options name the RP and the account; the answer keeps a passkey that lists without its key', async () => {
    const b = new Browser(server.url)
    const email = uniqueEmail('register')
    const { user } = await b.signup(email, PASSWORD)
    const r = await registerOptions(b)
    expect(r.status).toBe(200)
    const { options } = r.body
    expect(options.rp).toEqual({ name: 'Cumulus', id: 'cumulus.localhost' })
    expect(options.user.name).toBe(email)
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user._id)
    expect(options.authenticatorSelection.residentKey).toBe('required')
    expect(options.excludeCredentials).toEqual([])
    expect(b.cookies.get('passkey-challenge')).toBeTruthy()
    const key = new SoftwareAuthenticator(origin())
    const v = await registerVerify(b, key.create(options), '  Work   laptop ')
    expect(v.status).toBe(201)
    expect(v.body).toEqual({
      _id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    })
    const list = await b.get('/user-service/webauthn/passkeys')
    expect(list.body).toEqual({ passkeys: [v.body], available: true })
    expect(list.text).not.toContain('public')
    const row = await db().selectFrom('passkeys').selectAll().where('user_id', '=', user._id).executeTakeFirstOrThrow()
    expect(row.credential_id).toBe(Buffer.from(key.credentials[0]!.id).toString('base64url'))
    expect((await events(b)).find((e) => e.type === 'passkey.add')?.detail).toBe('Work laptop')
    // A second one: the first is excluded, so an authenticator does not register twice.
    const again = await registerOptions(b)
    expect(again.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([row.credential_id])
    expect((await registerVerify(b, new SoftwareAuthenticator(origin()).create(again.body.options))).status).toBe(201)
    expect((await b.get('/user-service/webauthn/passkeys')).body.passkeys.map((p: { name: string }) => p.name)).toEqual(
      ['Work laptop', 'Passkey'],
    )
  })

  it('given a wrong password or no session, then no options; the same credential twice is refused', async () => {
    const h = await withPasskey('register-refusals')
    const wrong = await registerOptions(h.b, 'not-the-password')
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('INCORRECT_PASSWORD')
    expect((await registerOptions(new Browser(server.url))).status).toBe(401)
    expect((await new Browser(server.url).get('/user-service/webauthn/passkeys')).status).toBe(401)
    // An authenticator that ignores excludeCredentials and answers with a credential already kept.
    const options = (await registerOptions(h.b)).body.options
    const dup = await registerVerify(h.b, h.key.create(options, { again: h.key.credentials[0] }), 'dup')
    expect(dup.status).toBe(409)
    expect(dup.body.code).toBe('PASSKEY_EXISTS')
    expect((await h.b.get('/user-service/webauthn/passkeys')).body.passkeys).toHaveLength(1)
  })

  it('given a ceremony answered twice, from another browser, late, or signed for another origin, then nothing is kept', async () => {
    const h = await withPasskey('register-ceremony')
    const key = new SoftwareAuthenticator(origin())
    const count = async () => (await h.b.get('/user-service/webauthn/passkeys')).body.passkeys.length

    // Another origin (a phishing page): the answer names it, and it is not ours.
    let options = (await registerOptions(h.b)).body.options
    const phished = await registerVerify(h.b, key.create(options, { origin: 'https://cumulus.evil.test' }))
    expect(phished.status).toBe(400)
    // That ceremony is spent: the right answer to its challenge now fails too.
    const spent = await registerVerify(h.b, key.create(options))
    expect(spent.status).toBe(400)
    expect(spent.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')

    // The cookie carried to a browser with another id (same account, another tab's uuid).
    options = (await registerOptions(h.b)).body.options
    const other = new Browser(server.url)
    for (const [k, v] of h.b.cookies) other.cookies.set(k, v)
    expect((await registerVerify(other, key.create(options))).body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')

    // Past its minutes.
    options = (await registerOptions(h.b)).body.options
    await db()
      .updateTable('webauthn_challenges')
      .set({ expires_at: Date.now() - 1 })
      .execute()
    expect((await registerVerify(h.b, key.create(options))).body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect(await count()).toBe(1)
  })

  it('given garbage in the answer, then 400, never 500', async () => {
    const h = await withPasskey('register-garbage')
    const options = (await registerOptions(h.b)).body.options
    const good = new SoftwareAuthenticator(origin()).create(options)
    const bad = await registerVerify(h.b, { ...good, response: { ...good.response, attestationObject: 'AAAA' } })
    expect(bad.status).toBe(400)
    expect((await registerVerify(h.b, { id: 'x' })).status).toBe(400)
    expect(
      (await registerVerify(h.b, { ...good, response: { ...good.response, clientDataJSON: 'not base64!' } })).status,
    ).toBe(400)
  })

  it('given the first passkey, then other sessions end (the password alone no longer signs in), and this one stays', async () => {
    const b = new Browser(server.url)
    const email = uniqueEmail('other-sessions')
    await b.signup(email, PASSWORD)
    const phone = new Browser(server.url)
    expect((await phone.login(email, PASSWORD)).status).toBe(200)
    const options = (await registerOptions(b)).body.options
    expect((await registerVerify(b, new SoftwareAuthenticator(origin()).create(options))).status).toBe(201)
    expect((await phone.get('/user-service/user')).status).toBe(401)
    expect((await phone.post('/user-service/get-token')).status).toBe(401)
    expect((await b.get('/user-service/user')).status).toBe(200)
  })
})

describe('passwordless sign-in: /user-service/webauthn/login/options and /verify', () => {
  it('given the passkey alone, then it signs in to its account with a session, and the sign-in is audited', async () => {
    const h = await withPasskey('passwordless')
    const { b, reply } = await passwordless(h.key)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      user: expect.objectContaining({ _id: h.id, email: h.email }),
      mustChangePassword: false,
    })
    expect(b.cookies.get('passkey-challenge')).toBeUndefined()
    expect((await b.get('/user-service/user')).body.email).toBe(h.email)
    const options = (await loginOptions(new Browser(server.url))).body.options
    // Discoverable: no account is named before the answer, and the person must be verified.
    expect(options.allowCredentials ?? []).toEqual([])
    expect(options.userVerification).toBe('required')
    expect(options.rpId).toBe('cumulus.localhost')
    expect((await events(b)).some((e) => e.type === 'sign-in' && e.detail === 'passkey')).toBe(true)
    expect((await b.get('/user-service/webauthn/passkeys')).body.passkeys[0].lastUsedAt).not.toBeNull()
  })

  it('given a counter that goes back (a cloned authenticator), then it is refused and no session is made', async () => {
    const h = await withPasskey('rollback')
    expect((await passwordless(h.key, undefined, { counter: 5 })).reply.status).toBe(200)
    const same = await passwordless(h.key, undefined, { counter: 5 })
    expect(same.reply.status).toBe(401)
    expect(same.reply.body.code).toBe('PASSKEY_REFUSED')
    const back = await passwordless(h.key, undefined, { counter: 3 })
    expect(back.reply.status).toBe(401)
    expect((await back.b.get('/user-service/user')).status).toBe(401)
    const row = await db()
      .selectFrom('passkeys')
      .select('counter')
      .where('user_id', '=', h.id)
      .executeTakeFirstOrThrow()
    expect(Number(row.counter)).toBe(5)
    expect((await passwordless(h.key, undefined, { counter: 6 })).reply.status).toBe(200)
  })

  it('given a ceremony answered twice, from another browser, or late, then it does not sign in', async () => {
    const h = await withPasskey('login-ceremony')
    const b = new Browser(server.url)
    const options = (await loginOptions(b)).body.options
    const answer = h.key.get(options)
    const thief = new Browser(server.url)
    thief.cookies.set('passkey-challenge', b.cookies.get('passkey-challenge')!)
    const stolen = await loginVerify(thief, answer)
    expect(stolen.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')
    // The attempt spent it for its owner too: a ceremony is taken once.
    expect((await loginVerify(b, answer)).body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect((await loginVerify(new Browser(server.url), answer)).body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')

    const late = new Browser(server.url)
    const lateOptions = (await loginOptions(late)).body.options
    await db()
      .updateTable('webauthn_challenges')
      .set({ expires_at: Date.now() - 1 })
      .execute()
    expect((await loginVerify(late, h.key.get(lateOptions))).status).toBe(400)
    expect((await late.get('/user-service/user')).status).toBe(401)
  })

  it('given no user verification, a wrong origin, an unknown credential or a user handle of another account, then it is refused', async () => {
    const h = await withPasskey('login-refusals')
    const other = await withPasskey('login-refusals-other')
    for (const over of [
      { userVerified: false },
      { origin: 'https://cumulus.evil.test' },
      { userHandle: Buffer.from(other.id).toString('base64url') },
    ]) {
      const { b, reply } = await passwordless(h.key, undefined, over)
      expect(reply.status, JSON.stringify(over)).toBe(401)
      expect(reply.body.code).toBe('PASSKEY_REFUSED')
      expect((await b.get('/user-service/user')).status).toBe(401)
    }
    const stranger = new SoftwareAuthenticator(origin())
    const b = new Browser(server.url)
    const options = (await loginOptions(b)).body.options
    // A credential this server never saw, made for the same RP.
    stranger.create({ ...(await registerOptions(other.b)).body.options })
    expect((await loginVerify(b, stranger.get(options))).body.code).toBe('PASSKEY_REFUSED')
    expect((await events(h.b)).some((e) => e.type === 'sign-in.failed' && e.detail === 'passkey')).toBe(true)
  })

  it('given a disabled account, then its passkey does not sign in', async () => {
    const h = await withPasskey('disabled')
    await db().updateTable('users').set({ disabled: 1 }).where('id', '=', h.id).execute()
    const { reply } = await passwordless(h.key)
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('ACCOUNT_DISABLED')
  })
})

describe('a passkey as the second factor: login, then /login/second-factor {webauthn}', () => {
  it('given a passkey, then the password earns only a challenge naming "webauthn"; the passkey completes it', async () => {
    const h = await withPasskey('second-factor')
    const { b, login, options } = await pendingWithOptions(h)
    expect(login).toEqual({ secondFactor: ['webauthn'] })
    expect((await b.get('/user-service/user')).status).toBe(401)
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      h.key.credentials[0]!.id.toString('base64url'),
    ])
    const r = await secondFactor(b, { webauthn: h.key.get(options) } as never)
    expect(r.status).toBe(200)
    expect(r.body.user.email).toBe(h.email)
    expect(b.cookies.get('sign-in-challenge')).toBeUndefined()
    expect((await b.get('/user-service/user')).status).toBe(200)
    expect((await events(b)).some((e) => e.type === 'sign-in' && e.detail === 'passkey')).toBe(true)
  })

  it('given an authenticator app too, then the methods are totp, webauthn and recovery in that order', async () => {
    const h = await withPasskey('both')
    const { secret } = (await h.b.post('/user-service/totp/setup')).body
    await awayFromStepEdge()
    expect(
      (await h.b.post('/user-service/totp/enable', { code: await codeAt(secret, -1), password: PASSWORD })).status,
    ).toBe(200)
    expect((await new Browser(server.url).login(h.email, PASSWORD)).body).toEqual({
      secondFactor: ['totp', 'webauthn', 'recovery'],
    })
    // Either completes it.
    const { b, options } = await pendingWithOptions(h)
    expect((await secondFactor(b, { webauthn: h.key.get(options) } as never)).status).toBe(200)
  })

  it("given no pending sign-in, then no second-factor options; given another account's passkey, then it counts as a wrong answer, five end it", async () => {
    const h = await withPasskey('second-factor-wrong')
    const other = await withPasskey('second-factor-wrong-other')
    const none = await loginOptions(new Browser(server.url), { secondFactor: true })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('SECOND_FACTOR_EXPIRED')

    const b = new Browser(server.url)
    await b.login(h.email, PASSWORD)
    for (let i = 1; i <= 5; i++) {
      const options = (await loginOptions(b, { secondFactor: true })).body.options
      // The other account's authenticator answers (it ignores allowCredentials).
      const r = await secondFactor(b, { webauthn: other.key.get({ ...options, allowCredentials: [] }) } as never)
      expect(r.status).toBe(401)
      expect(r.body.code).toBe(i < 5 ? 'PASSKEY_REFUSED' : 'SECOND_FACTOR_ENDED')
      if (i < 5) expect(r.body.triesLeft).toBe(5 - i)
    }
    expect((await loginOptions(b, { secondFactor: true })).body.code).toBe('SECOND_FACTOR_EXPIRED')
    expect((await events(h.b)).some((e) => e.type === 'sign-in.second-factor.failed' && e.detail === 'passkey')).toBe(
      true,
    )
  })

  it('given a passwordless ceremony answered as the second factor, or the reverse, then neither passes', async () => {
    const h = await withPasskey('purpose')
    const b = new Browser(server.url)
    await b.login(h.email, PASSWORD)
    const passwordlessOptions = (await loginOptions(b)).body.options
    expect((await secondFactor(b, { webauthn: h.key.get(passwordlessOptions) } as never)).body.code).toBe(
      'PASSKEY_REFUSED',
    )
    const secondOptions = (await loginOptions(b, { secondFactor: true })).body.options
    expect((await loginVerify(b, h.key.get(secondOptions))).body.code).toBe('PASSKEY_CHALLENGE_EXPIRED')
    expect((await b.get('/user-service/user')).status).toBe(401)
  })

  it('given a code and a passkey at once, then 400; given an app password, then it never signs in', async () => {
    const h = await withPasskey('mixed')
    const { b, options } = await pendingWithOptions(h)
    const both = await secondFactor(b, { code: '123456', webauthn: h.key.get(options) } as never)
    expect(both.status).toBe(400)
    const { secret } = (
      await h.b.post('/user-service/app-passwords', { name: 'dav', scope: 'write', password: PASSWORD })
    ).body
    expect((await new Browser(server.url).login(h.email, secret)).status).toBe(401)
    const pending = await pendingWithOptions(h)
    expect((await secondFactor(pending.b, { code: secret })).status).toBe(401)
    expect((await secondFactor(pending.b, { recoveryCode: secret })).status).toBe(401)
    expect((await pending.b.get('/user-service/user')).status).toBe(401)
  })
})

describe('managing passkeys: rename and remove', () => {
  it("given a new name, then it is kept; another account's passkey is 404 to rename and to remove", async () => {
    const h = await withPasskey('manage')
    const stranger = await withPasskey('manage-stranger')
    const [mine] = (await h.b.get('/user-service/webauthn/passkeys')).body.passkeys
    expect((await h.b.patch(`/user-service/webauthn/passkeys/${mine._id}`, { name: 'Phone' })).status).toBe(200)
    expect((await h.b.get('/user-service/webauthn/passkeys')).body.passkeys[0].name).toBe('Phone')
    expect((await stranger.b.patch(`/user-service/webauthn/passkeys/${mine._id}`, { name: 'Mine now' })).status).toBe(
      404,
    )
    expect(
      (await stranger.b.delete(`/user-service/webauthn/passkeys/${mine._id}`, { password: PASSWORD })).status,
    ).toBe(404)
    expect((await h.b.patch(`/user-service/webauthn/passkeys/${mine._id}`, { name: 'x'.repeat(65) })).status).toBe(400)
    expect((await h.b.get('/user-service/webauthn/passkeys')).body.passkeys[0].name).toBe('Phone')
  })

  it('given the password, then removing it ends its use: no sign-in with it, and the password alone signs in again', async () => {
    const h = await withPasskey('remove')
    const [mine] = (await h.b.get('/user-service/webauthn/passkeys')).body.passkeys
    const wrong = await h.b.delete(`/user-service/webauthn/passkeys/${mine._id}`, { password: 'nope-nope' })
    expect(wrong.status).toBe(401)
    expect((await h.b.delete(`/user-service/webauthn/passkeys/${mine._id}`, { password: PASSWORD })).status).toBe(200)
    expect((await h.b.get('/user-service/webauthn/passkeys')).body.passkeys).toEqual([])
    expect((await passwordless(h.key)).reply.body.code).toBe('PASSKEY_REFUSED')
    expect((await new Browser(server.url).login(h.email, PASSWORD)).body.user.email).toBe(h.email)
    expect((await events(h.b)).find((e) => e.type === 'passkey.remove')?.detail).toBe('Laptop')
  })
})

describe('property: any answer to a live ceremony', () => {
  const b64url = fc.oneof(
    fc.base64String({ maxLength: 400 }).map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
    fc.constantFrom('', 'AA', 'o2NmbXRkbm9uZQ'),
  )
  const garbled = (real: { id: string; response: Record<string, string> }) =>
    fc
      .record({ field: fc.constantFrom(...Object.keys(real.response), 'id'), value: b64url })
      .map(({ field, value }) =>
        field === 'id'
          ? { ...real, id: value || 'A', rawId: value || 'A' }
          : { ...real, response: { ...real.response, [field]: value } },
      )

  it('given a real answer with one part replaced by arbitrary base64url, then a 4xx and no session, never a 5xx', async () => {
    const h = await withPasskey('property')
    const real = h.key.get((await loginOptions(new Browser(server.url))).body.options) as unknown as {
      id: string
      response: Record<string, string>
    }
    await fc.assert(
      fc.asyncProperty(garbled(real), async (answer) => {
        const b = new Browser(server.url)
        await loginOptions(b)
        const r = await loginVerify(b, answer)
        expect(r.status, r.text).toBeGreaterThanOrEqual(400)
        expect(r.status, r.text).toBeLessThan(500)
        expect(b.cookies.get('access-token')).toBeUndefined()
      }),
      { numRuns: 40 },
    )
    const registration = new SoftwareAuthenticator(origin()).create(
      (await registerOptions(h.b)).body.options,
    ) as unknown as { id: string; response: Record<string, string> }
    await fc.assert(
      fc.asyncProperty(
        garbled({
          ...registration,
          response: {
            clientDataJSON: registration.response.clientDataJSON!,
            attestationObject: registration.response.attestationObject!,
          },
        }),
        async (answer) => {
          await registerOptions(h.b)
          const r = await registerVerify(h.b, answer)
          expect(r.status, r.text).toBeGreaterThanOrEqual(400)
          expect(r.status, r.text).toBeLessThan(500)
        },
      ),
      { numRuns: 30 },
    )
    expect((await h.b.get('/user-service/webauthn/passkeys')).body.passkeys).toHaveLength(1)
  })
})

describe('rate limits', () => {
  it('given more passkey sign-in attempts from one address than logins allow, then 429 as for passwords and codes', async () => {
    const limited = await startServer({
      env: { PUBLIC_URL: 'http://cumulus.localhost:8080' },
      limits: { loginPerIp: 3 },
    })
    try {
      const options: number[] = []
      const answers: number[] = []
      for (let i = 0; i < 4; i++) options.push((await loginOptions(new Browser(limited.url))).status)
      for (let i = 0; i < 4; i++) answers.push((await loginVerify(new Browser(limited.url), { id: 'A' })).status)
      // Each route counts on its own, as login and /login/second-factor do.
      expect(options).toEqual([200, 200, 200, 429])
      expect(answers).toEqual([400, 400, 400, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('npm run admin -- disable-two-step <email>', () => {
  it('given an account whose only second factor is a passkey (a lost device), then its passkeys go and the password alone signs in', async () => {
    const h = await withPasskey('console')
    const out: string[] = []
    expect(
      await runAdminCommand(
        ['disable-two-step', h.email],
        server.config,
        (l) => out.push(l),
        () => {},
      ),
    ).toBe(0)
    expect(out).toEqual([
      `Two-step verification is off for ${h.email}: the password alone signs in. Its passkey was removed.`,
    ])
    expect((await new Browser(server.url).login(h.email, PASSWORD)).body.user.email).toBe(h.email)
    expect((await passwordless(h.key)).reply.body.code).toBe('PASSKEY_REFUSED')
    expect(
      (await events(h.b)).some((e) => e.type === 'passkey.remove' && e.detail === '1 passkey, from the console'),
    ).toBe(true)
  })
})

describe('the relying party: PUBLIC_URL and WEBAUTHN_RP_ID', () => {
  it('given an IP-address PUBLIC_URL, then passkeys are unavailable (409) and say why; the rest signs in as before', async () => {
    const ip = await startServer({ env: { PUBLIC_URL: 'http://127.0.0.1:8080' } })
    try {
      const b = new Browser(ip.url)
      await b.signup(uniqueEmail('ip'), PASSWORD)
      const r = await registerOptions(b)
      expect(r.status).toBe(409)
      expect(r.body.code).toBe('PASSKEYS_UNAVAILABLE')
      expect(r.body.message).toContain('WEBAUTHN_RP_ID')
      expect((await b.get('/user-service/webauthn/passkeys')).body).toEqual({ passkeys: [], available: false })
      expect((await loginOptions(new Browser(ip.url))).status).toBe(409)
    } finally {
      await ip.close()
    }
  })

  it('given WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN, then they are checked against each other', () => {
    const base = { DATA_DIR: server.dataDir, SECRET: 'x'.repeat(32) }
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://cloud.example.com' }).webauthn).toEqual({
      rpId: 'cloud.example.com',
      origin: 'https://cloud.example.com',
    })
    expect(
      loadConfig({ ...base, PUBLIC_URL: 'https://cloud.example.com', WEBAUTHN_RP_ID: 'example.com' }).webauthn?.rpId,
    ).toBe('example.com')
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: 'http://127.0.0.1:4000',
        WEBAUTHN_RP_ID: 'localhost',
        WEBAUTHN_ORIGIN: 'http://localhost:4000',
      }).webauthn,
    ).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:4000',
    })
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://192.168.1.5:3000' }).webauthn).toBeUndefined()
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://cloud.example.com', WEBAUTHN_RP_ID: 'other.org' })).toThrow(
      ConfigError,
    )
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://cloud.example.com', WEBAUTHN_RP_ID: '10.0.0.1' })).toThrow(
      /WEBAUTHN_RP_ID/,
    )
  })
})
