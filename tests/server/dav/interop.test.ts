// WebDAV as more clients use it (DESIGN.md §7): bodies nested too deep are a 400 with an error
// body, a folder answers GET and HEAD with a small inert HTML listing, Allow names what works,
// PROPFIND without Depth on a file and an empty propertyupdate are 207, macOS's .DS_Store and
// "._*" files are kept for Finder but left out of the web app's lists, and a client hanging up
// mid-reply is logged at info. One server for the file.
import { connect } from 'node:net'
import pino from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basic, dav, type DavAccount, startDav, type TestServer } from './dav-helpers.ts'

let server: TestServer
let alice: DavAccount
let auth: string
/** The server's log lines (at info and above), read off its pino stream. */
const logged: Array<{ level: number; msg: string; err?: { stack?: string } }> = []
beforeAll(async () => {
  ;({ server, account: alice } = await startDav({ env: { LOG_LEVEL: 'info' } }))
  auth = basic(alice.email, alice.write)
  const stream = (server.app.log as unknown as Record<symbol, { write(line: string): boolean }>)[
    pino.symbols.streamSym
  ]!
  stream.write = (line: string) => (logged.push(JSON.parse(line)), true)
})
afterAll(() => server.close())

/** `levels` elements nested in one another, inside a body of `method`'s kind. */
function nested(method: 'PROPFIND' | 'PROPPATCH' | 'LOCK', levels: number): string {
  const wrap = (outer: string, inner: string, count: number) =>
    `${outer}${'<x:n>'.repeat(count)}${inner}${'</x:n>'.repeat(count)}`
  // Each body's own elements count: propfind/prop/name is 3, propertyupdate/set/prop/name 4, lockinfo/owner 2.
  if (method === 'PROPFIND')
    return `<D:propfind xmlns:D="DAV:" xmlns:x="urn:x"><D:prop>${wrap('', '', levels - 2)}</D:prop></D:propfind>`
  if (method === 'PROPPATCH')
    return `<D:propertyupdate xmlns:D="DAV:" xmlns:x="urn:x"><D:set><D:prop>${wrap('', 'v', levels - 3)}</D:prop></D:set></D:propertyupdate>`
  return `<D:lockinfo xmlns:D="DAV:" xmlns:x="urn:x"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>${wrap('', 'me', levels - 2)}</D:owner></D:lockinfo>`
}

describe('XML bodies nested deeply', () => {
  beforeAll(async () => {
    expect((await dav(server, auth, 'PUT', '/dav/deep.txt', { body: 'd' })).status).toBe(201)
  })

  for (const method of ['PROPFIND', 'PROPPATCH', 'LOCK'] as const) {
    it(`given ${method} bodies of 100, 101, 102 and 500 levels, then 100 is served and deeper ones are 400 with an RFC 4918 error body`, async () => {
      const headers: Record<string, string> =
        method === 'PROPFIND' ? { depth: '0' } : method === 'LOCK' ? { timeout: 'Second-60' } : {}
      const ok = await dav(server, auth, method, '/dav/deep.txt', { headers, body: nested(method, 100) })
      expect(ok.status, ok.text).toBe(method === 'PROPFIND' || method === 'PROPPATCH' ? 207 : 200)
      if (method === 'LOCK') {
        const token = ok.headers.get('lock-token')!
        expect((await dav(server, auth, 'UNLOCK', '/dav/deep.txt', { headers: { 'lock-token': token } })).status).toBe(
          204,
        )
      }
      for (const levels of [101, 102, 500]) {
        const r = await dav(server, auth, method, '/dav/deep.txt', { headers, body: nested(method, levels) })
        expect(r.status, `${levels} levels: ${r.text}`).toBe(400)
        expect(r.headers.get('content-type')).toMatch(/^application\/xml/)
        expect(r.text).toMatch(/<D:error xmlns:D="DAV:"><xml-nesting-too-deep xmlns="urn:x-cumulus:dav"\/><\/D:error>$/)
      }
    })
  }
})

