import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { pgUrl, startServer, type TestServer } from './helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer({ limits: { refreshGraceMs: 400 } })
})
afterAll(() => server.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Copies one browser's cookies into a second client with the same browser id (a second tab). */
function sameBrowser(b: Browser): Browser {
  const tab = new Browser(b.baseUrl, b.uuid)
  for (const [k, v] of b.cookies) tab.cookies.set(k, v)
  return tab
}

describe('POST /user-service/get-token', () => {
  it('given a valid refresh token, then rotates it and the old one stops working after the grace window', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail())
    const stale = sameBrowser(b)
    const oldRefresh = b.cookies.get('refresh-token')
    const r = await b.post('/user-service/get-token')
    expect(r.status).toBe(200)
    expect(b.cookies.get('refresh-token')).not.toBe(oldRefresh)
    await sleep(500)
    // Reuse of the rotated token past the grace window is treated as theft: the session ends.
    expect((await stale.post('/user-service/get-token')).status).toBe(401)
    expect((await b.post('/user-service/get-token')).status).toBe(401)
    expect((await b.get('/user-service/user')).status).toBe(401)
  })

  it('given two tabs refreshing with the same token inside the grace window, then both get an access token', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail())
    const tab = sameBrowser(b)
    const [r1, r2] = await Promise.all([b.post('/user-service/get-token'), tab.post('/user-service/get-token')])
    expect([r1.status, r2.status]).toEqual([200, 200])
    expect((await b.get('/user-service/user')).status).toBe(200)
    expect((await tab.get('/user-service/user')).status).toBe(200)
  })

  it('given a refresh token presented by another browser id, then answers 401', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail())
    const thief = sameBrowser(b)
    thief.uuid = 'another-browser'
    expect((await thief.post('/user-service/get-token')).status).toBe(401)
    expect((await b.post('/user-service/get-token')).status).toBe(200)
  })

  it('given no or a garbage refresh cookie, then answers 401', async () => {
    const b = new Browser(server.url)
    expect((await b.post('/user-service/get-token')).status).toBe(401)
    b.cookies.set('refresh-token', '%%%garbage;;')
    expect((await b.post('/user-service/get-token')).status).toBe(401)
  })

  it('given an expired access token, then requests get 401 and a refresh restores access', async () => {
    const short = await startServer({ limits: { accessTokenTtlMs: 1_000 } })
    try {
      const b = new Browser(short.url)
      await b.signup(uniqueEmail())
      expect((await b.get('/user-service/user')).status).toBe(200)
      await sleep(2_100)
      expect((await b.get('/user-service/user')).status).toBe(401)
      expect((await b.post('/user-service/get-token')).status).toBe(200)
      expect((await b.get('/user-service/user')).status).toBe(200)
    } finally {
      await short.close()
    }
  })

  it('given a forged access token, then answers 401', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail())
    const [h, p] = b.cookies.get('access-token')!.split('.')
    b.cookies.set('access-token', `${h}.${p}.forged-signature`)
    expect((await b.get('/user-service/user')).status).toBe(401)
  })
})

describe('logout and logout-all', () => {
  it('given two browsers, when one logs out, then the other keeps its session', async () => {
    const email = uniqueEmail()
    const a = new Browser(server.url)
    await a.signup(email)
    const b = new Browser(server.url)
    await b.login(email)
    const aBefore = sameBrowser(a)
    // Each session checked once before, so a remembered check (SQLite) would be at hand.
    expect((await aBefore.get('/user-service/user')).status).toBe(200)
    expect((await b.get('/user-service/user')).status).toBe(200)
    const r = await a.post('/user-service/logout')
    expect(r.status).toBe(200)
    expect(a.cookies.size).toBe(0)
    // The old cookies are dead at once, not just deleted from the browser.
    expect((await aBefore.get('/user-service/user')).status).toBe(401)
    expect((await aBefore.post('/user-service/get-token')).status).toBe(401)
    expect((await b.get('/user-service/user')).status).toBe(200)
  })

  it('given two browsers, when one logs out everywhere, then both sessions end', async () => {
    const email = uniqueEmail()
    const a = new Browser(server.url)
    await a.signup(email)
    const b = new Browser(server.url)
    await b.login(email)
    expect((await b.get('/user-service/user')).status).toBe(200)
    expect((await a.post('/user-service/logout-all')).status).toBe(200)
    expect((await b.get('/user-service/user')).status).toBe(401)
    expect((await b.post('/user-service/get-token')).status).toBe(401)
    expect((await new Browser(server.url).login(email)).status).toBe(200)
  })

  it.skipIf(pgUrl)(
    'given a session ended by another connection to the SQLite file, then its requests fail within a second',
    async () => {
      // SQLite only: an admin ending sessions from a sqlite3 shell, beside the running server.
      const b = new Browser(server.url)
      await b.signup(uniqueEmail())
      expect((await b.get('/user-service/user')).status).toBe(200)
      const direct = new Database(join(server.dataDir, 'cumulus.db'))
      try {
        direct.prepare('update sessions set revoked_at = ?').run(Date.now())
      } finally {
        direct.close()
      }
      const started = Date.now()
      let status = 200
      while (status === 200 && Date.now() - started < 1000) {
        status = (await b.get('/user-service/user')).status
        if (status === 200) await sleep(20)
      }
      expect(status).toBe(401)
    },
  )

  it('given no session, then logout still clears cookies and logout-all answers 401', async () => {
    const b = new Browser(server.url)
    expect((await b.post('/user-service/logout')).status).toBe(200)
    expect((await b.post('/user-service/logout-all')).status).toBe(401)
  })
})

describe('PATCH /user-service/change-password', () => {
  it('given a wrong current password, then answers 401 and keeps the old password', async () => {
    const email = uniqueEmail()
    const a = new Browser(server.url)
    await a.signup(email)
    const r = await a.patch('/user-service/change-password', { oldPassword: 'nope-nope', newPassword: 'another1' })
    expect(r.status).toBe(401)
    expect(r.body.message).toBe('Incorrect password')
    expect((await new Browser(server.url).login(email, 'secret123')).status).toBe(200)
  })

  it('given a too short new password, then answers 400', async () => {
    const a = new Browser(server.url)
    await a.signup(uniqueEmail())
    expect(
      (await a.patch('/user-service/change-password', { oldPassword: 'secret123', newPassword: '123' })).status,
    ).toBe(400)
  })

  it('given the right password, then keeps this session and ends the others at once', async () => {
    const email = uniqueEmail()
    const a = new Browser(server.url)
    await a.signup(email)
    const b = new Browser(server.url)
    await b.login(email)
    expect(
      (await a.patch('/user-service/change-password', { oldPassword: 'secret123', newPassword: 'brand-new-1' })).status,
    ).toBe(200)
    expect((await a.get('/user-service/user')).status).toBe(200)
    expect((await a.post('/user-service/get-token')).status).toBe(200)
    expect((await b.get('/user-service/user')).status).toBe(401)
    expect((await new Browser(server.url).login(email, 'secret123')).status).toBe(401)
    expect((await new Browser(server.url).login(email, 'brand-new-1')).status).toBe(200)
  })
})
