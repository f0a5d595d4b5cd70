// A real OpenID Connect provider for the single sign-on tests: `oidc-provider` on a local port,
// with one confidential client and accounts the test adds, and a driver that walks its sign-in
// and consent pages over HTTP as a browser would (its own cookie jar, redirects followed).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface TestAccount {
  email: string
  emailVerified: boolean
  /** The `name` claim (scope profile), when the provider knows one. */
  name?: string
}

export interface TestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** Adds (or replaces) the account that signs in with `login`; its subject is `login`. */
  addAccount(login: string, account: TestAccount): void
  /**
   * Follows `authUrl` through the provider's sign-in (as `login`) and consent, and returns the
   * URL it sends the browser back to (on the client's redirect URI).
   */
  signIn(authUrl: string, login: string): Promise<URL>
  /** While on, the token endpoint answers with ID tokens whose signature is garbage (all else intact). */
  breakIdTokenSignatures(on: boolean): void
  close(): Promise<void>
}

/**
 * `accountFor`: who a login the test never added is (the e2e server lets any email sign in as a
 * verified one); by default, nobody.
 */
export async function startOidcProvider(opts: {
  redirectUri: string
  accountFor?: (login: string) => TestAccount | undefined
}): Promise<TestProvider> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const accounts = new Map<string, TestAccount>()
  const clientId = 'cumulus-test'
  const clientSecret = 'a-client-secret-long-enough-for-hs256-0123456789'

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    // PKCE required of every client, so a client that skipped it would fail here.
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? opts.accountFor?.(id)
      if (!account) return undefined
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name !== undefined ? { name: account.name } : {}),
        }),
      }
    },
  })
  // Koa middleware around every endpoint: only the token endpoint's JSON reply is touched.
  let breakSignatures = false
  provider.use(async (ctx, next) => {
    await next()
    const body = ctx.body as { id_token?: unknown } | undefined
    if (breakSignatures && ctx.path === '/token' && body && typeof body.id_token === 'string') {
      const [header, payload, signature] = body.id_token.split('.')
      // As long as the real one, well-formed base64url, but signed by nobody.
      ctx.body = {
        ...body,
        id_token: `${header}.${payload}.${Buffer.alloc(Buffer.from(signature!, 'base64url').length, 7).toString('base64url')}`,
      }
    }
  })
  // The provider's development warnings (dev keys, dev interactions) are expected here.
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error('oidc-provider server_error', err))
  server.on('request', provider.callback())

  async function signIn(authUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>()
    const send = async (url: string, init: { method?: string; form?: Record<string, string> } = {}) => {
      const headers: Record<string, string> = {}
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded'
      const res = await fetch(url, {
        method: init.method ?? 'GET',
        headers,
        body: init.form ? new URLSearchParams(init.form) : undefined,
        redirect: 'manual',
      })
      for (const c of res.headers.getSetCookie()) {
        const pair = c.split(';')[0]!
        const eq = pair.indexOf('=')
        const value = pair.slice(eq + 1)
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(pair.slice(0, eq))
        else jar.set(pair.slice(0, eq), value)
      }
      return res
    }
    let url = authUrl
    let res = await send(url)
    for (let hop = 0; hop < 20; hop++) {
      const location = res.headers.get('location')
      if (location) {
        const next = new URL(location, url)
        if (!next.href.startsWith(issuer)) return next
        url = next.href
        res = await send(url)
        continue
      }
      const html = await res.text()
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1]
      if (res.status !== 200 || !prompt) throw new Error(`oidc-provider answered ${res.status}: ${html.slice(0, 300)}`)
      const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }
      res = await send(url, { method: 'POST', form })
    }
    throw new Error('oidc-provider: too many redirects')
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (login, account) => accounts.set(login, account),
    signIn,
    breakIdTokenSignatures: (on) => {
      breakSignatures = on
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