describe('GET and HEAD on a folder', () => {
  const evil = `<img src=x onerror=alert(1)> "q" & 'a'.txt`
  beforeAll(async () => {
    expect((await dav(server, auth, 'MKCOL', '/dav/Listed')).status).toBe(201)
    expect((await dav(server, auth, 'MKCOL', '/dav/Listed/Sub%20folder')).status).toBe(201)
    expect((await dav(server, auth, 'PUT', `/dav/Listed/${encodeURIComponent(evil)}`, { body: 'e' })).status).toBe(201)
    expect((await dav(server, auth, 'PUT', '/dav/Listed/100%25%20%23sharp%3F.txt', { body: 'p' })).status).toBe(201)
  })

  it('given GET on a folder, then 200 with an HTML index whose names are escaped, links percent-encoded, and headers that let nothing run', async () => {
    const r = await dav(server, auth, 'GET', '/dav/Listed/')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox")
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.text).not.toMatch(/<img|<script|onerror=alert\(1\)>/)
    expect(r.text).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;q&quot; &amp; &apos;a&apos;.txt')
    expect(r.text).toContain(`href="/dav/Listed/${encodeURIComponent(evil).replace(/'/g, '&apos;')}"`)
    expect(r.text).toContain('<a href="/dav/Listed/Sub%20folder/">Sub folder/</a>')
    expect(r.text).toContain('<a href="/dav/Listed/100%25%20%23sharp%3F.txt">100% #sharp?.txt</a>')
    expect(r.text).toContain('<a href="../">../</a>')
    // Each link leads where it says.
    expect((await dav(server, auth, 'GET', '/dav/Listed/100%25%20%23sharp%3F.txt')).text).toBe('p')
    // Home lists too, without a way up.
    const home = await dav(server, auth, 'GET', '/dav/')
    expect(home.status).toBe(200)
    expect(home.text).toContain('<a href="/dav/Listed/">Listed/</a>')
    expect(home.text).not.toContain('href="../"')
  })

  it('given HEAD on a folder, then 200 with the same headers and no body; a read-only password may list too', async () => {
    const r = await dav(server, auth, 'HEAD', '/dav/Listed')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(r.text).toBe('')
    expect((await dav(server, basic(alice.email, alice.read), 'GET', '/dav/Listed/')).status).toBe(200)
  })

  it('given OPTIONS and 405s, then Allow names only what works at the path', async () => {
    const allow = async (method: string, path: string, who = auth) =>
      (await dav(server, who, method, path)).headers.get('allow')
    expect(await allow('OPTIONS', '/dav/Listed/')).toBe(
      'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, DELETE, COPY, MOVE, LOCK, UNLOCK',
    )
    expect(await allow('OPTIONS', '/dav/deep.txt')).toBe(
      'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, PUT, DELETE, COPY, MOVE, LOCK, UNLOCK',
    )
    expect(await allow('OPTIONS', '/dav/')).toBe('OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, LOCK, UNLOCK')
    expect(await allow('OPTIONS', '/dav/nothing-here')).toBe('OPTIONS, PUT, MKCOL, LOCK')
    expect(await allow('OPTIONS', '/dav/Listed/', basic(alice.email, alice.read))).toBe('OPTIONS, GET, HEAD, PROPFIND')
    // Without credentials: what the share takes at all.
    expect(await allow('OPTIONS', '/dav/Listed/', '')).toBe(
      'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, PUT, DELETE, MKCOL, COPY, MOVE, LOCK, UNLOCK',
    )
    const put = await dav(server, auth, 'PUT', '/dav/Listed', { body: 'x' })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, DELETE, COPY, MOVE, LOCK, UNLOCK')
    const mkcol = await dav(server, auth, 'MKCOL', '/dav/deep.txt')
    expect(mkcol.status).toBe(405)
    expect(mkcol.headers.get('allow')).toBe(
      'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, PUT, DELETE, COPY, MOVE, LOCK, UNLOCK',
    )
  })
})

describe('requests some clients send', () => {
  it('given PROPFIND without Depth (or Depth infinity) on a file, then 207 for the file alone; on a folder it stays 403', async () => {
    for (const headers of [{}, { depth: 'infinity' }] as Array<Record<string, string>>) {
      const r = await dav(server, auth, 'PROPFIND', '/dav/deep.txt', { headers })
      expect(r.status, r.text).toBe(207)
      expect(r.text.match(/<D:response>/g)).toHaveLength(1)
      expect(r.text).toContain('<D:href>/dav/deep.txt</D:href>')
    }
    expect((await dav(server, auth, 'PROPFIND', '/dav/Listed/')).status).toBe(403)
  })

  it('given an empty propertyupdate (or one with empty set and remove), then 207 with 200 OK and nothing changed', async () => {
    for (const body of [
      '<D:propertyupdate xmlns:D="DAV:"/>',
      '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop/></D:set><D:remove><D:prop/></D:remove></D:propertyupdate>',
    ]) {
      const r = await dav(server, auth, 'PROPPATCH', '/dav/deep.txt', { body })
      expect(r.status, r.text).toBe(207)
      expect(r.text).toContain(
        '<D:response><D:href>/dav/deep.txt</D:href><D:status>HTTP/1.1 200 OK</D:status></D:response>',
      )
    }
    // No body at all is still no propertyupdate.
    expect((await dav(server, auth, 'PROPPATCH', '/dav/deep.txt')).status).toBe(400)
  })
})

