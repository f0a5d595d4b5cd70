// Devices (GET/DELETE /user-service/sessions) and app passwords over HTTP (DESIGN.md §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

let f: Family
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

describe('GET /user-service/sessions', () => {
  it('given sign-ins from two browsers, then both are listed with browser, system, address and times, the caller marked current', async () => {
    const m = await member(f.server)
    const laptop = new Browser(f.server.url)
    const phone = new Browser(f.server.url)
    expect(
      (
        await laptop.request('POST', '/user-service/login', {
          json: { email: m.email, password: m.password },
          headers: { 'user-agent': FIREFOX_LINUX },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await phone.request('POST', '/user-service/login', {
          json: { email: m.email, password: m.password },
          headers: { 'user-agent': SAFARI_IPHONE },
        })
      ).status,
    ).toBe(200)
    const r = await laptop.get('/user-service/sessions')
    expect(r.status).toBe(200)
    // The sign-up's session too (node's fetch agent).
    expect(r.body.sessions).toHaveLength(3)
    const mine = r.body.sessions.find((s: any) => s.current)
    expect(mine).toEqual({
      _id: expect.any(String),
      current: true,
      browser: 'Firefox 133',
      os: 'Linux',
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    })
    expect(r.body.sessions.filter((s: any) => s.current)).toHaveLength(1)
    expect(r.body.sessions).toContainEqual(
      expect.objectContaining({ current: false, browser: 'Safari 17', os: 'iOS 17' }),
    )
  })

  it('given a refresh, then that session is last seen later than it signed in', async () => {
    const m = await member(f.server)
    const before = (await m.b.get('/user-service/sessions')).body.sessions[0]
    await new Promise((r) => setTimeout(r, 20))
    expect((await m.b.post('/user-service/get-token')).status).toBe(200)
    const after = (await m.b.get('/user-service/sessions')).body.sessions[0]
    expect(after._id).toBe(before._id)
    expect(Date.parse(after.lastSeenAt)).toBeGreaterThan(Date.parse(before.lastSeenAt))
    expect(after.createdAt).toBe(before.createdAt)
  })
})

describe('DELETE /user-service/sessions/{id}', () => {
  it('given another device of mine, when ending its session, then that device is signed out at once and this one stays', async () => {
    const m = await member(f.server)
    const phone = new Browser(f.server.url)
    await phone.login(m.email)
    const phoneId = (await phone.get('/user-service/sessions')).body.sessions.find((s: any) => s.current)._id
    const r = await m.b.delete(`/user-service/sessions/${phoneId}`)
    expect(r.status).toBe(200)
    expect((await phone.get('/user-service/user')).status).toBe(401)
    expect((await phone.post('/user-service/get-token')).status).toBe(401)
    expect((await m.b.get('/user-service/user')).status).toBe(200)
    expect((await m.b.get('/user-service/sessions')).body.sessions.map((s: any) => s._id)).not.toContain(phoneId)
  })

  it("given another user's session id, or one already ended, then 404 and their session lives on", async () => {
    const a = await member(f.server)
    const b = await member(f.server)
    const bId = (await b.b.get('/user-service/sessions')).body.sessions[0]._id
    const r = await a.b.delete(`/user-service/sessions/${bId}`)
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Session not found' })
    expect((await b.b.get('/user-service/user')).status).toBe(200)
    expect((await a.b.delete('/user-service/sessions/made-up')).status).toBe(404)
  })
})

describe('app passwords', () => {
  it('given a created app password, then its secret is answered once, listed without it, verifies for WebDAV, and never signs in to the web', async () => {
    const m = await member(f.server)
    const r = await m.b.post('/user-service/app-passwords', {
      name: 'Phone sync',
      scope: 'write',
      password: m.password,
    })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      appPassword: {
        _id: expect.any(String),
        name: 'Phone sync',
        scope: 'write',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    })
    const { secret } = r.body
    const list = await m.b.get('/user-service/app-passwords')
    // With WebDAV's address (PUBLIC_URL + /dav/), which the app shows beside them.
    expect(list.body).toEqual({ appPasswords: [r.body.appPassword], davUrl: `${f.server.config.publicUrl}/dav/` })
    expect(list.text).not.toContain(secret)
    // Not stored as sent either.
    const stored = await f.server.app.cumulus.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('user_id', '=', m.id)
      .execute()
    expect(JSON.stringify(stored)).not.toContain(secret)

    const login = await new Browser(f.server.url).login(m.email, secret)
    expect(login.status).toBe(401)
    expect(login.body.code).toBe('INVALID_CREDENTIALS')

    const { appPasswords } = f.server.app.cumulus
    expect(await appPasswords.verifyAppPassword(m.email.toUpperCase(), secret, '10.0.0.1')).toEqual({
      userId: m.id,
      scope: 'write',
    })
    expect((await m.b.get('/user-service/app-passwords')).body.appPasswords[0].lastUsedAt).toEqual(expect.any(String))
    expect(await appPasswords.verifyAppPassword(m.email, `${secret}x`, '10.0.0.1')).toBeNull()
    const other = await member(f.server)
    expect(await appPasswords.verifyAppPassword(other.email, secret, '10.0.0.1')).toBeNull()
  })

  it('given a revoked app password, or a disabled account, then it no longer verifies; another user cannot revoke mine', async () => {
    const m = await member(f.server)
    const a = (await m.b.post('/user-service/app-passwords', { name: 'a', scope: 'read', password: m.password })).body
    const b = (await m.b.post('/user-service/app-passwords', { name: 'b', scope: 'read', password: m.password })).body
    const { appPasswords } = f.server.app.cumulus
    const intruder = await member(f.server)
    expect((await intruder.b.delete(`/user-service/app-passwords/${a.appPassword._id}`)).status).toBe(404)
    expect((await m.b.delete(`/user-service/app-passwords/${a.appPassword._id}`)).status).toBe(200)
    expect((await m.b.delete(`/user-service/app-passwords/${a.appPassword._id}`)).status).toBe(404)
    expect(await appPasswords.verifyAppPassword(m.email, a.secret, '10.0.0.2')).toBeNull()
    expect(await appPasswords.verifyAppPassword(m.email, b.secret, '10.0.0.2')).toEqual({ userId: m.id, scope: 'read' })
    await f.admin.patch(`/admin/users/${m.id}`, { disabled: true })
    expect(await appPasswords.verifyAppPassword(m.email, b.secret, '10.0.0.2')).toBeNull()
  })

  it('given repeated wrong app passwords from one address, then it is throttled like the sign-in (429)', async () => {
    const m = await member(f.server)
    const { appPasswords } = f.server.app.cumulus
    let refused: unknown
    for (let i = 0; i < 10 && !refused; i++) {
      await appPasswords.verifyAppPassword(m.email, `guess-${i}`, '10.9.9.9').catch((e: unknown) => (refused = e))
    }
    expect(refused).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' })
  })

  it('given a bad name or scope, then 400', async () => {
    const m = await member(f.server)
    expect(
      (await m.b.post('/user-service/app-passwords', { name: '   ', scope: 'read', password: m.password })).status,
    ).toBe(400)
    expect(
      (await m.b.post('/user-service/app-passwords', { name: 'x', scope: 'admin', password: m.password })).status,
    ).toBe(400)
    expect(
      (await m.b.post('/user-service/app-passwords', { name: 'x'.repeat(101), scope: 'read', password: m.password }))
        .body.message,
    ).toBe('The name must be at most 100 characters')
  })
})
