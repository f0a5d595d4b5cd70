// WebDAV as more clients use it (DESIGN.md §7): bodies nested too deep are a 400 with an error
// body, a folder answers GET and HEAD with a small inert HTML listing, Allow names what works,
// PROPFIND without Depth on a file and an empty propertyupdate are 207, macOS's .DS_Store and
// "._*" files are kept for Finder but left out of the web app's lists, and a client hanging up
// mid-reply is logged at info. One server for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basic, dav, type DavAccount, startDav, type TestServer } from './dav-helpers.ts'

let server: TestServer
let alice: DavAccount
let auth: string
beforeAll(async () => {
  ;({ server, account: alice } = await startDav())
  auth = basic(alice.email, alice.write)
})
afterAll(() => server.close())

/** `levels` elements nested in one another, inside a body of `method`'s kind. */
function nested(method: 'PROPFIND' | 'PROPPATCH' | 'LOCK', levels: number): string {
  const wrap = (outer: string, inner: string, count: number) => `${outer}${'<x:n>'.repeat(count)}${inner}${'</x:n>'.repeat(count)}`
  // Each body's own elements count: propfind/prop/name is 3, propertyupdate/set/prop/name 4, lockinfo/owner 2.
  if (method === 'PROPFIND') return `<D:propfind xmlns:D="DAV:" xmlns:x="urn:x"><D:prop>${wrap('', '', levels - 2)}</D:prop></D:propfind>`
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
      const headers: Record<string, string> = method === 'PROPFIND' ? { depth: '0' } : method === 'LOCK' ? { timeout: 'Second-60' } : {}
      const ok = await dav(server, auth, method, '/dav/deep.txt', { headers, body: nested(method, 100) })
      expect(ok.status, ok.text).toBe(method === 'PROPFIND' || method === 'PROPPATCH' ? 207 : 200)
      if (method === 'LOCK') {
        const token = ok.headers.get('lock-token')!
        expect((await dav(server, auth, 'UNLOCK', '/dav/deep.txt', { headers: { 'lock-token': token } })).status).toBe(204)
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