describe("macOS Finder's files", () => {
  it('given .DS_Store and "._*" files PUT by Finder, then PROPFIND lists them, and no web app list, search or gallery does, with pages still full', async () => {
    expect((await dav(server, auth, 'MKCOL', '/dav/Mac')).status).toBe(201)
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    for (const [name, body] of [
      ['.DS_Store', 'finder'],
      ['._photo.png', png],
      ['a.txt', 'a'],
      ['._notes.txt', 'apple double'],
      ['b.txt', 'b'],
      ['photo.png', png],
      ['c.txt', 'c'],
    ] as const) {
      expect((await dav(server, auth, 'PUT', `/dav/Mac/${encodeURIComponent(name)}`, { body })).status).toBe(201)
    }
    const listed = await dav(server, auth, 'PROPFIND', '/dav/Mac/', { headers: { depth: '1' } })
    for (const name of ['.DS_Store', '._photo.png', '._notes.txt'])
      expect(listed.text).toContain(`<D:href>/dav/Mac/${encodeURIComponent(name)}</D:href>`)
    expect((await dav(server, auth, 'GET', '/dav/Mac/.DS_Store')).text).toBe('finder')

    const b = alice.browser
    const folderId = (await b.get('/folder-service/list?parent=/&sortBy=alp_asc')).body.find(
      (f: { name: string }) => f.name === 'Mac',
    )._id
    const names = (r: { body: Array<{ filename: string }> }) => r.body.map((f) => f.filename)
    // Paged two at a time by name: three pages of the four files the app shows.
    const pages: string[][] = []
    let query = ''
    for (let i = 0; i < 4; i++) {
      const r = await b.get(`/file-service/list?parent=${folderId}&sortBy=alp_asc&limit=2${query}`)
      if (r.body.length === 0) break
      pages.push(names(r))
      const last = r.body.at(-1)
      query = `&startAt=true&startAtDate=${encodeURIComponent(last.uploadDate)}&startAtName=${encodeURIComponent(last.filename)}&startAtId=${last._id}`
    }
    expect(pages).toEqual([
      ['a.txt', 'b.txt'],
      ['c.txt', 'photo.png'],
    ])
    expect(names(await b.get(`/file-service/list?parent=${folderId}`))).toEqual(
      expect.not.arrayContaining(['.DS_Store', '._photo.png', '._notes.txt']),
    )
    for (const search of ['DS_Store', '._', 'photo', 'notes']) {
      expect(names(await b.get(`/file-service/list?search=${encodeURIComponent(search)}`)), search).toEqual(
        search === 'photo' ? ['photo.png'] : [],
      )
    }
    // The gallery shows a photo once its thumbnail job has read it.
    const gallery = async () => names(await b.get('/file-service/list?mediaMode=true&limit=100'))
    for (let i = 0; i < 100 && !(await gallery()).includes('photo.png'); i++)
      await new Promise((r) => setTimeout(r, 50))
    expect(await gallery()).toEqual(['photo.png'])
    expect(names(await b.get('/file-service/quick-list'))).toEqual(
      expect.not.arrayContaining(['.DS_Store', '._photo.png', '._notes.txt']),
    )
    const suggested = await b.get('/file-service/suggested-list?search=DS_Store')
    expect(suggested.body.fileList).toEqual([])
  })
})

describe('a client that hangs up', () => {
  /** Sends `head` and `body` over a raw socket and destroys it after `ms`, reading whatever comes. */
  const hangUp = (head: string, body: string, ms: number) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.write(head + body)
        setTimeout(() => (socket.destroy(), resolve()), ms)
      })
      socket.on('data', () => undefined).on('error', () => undefined)
    })

  it('given a PUT cut mid-body, a download and a PROPFIND cut mid-reply, then the log says so at info, with no error or stack, and nothing half-written is kept', async () => {
    const from = logged.length
    await hangUp(
      `PUT /dav/cut.bin HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Length: 1000000\r\n\r\n`,
      'x'.repeat(1000),
      300,
    )
    expect((await dav(server, auth, 'PUT', '/dav/big.bin', { body: Buffer.alloc(8 << 20, 7) })).status).toBe(201)
    await hangUp(`GET /dav/big.bin HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n\r\n`, '', 50)
    await hangUp(
      `PROPFIND /dav/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nDepth: 1\r\nContent-Length: 0\r\n\r\n`,
      '',
      5,
    )
    for (let i = 0; i < 40 && !logged.slice(from).some((l) => l.msg.startsWith('client closed')); i++)
      await new Promise((r) => setTimeout(r, 50))
    const lines = logged.slice(from)
    expect(
      lines
        .filter((l) => l.msg === 'client closed the connection before the request was read')
        .map((l) => [l.level, l.err]),
    ).toEqual([[30, undefined]])
    expect(lines.filter((l) => l.level >= 40 || l.err?.stack)).toEqual([])
    expect((await dav(server, auth, 'GET', '/dav/cut.bin')).status).toBe(404)
  })
})
