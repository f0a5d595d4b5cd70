// Shared set-up of the WebDAV suites: a server, an account and its app passwords, and a small
// client for WebDAV's methods with HTTP Basic.
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type StartOptions, type TestServer } from '../helpers/server.ts'

export interface DavAccount {
  email: string
  userId: string
  browser: Browser
  /** App passwords (secrets) by scope. */
  write: string
  read: string
}

/** A signed-up account with a write and a read-only app password. */
export async function davAccount(server: TestServer, tag = 'dav'): Promise<DavAccount> {
  const browser = new Browser(server.url)
  const email = uniqueEmail(tag)
  const { user } = await browser.signup(email, 'secret123')
  const make = async (scope: 'read' | 'write') => {
    const r = await browser.post('/user-service/app-passwords', {
      name: `${tag} ${scope}`,
      scope,
      password: 'secret123',
    })
    if (r.status !== 201) throw new Error(`app password: ${r.status} ${r.text}`)
    return r.body.secret as string
  }
  return { email, userId: user._id, browser, write: await make('write'), read: await make('read') }
}

export async function startDav(opts: StartOptions = {}) {
  const server = await startServer(opts)
  const account = await davAccount(server)
  return { server, account }
}

export const basic = (email: string, secret: string) => `Basic ${Buffer.from(`${email}:${secret}`).toString('base64')}`

/** One WebDAV request with Basic credentials; `path` is below the server (e.g. "/dav/a.txt"). */
export async function dav(
  server: TestServer,
  auth: string | undefined,
  method: string,
  path: string,
  opts: { body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...opts.headers },
    body: opts.body ?? null,
    ...(opts.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  const buffer = Buffer.from(await res.arrayBuffer())
  return { status: res.status, headers: res.headers, text: buffer.toString('utf8'), buffer }
}

export const PROPFIND_ALL = '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>'

/** The hrefs of a multistatus, in order. */
export const hrefs = (xml: string) =>
  [...xml.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => decodeURIComponent(m[1]!))

export type { TestServer }
