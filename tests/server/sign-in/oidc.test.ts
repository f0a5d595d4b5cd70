// Single sign-on (DESIGN.md §7) against a real OpenID Connect provider (oidc-provider on a local
// port): the redirect with PKCE, state and nonce; linking by verified email or creating the
// account; what is refused (tampered state, wrong nonce, unverified email, closed sign-up,
// disabled account, a replayed answer); and the password an SSO-made account may set later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startOidcProvider, type TestProvider } from '../helpers/oidc-provider.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { enrolled } from './two-factor-helpers.ts'

// The provider redirects here; the test carries the answer to the real server, as a browser would.
const PUBLIC_URL = 'http://cumulus.test'
let idp: TestProvider
let server: TestServer
const extra: TestServer[] = []

const oidcEnv = (env: Record<string, string> = {}) => ({
  PUBLIC_URL,
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: idp.clientId,
  OIDC_CLIENT_SECRET: idp.clientSecret,
  OIDC_BUTTON_LABEL: 'Test IdP',
  ...env,
})

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/auth/oidc/callback` })
  server = await startServer({ env: oidcEnv() })
})
afterAll(async () => {
  await Promise.all([server.close(), ...extra.map((s) => s.close())])
  await idp.close()
})

const db = () => server.app.cumulus.db
let logins = 0
/** A new identity at the provider; its subject is the returned login. */
function identity(email: string, emailVerified = true, name?: string): string {
  const login = `person-${++logins}-${Date.now().toString(36)}`
  idp.addAccount(login, { email, emailVerified, ...(name !== undefined ? { name } : {}) })
  return login
}

interface Started {
  b: Browser
  authUrl: URL
}

async function start(on: TestServer, b = new Browser(on.url)): Promise<Started> {
  const r = await b.get(`/auth/oidc/login?uuid=${b.uuid}`)
  expect(r.status).toBe(303)
  return { b, authUrl: new URL(r.headers.get('location')!) }
}

/** The provider's answer (the callback's query string) for `login`. */
async function answer(authUrl: URL, login: string): Promise<string> {
  const back = await idp.signIn(authUrl.href, login)
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/auth/oidc/callback`)
  return back.search.slice(1)
}

/** Back at Cumulus: where the callback sends the browser. */
async function callback(b: Browser, query: string): Promise<string> {
  const r = await b.get(`/auth/oidc/callback?${query}`)
  expect(r.status).toBe(303)
  return r.headers.get('location')!
}

async function signInWith(login: string, on = server): Promise<{ b: Browser; location: string }> {
  const { b, authUrl } = await start(on)
  const location = await callback(b, await answer(authUrl, login))
  return { b, location }
}

const auditOf = async (b: Browser) =>
  (await b.get('/user-service/audit')).body.events as Array<{ type: string; detail: string | null }>
const userByEmail = (email: string) =>
  db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()

