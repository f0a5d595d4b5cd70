// The anonymous side of a file link (DESIGN.md §7): info, passwords and the unlock cookie, the
// guess throttle, expiry (410), revoke (404), the download limit spent atomically, and the
// headers that keep the token out of Referers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, expire, file, owner, share } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000, shareUnlockFailuresPerIp: 1_000 } })
  alice = await owner(server)
})
afterAll(() => server.close())

const data = randomBytes(50_000, 7)
const pub = (token: string, rest = '') => `/share-service/public/${token}${rest}`

describe('a file link', () => {
  it('GET info → {itemType, name, access, expiresAt, size} and nothing of the owner; download serves the bytes with ranges and sandboxing', async () => {
    const id = await file(alice, 'photo.bin', data)
    const link = await share(alice, { itemType: 'file', itemId: id })
    const info = await anon(server).get(pub(link.token))
    expect(info.status).toBe(200)
    expect(info.body).toEqual({
      itemType: 'file',
      name: 'photo.bin',
      access: 'view',
      expiresAt: null,
      size: data.length,
      preview: null,
      thumbnail: false,
    })
    expect(info.text).not.toContain(alice.userId)
    expect(info.text).not.toContain(alice.email)
    const dl = await anon(server).bytes(pub(link.token, '/download'))
    expect(dl.status).toBe(200)
    expect(dl.body.equals(data)).toBe(true)
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="photo.bin"; filename*=UTF-8''photo.bin`)
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff')
    expect(dl.headers.get('content-security-policy')).toContain('sandbox')
    expect(dl.headers.get('cache-control')).toBe('no-store')
    const part = await anon(server).bytes(pub(link.token, '/download'), { range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.body.equals(data.subarray(100, 200))).toBe(true)
    expect((await anon(server).bytes(pub(link.token, '/download'), { range: 'bytes=90000-' })).status).toBe(416)
  })

  it('given an unknown token, a revoked link or a trashed file, then 404; a folder route on a file link is 404 too', async () => {
    expect((await anon(server).get(pub('A'.repeat(32)))).status).toBe(404)
    const id = await file(alice, 'gone.txt', 'gone')
    const link = await share(alice, { itemType: 'file', itemId: id })
    expect((await anon(server).get(pub(link.token, '/list'))).status).toBe(404)
    await alice.patch('/file-service/trash', { id })
    expect((await anon(server).get(pub(link.token))).status).toBe(404)
    expect((await anon(server).bytes(pub(link.token, '/download'))).status).toBe(404)
    await alice.patch('/file-service/restore', { id })
    expect((await anon(server).get(pub(link.token))).status).toBe(200)
    await alice.delete(`/share-service/links/${link._id}`)
    expect((await anon(server).get(pub(link.token))).status).toBe(404)
  })

  it('given an expired link, then 410 with a message that says it expired, on info and download', async () => {
    const id = await file(alice, 'old.txt', 'old')
    const link = await share(alice, {
      itemType: 'file',
      itemId: id,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    })
    expect((await anon(server).get(pub(link.token))).body.expiresAt).toBe(link.expiresAt)
    await expire(server, link._id)
    const r = await anon(server).get(pub(link.token))
    expect(r.status).toBe(410)
    expect(r.body).toEqual({
      statusCode: 410,
      code: 'SHARE_EXPIRED',
      message: 'This link has expired: ask the person who shared it for a new one',
    })
    expect((await anon(server).bytes(pub(link.token, '/download'))).status).toBe(410)
  })

  it('with a limit of 3 and 50 concurrent downloads, then exactly 3 get the file and the rest 404; HEAD spends nothing', async () => {
    const id = await file(alice, 'limited.bin', data)
    const link = await share(alice, { itemType: 'file', itemId: id, maxDownloads: 3 })
    const head = await fetch(server.url + pub(link.token, '/download'), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(data.length))
    const results = await Promise.all(
      Array.from({ length: 50 }, () => anon(server).bytes(pub(link.token, '/download'))),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(3)
    for (const r of ok) expect(r.body.equals(data)).toBe(true)
    expect(results.filter((r) => r.status === 404)).toHaveLength(47)
    const row = await server.app.cumulus.db
      .selectFrom('share_links')
      .select('downloads')
      .where('id', '=', link._id)
      .executeTakeFirstOrThrow()
    expect(Number(row.downloads)).toBe(3)
    // Spent: gone from the list, and the file is private again in the spec's terms.
    expect((await alice.get('/share-service/links')).body.links.map((l: any) => l._id)).not.toContain(link._id)
    expect((await alice.get(`/file-service/info/${id}`)).body.metadata.linkType).toBeUndefined()
  })

  it('given a used-up link, then a browser navigating to its download gets a small page saying the limit was reached, and an API client its JSON', async () => {
    const id = await file(alice, 'once.bin', data)
    const link = await share(alice, { itemType: 'file', itemId: id, maxDownloads: 1 })
    expect((await anon(server).bytes(pub(link.token, '/download'))).status).toBe(200)
    const navigate = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
    // The spec's route (the public page's Download button) and the link's own.
    for (const path of [`/file-service/public/download/${id}/${link.token}`, pub(link.token, '/download')]) {
      const page = await anon(server).get(path, navigate)
      expect(page.status, path).toBe(404)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(page.text).toContain('<h1>Download limit reached</h1>')
      expect(page.text).not.toContain('once.bin')
      expect(page.text).not.toMatch(/<script/i)
      expect(page.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      const api = await anon(server).get(path)
      expect(api.status).toBe(404)
      expect(api.body).toEqual({
        statusCode: 404,
        code: 'SHARE_LIMIT_REACHED',
        message: 'This link has reached its download limit: ask the person who shared it for a new one',
      })
    }
    // Anything else a browser navigates to stays the JSON error it was.
    const unknown = await anon(server).get(pub('A'.repeat(32), '/download'), navigate)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('NOT_FOUND')
  })

  it('a limited link serves the whole file, never a range (each range would spend a download)', async () => {
    const id = await file(alice, 'whole.bin', data)
    const link = await share(alice, { itemType: 'file', itemId: id, maxDownloads: 2 })
    const r = await anon(server).bytes(pub(link.token, '/download'), { range: 'bytes=0-9' })
    expect(r.status).toBe(200)
    expect(r.body.length).toBe(data.length)
  })
})

describe('a password link', () => {
  it('answers 401 SHARE_PASSWORD_REQUIRED until unlocked; a wrong password is 401; the right one sets an HttpOnly cookie scoped to the link', async () => {
    const id = await file(alice, 'secret.bin', data)
    const link = await share(alice, { itemType: 'file', itemId: id, password: 'correct horse' })
    const visitor = anon(server)
    const locked = await visitor.get(pub(link.token))
    expect(locked.status).toBe(401)
    expect(locked.body.code).toBe('SHARE_PASSWORD_REQUIRED')
    expect(locked.text).not.toContain('secret.bin')
    expect((await visitor.bytes(pub(link.token, '/download'))).status).toBe(401)
    const wrong = await visitor.post(pub(link.token, '/unlock'), { password: 'wrong horse' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('SHARE_PASSWORD_INCORRECT')
    expect(wrong.headers.getSetCookie()).toEqual([])
    const right = await visitor.post(pub(link.token, '/unlock'), { password: 'correct horse' })
    expect(right.status).toBe(200)
    const [cookie] = right.headers.getSetCookie()
    expect(cookie).toMatch(/^share-pass=[^;]+;/)
    expect(cookie).toMatch(/; Path=\/share-service\/public\/[A-Za-z0-9_-]+(;|$)/)
    expect(cookie).toContain(`Path=/share-service/public/${link.token}`)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect((await visitor.get(pub(link.token))).body.name).toBe('secret.bin')
    const dl = await visitor.bytes(pub(link.token, '/download'))
    expect(dl.status).toBe(200)
    expect(dl.body.equals(data)).toBe(true)
  })

  it('the cookie opens only its own link, cannot be forged, and dies when the password changes or the link is revoked', async () => {
    const a = await share(alice, { itemType: 'file', itemId: await file(alice, 'a.txt', 'a'), password: 'pass-a' })
    const b = await share(alice, { itemType: 'file', itemId: await file(alice, 'b.txt', 'b'), password: 'pass-b' })
    const visitor = anon(server)
    await visitor.post(pub(a.token, '/unlock'), { password: 'pass-a' })
    const value = visitor.cookies.get('share-pass')!
    const withPass = (v: string) => ({ cookie: `share-pass=${v}` })
    expect((await visitor.get(pub(a.token), withPass(value))).status).toBe(200)
    // Sent by hand to another link (a browser would not even send it there): refused.
    expect((await visitor.get(pub(b.token), withPass(value))).status).toBe(401)
    const [exp, mac] = value.split('.')
    expect((await visitor.get(pub(a.token), withPass(`${Number(exp) + 1}.${mac}`))).status).toBe(401)
    expect((await visitor.get(pub(a.token), withPass(`${exp}.${'A'.repeat(43)}`))).status).toBe(401)
    expect((await visitor.get(pub(a.token), withPass('garbage'))).status).toBe(401)
    await alice.patch(`/share-service/links/${a._id}`, { password: 'pass-a2' })
    expect((await visitor.get(pub(a.token), withPass(value))).status).toBe(401)
    await visitor.post(pub(a.token, '/unlock'), { password: 'pass-a2' })
    const second = visitor.cookies.get('share-pass')!
    expect((await visitor.get(pub(a.token), withPass(second))).status).toBe(200)
    await alice.patch(`/share-service/links/${a._id}`, { password: null })
    expect((await anon(server).get(pub(a.token))).status).toBe(200)
    await alice.delete(`/share-service/links/${a._id}`)
    expect((await visitor.get(pub(a.token), withPass(second))).status).toBe(404)
  })

  it('unlock of an unknown token is 404 and of an expired link 410, before any password is checked', async () => {
    expect((await anon(server).post(pub('B'.repeat(32), '/unlock'), { password: 'x' })).status).toBe(404)
    const link = await share(alice, { itemType: 'file', itemId: await file(alice, 'e.txt', 'e'), password: 'pass-e' })
    await expire(server, link._id)
    expect((await anon(server).post(pub(link.token, '/unlock'), { password: 'pass-e' })).status).toBe(410)
  })
})

describe('password guesses per address', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startServer({ limits: { publicPerIp: 10_000 } })
  })
  afterAll(() => limited.close())

  it('given 10 wrong passwords on a link from one address, then the 11th try is 429 with Retry-After, even with the right password; another link still opens', async () => {
    const carol = await owner(limited, 'carol')
    const one = await share(carol, { itemType: 'file', itemId: await file(carol, 'c.txt', 'c'), password: 'right one' })
    const two = await share(carol, { itemType: 'file', itemId: await file(carol, 'd.txt', 'd'), password: 'right two' })
    const visitor = new Browser(limited.url)
    // A right password costs nothing.
    expect((await visitor.post(pub(one.token, '/unlock'), { password: 'right one' })).status).toBe(200)
    for (let i = 0; i < 10; i++)
      expect((await visitor.post(pub(one.token, '/unlock'), { password: `wrong ${i}` })).status).toBe(401)
    const refused = await visitor.post(pub(one.token, '/unlock'), { password: 'right one' })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many wrong passwords, try again in 10 minutes')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500)
    // Counted per link: the same address still opens another link (link-security.test.ts).
    expect((await visitor.post(pub(two.token, '/unlock'), { password: 'right two' })).status).toBe(200)
  })
})

describe('referrers', () => {
  it('sends Referrer-Policy: no-referrer on every public share reply and on the page /s/{token}', async () => {
    const link = await share(alice, { itemType: 'file', itemId: await file(alice, 'r.txt', 'r') })
    for (const path of [pub(link.token), pub(link.token, '/download'), pub('C'.repeat(32))]) {
      const r = await fetch(server.url + path)
      expect(r.headers.get('referrer-policy'), path).toBe('no-referrer')
    }
    const page = await fetch(`${server.url}/s/${link.token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
  })
})