describe('GET /auth/oidc and the redirect to the provider', () => {
  it('given OIDC_* set, then the status names the button; without them, the status says so and the flow routes are 404', async () => {
    expect((await new Browser(server.url).get('/auth/oidc')).body).toEqual({ enabled: true, buttonLabel: 'Test IdP' })
    const plain = await startServer()
    extra.push(plain)
    const b = new Browser(plain.url)
    expect((await b.get('/auth/oidc')).body).toEqual({ enabled: false })
    expect((await b.get(`/auth/oidc/login?uuid=${b.uuid}`)).status).toBe(404)
    expect((await b.get('/auth/oidc/callback?code=x&state=y')).status).toBe(404)
  })

  it('given a login, then a 303 to the provider with code + S256 PKCE, state and nonce, and the pending sign-in in a Lax HttpOnly cookie of /auth/oidc only', async () => {
    const b = new Browser(server.url)
    const r = await b.get(`/auth/oidc/login?uuid=${b.uuid}`)
    expect(r.status).toBe(303)
    const url = new URL(r.headers.get('location')!)
    expect(url.origin).toBe(idp.issuer)
    const p = url.searchParams
    expect(p.get('response_type')).toBe('code')
    expect(p.get('client_id')).toBe(idp.clientId)
    expect(p.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/oidc/callback`)
    expect(p.get('code_challenge_method')).toBe('S256')
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(p.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(p.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(p.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']))
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('oidc-sign-in='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\/auth\/oidc/)
    // Nothing the callback checks is readable in it: it is sealed.
    expect(cookie).not.toContain(p.get('state')!)
    expect(cookie).not.toContain(p.get('nonce')!)
  })

  it('given the provider cannot be reached, then back to the sign-in screen with OIDC_UNAVAILABLE, and it is tried again next time', async () => {
    const down = await startServer({ env: oidcEnv({ OIDC_ISSUER: 'http://127.0.0.1:9/' }) })
    extra.push(down)
    const b = new Browser(down.url)
    for (let i = 0; i < 2; i++) {
      const r = await b.get(`/auth/oidc/login?uuid=${b.uuid}`)
      expect(r.status).toBe(303)
      expect(r.headers.get('location')).toBe('/?sso-error=OIDC_UNAVAILABLE')
    }
    expect(b.cookies.has('oidc-sign-in')).toBe(false)
  })

  it('given no browser id, then 400', async () => {
    const r = await new Browser(server.url, null).get('/auth/oidc/login')
    expect(r.status).toBe(400)
  })
})

describe('GET /auth/oidc/callback: creating and linking accounts', () => {
  it('given a verified email nobody uses, then an account without a password is made and signed in; the password login refuses it', async () => {
    const email = uniqueEmail('sso-new')
    const { b, location } = await signInWith(identity(email))
    expect(location).toBe('/?sso=done')
    expect(b.cookies.has('oidc-sign-in')).toBe(false)
    const me = await b.get('/user-service/user')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email, hasPassword: false })
    expect((await b.get('/user-service/user-detailed')).body).toMatchObject({ hasPassword: false })
    const row = await userByEmail(email)
    expect(row?.email_verified).toBe(1)
    // The browser's id was carried through: its session refreshes like any other.
    expect((await b.post('/user-service/get-token')).status).toBe(200)
    // No password works for it, not even an empty one (it is no 500 either).
    for (const password of ['', 'secret123']) {
      const r = await new Browser(server.url).login(email, password)
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('INVALID_CREDENTIALS')
    }
    const types = (await auditOf(b)).map((e) => `${e.type}:${e.detail}`)
    expect(types).toEqual(expect.arrayContaining(['sign-up:oidc', 'oidc.link:new account', 'sign-in:oidc']))
  })

  it('given an account made by sign-on, then it sets a first password without a current one, once, and signs in with it', async () => {
    const email = uniqueEmail('sso-setpw')
    const { b } = await signInWith(identity(email))
    // Confirming with a password it does not have is a clear 409, not a 500.
    const change = await b.patch('/user-service/change-password', { oldPassword: 'x', newPassword: 'newpass123' })
    expect(change.status).toBe(409)
    expect(change.body.code).toBe('NO_PASSWORD')
    expect((await b.post('/user-service/set-password', { password: 'abc' })).status).toBe(400)
    expect((await b.post('/user-service/set-password', { password: 'chosen-pass' })).status).toBe(200)
    expect((await b.get('/user-service/user')).body.hasPassword).toBeUndefined()
    const again = await b.post('/user-service/set-password', { password: 'another-pass' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('PASSWORD_EXISTS')
    expect((await new Browser(server.url).login(email, 'chosen-pass')).status).toBe(200)
    expect((await auditOf(b)).map((e) => e.type)).toContain('password.set')
  })

  it('given an account with a password, then set-password is refused and the account keeps its password', async () => {
    const b = new Browser(server.url)
    const email = uniqueEmail('pw-owner')
    await b.signup(email)
    expect((await b.post('/user-service/set-password', { password: 'hijack-pass' })).status).toBe(409)
    expect((await new Browser(server.url).login(email)).status).toBe(200)
  })

  it('given an existing account with that verified email, then the identity is linked to it, and later found by its subject even when the email changes', async () => {
    const email = uniqueEmail('sso-link')
    const owner = new Browser(server.url)
    const { user } = await owner.signup(email)
    const login = identity(email)
    const { b, location } = await signInWith(login)
    expect(location).toBe('/?sso=done')
    const me = (await b.get('/user-service/user')).body
    expect(me._id).toBe(user._id)
    expect(me.hasPassword).toBeUndefined()
    expect((await auditOf(b)).map((e) => `${e.type}:${e.detail}`)).toEqual(
      expect.arrayContaining(['oidc.link:existing account', 'sign-in:oidc']),
    )
    // The provider now says another address (not even verified): the link, not the email, decides.
    idp.addAccount(login, { email: uniqueEmail('changed'), emailVerified: false })
    const later = await signInWith(login)
    expect(later.location).toBe('/?sso=done')
    expect((await later.b.get('/user-service/user')).body._id).toBe(user._id)
    const links = await db().selectFrom('oidc_identities').selectAll().where('user_id', '=', user._id).execute()
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ issuer: idp.issuer, subject: login })
  })

  it('given two-step verification on the account, then the provider sign-in is the whole sign-in: no second step', async () => {
    const { email, id } = await enrolled(server, 'sso-totp')
    const { b, location } = await signInWith(identity(email))
    expect(location).toBe('/?sso=done')
    expect((await b.get('/user-service/user')).body._id).toBe(id)
    expect(b.cookies.has('sign-in-challenge')).toBe(false)
  })
})

describe('GET /auth/oidc/callback: refusals', () => {
  const noSession = (b: Browser) => expect(b.cookies.has('access-token')).toBe(false)

  it('given a tampered state, then OIDC_STATE and no session', async () => {
    const { b, authUrl } = await start(server)
    const query = new URLSearchParams(await answer(authUrl, identity(uniqueEmail('state'))))
    query.set('state', `${query.get('state')}x`)
    expect(await callback(b, query.toString())).toBe('/?sso-error=OIDC_STATE')
    noSession(b)
  })

  it('given the answer in another browser (no pending cookie), then OIDC_STATE', async () => {
    const { authUrl } = await start(server)
    const query = await answer(authUrl, identity(uniqueEmail('csrf')))
    const other = new Browser(server.url)
    expect(await callback(other, query)).toBe('/?sso-error=OIDC_STATE')
    noSession(other)
  })

  it('given a forged pending cookie, then OIDC_STATE', async () => {
    const { b, authUrl } = await start(server)
    const query = await answer(authUrl, identity(uniqueEmail('forged')))
    b.cookies.set('oidc-sign-in', `${b.cookies.get('oidc-sign-in')!.slice(0, -4)}AAAA`)
    expect(await callback(b, query)).toBe('/?sso-error=OIDC_STATE')
    noSession(b)
  })

  it('given an ID token with another nonce than the one sent, then OIDC_FAILED and no session', async () => {
    const { b, authUrl } = await start(server)
    const swapped = new URL(authUrl)
    swapped.searchParams.set('nonce', 'a-nonce-this-browser-never-sent-000000')
    expect(await callback(b, await answer(swapped, identity(uniqueEmail('nonce'))))).toBe('/?sso-error=OIDC_FAILED')
    noSession(b)
  })

  it("given an ID token whose signature is not the provider's, then OIDC_FAILED and no session; the same sign-in signed rightly works", async () => {
    const login = identity(uniqueEmail('forged-signature'))
    const { b, authUrl } = await start(server)
    idp.breakIdTokenSignatures(true)
    try {
      expect(await callback(b, await answer(authUrl, login))).toBe('/?sso-error=OIDC_FAILED')
    } finally {
      idp.breakIdTokenSignatures(false)
    }
    noSession(b)
    expect((await signInWith(login)).location).toBe('/?sso=done')
  })

  it('given the same answer twice, then the second is refused (the pending sign-in and the code are single-use)', async () => {
    const { b, authUrl } = await start(server)
    const pending = b.cookies.get('oidc-sign-in')!
    const query = await answer(authUrl, identity(uniqueEmail('replay')))
    expect(await callback(b, query)).toBe('/?sso=done')
    const thief = new Browser(server.url)
    expect(await callback(thief, query)).toBe('/?sso-error=OIDC_STATE')
    // Even with the cookie copied, the provider will not trade the code again.
    thief.cookies.set('oidc-sign-in', pending)
    expect(await callback(thief, query)).toBe('/?sso-error=OIDC_FAILED')
    noSession(thief)
  })

  it('given the user cancelled at the provider (an error answer), then OIDC_FAILED', async () => {
    const { b, authUrl } = await start(server)
    const query = new URLSearchParams({
      error: 'access_denied',
      state: authUrl.searchParams.get('state')!,
      iss: idp.issuer,
    })
    expect(await callback(b, query.toString())).toBe('/?sso-error=OIDC_FAILED')
  })

  it('given an email the provider has not verified, then OIDC_EMAIL_UNVERIFIED, no account made and none linked', async () => {
    const email = uniqueEmail('unverified')
    const { b, location } = await signInWith(identity(email, false))
    expect(location).toBe('/?sso-error=OIDC_EMAIL_UNVERIFIED')
    noSession(b)
    expect(await userByEmail(email)).toBeUndefined()
    // Nor may an unverified address take over an account that has it.
    const owner = uniqueEmail('owner')
    await new Browser(server.url).signup(owner)
    expect((await signInWith(identity(owner, false))).location).toBe('/?sso-error=OIDC_EMAIL_UNVERIFIED')
    expect(
      await db()
        .selectFrom('oidc_identities')
        .select('subject')
        .where('user_id', '=', (await userByEmail(owner))!.id)
        .execute(),
    ).toEqual([])
  })

  it('given a verified email a mailer would rewrite, then OIDC_EMAIL_INVALID: no account made, and none linked to an account stored with it', async () => {
    const stamp = Date.now().toString(36)
    for (const email of [
      `j,k${stamp}@example.com`,
      `"h${stamp}"@example.com`,
      `<e${stamp}>@example.com`,
      `a\r\nb${stamp}@example.com`,
    ]) {
      const { b, location } = await signInWith(identity(email))
      expect(location, email).toBe('/?sso-error=OIDC_EMAIL_INVALID')
      noSession(b)
      expect(await userByEmail(email.toLowerCase())).toBeUndefined()
    }
    // An account whose address predates the rule is not taken over by it either.
    const stored = `"old${stamp}"@example.com`
    const { user } = await new Browser(server.url).signup(uniqueEmail('predates'))
    await db().updateTable('users').set({ email: stored }).where('id', '=', user._id).execute()
    expect((await signInWith(identity(stored))).location).toBe('/?sso-error=OIDC_EMAIL_INVALID')
    expect(
      await db().selectFrom('oidc_identities').select('subject').where('user_id', '=', user._id).execute(),
    ).toEqual([])
  })

  it('given a disabled account, then ACCOUNT_DISABLED and no session', async () => {
    const email = uniqueEmail('disabled')
    const { user } = await new Browser(server.url).signup(email)
    await db().updateTable('users').set({ disabled: 1 }).where('id', '=', user._id).execute()
    const { b, location } = await signInWith(identity(email))
    expect(location).toBe('/?sso-error=ACCOUNT_DISABLED')
    noSession(b)
  })

  it('given SIGNUP=closed, then a new email is refused with OIDC_SIGNUP_CLOSED and no account is made', async () => {
    const closed = await startServer({ env: oidcEnv({ SIGNUP: 'closed' }) })
    extra.push(closed)
    const email = uniqueEmail('closed')
    const { b, location } = await signInWith(identity(email), closed)
    expect(location).toBe('/?sso-error=OIDC_SIGNUP_CLOSED')
    noSession(b)
    expect(await closed.app.cumulus.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual(
      [],
    )
  })

  it('given SIGNUP=invite and a server with accounts, then a new email is refused, and an existing one still links', async () => {
    const invite = await startServer({ env: oidcEnv({ SIGNUP: 'invite' }) })
    extra.push(invite)
    const first = uniqueEmail('first')
    await new Browser(invite.url).signup(first) // the first account needs no invite
    expect((await signInWith(identity(uniqueEmail('uninvited')), invite)).location).toBe(
      '/?sso-error=OIDC_SIGNUP_CLOSED',
    )
    const linked = await signInWith(identity(first), invite)
    expect(linked.location).toBe('/?sso=done')
    expect((await linked.b.get('/user-service/user')).body.email).toBe(first)
  })
})

describe('the display name of an account a sign-on makes (DESIGN.md §8 "Names")', () => {
  it("given the provider's name claim, then the new account is called by it, trimmed", async () => {
    const email = uniqueEmail('sso-named')
    const { b } = await signInWith(identity(email, true, '  Anna Berg  '))
    expect((await b.get('/user-service/user')).body).toMatchObject({ email, displayName: 'Anna Berg' })
  })

  it.each([
    ['a bidi override', 'Anna\u202Egreb'],
    ['a line break', 'Anna\nBerg'],
    ['65 characters', 'a'.repeat(65)],
    ['only spaces', '   '],
  ])("given a name claim with %s, then the default: the email's local part", async (_what, name) => {
    const email = uniqueEmail('sso-badname')
    const { b } = await signInWith(identity(email, true, name))
    expect((await b.get('/user-service/user')).body.displayName).toBe(email.split('@')[0])
  })

  it('given no name claim, then the default', async () => {
    const email = uniqueEmail('sso-noname')
    const { b } = await signInWith(identity(email))
    expect((await b.get('/user-service/user')).body.displayName).toBe(email.split('@')[0])
  })
})
