import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('POST /user-service/create', () => {
  it('given a valid email and password, when creating, then answers 201 with the user, emailSent false and session cookies', async () => {
    const b = new Browser(server.url)
    const email = uniqueEmail()
    const r = await b.post('/user-service/create', { email: `  ${email.toUpperCase()}  `, password: 'secret123' })
    expect(r.status).toBe(201)
    expect(r.body.emailSent).toBe(false)
    expect(r.body.user).toEqual({
      _id: expect.any(String),
      email,
      // DESIGN.md §8 "Names": the default is the email's local part.
      displayName: email.split('@')[0],
      createdAt: expect.any(String),
      role: expect.stringMatching(/^(admin|user)$/),
    })
    expect(r.body.user).not.toHaveProperty('emailVerified')
    expect(r.body.user).not.toHaveProperty('password_hash')
    const cookies = r.headers.getSetCookie()
    for (const name of ['access-token', 'refresh-token']) {
      const c = cookies.find((x) => x.startsWith(`${name}=`))
      expect(c).toMatch(/HttpOnly/i)
      expect(c).toMatch(/SameSite=Strict/i)
      expect(c).toMatch(/Path=\//)
    }
    expect((await b.get('/user-service/user')).body.email).toBe(email)
  })

  it('given an existing email in any case, when creating again, then answers 409', async () => {
    const email = uniqueEmail()
    await new Browser(server.url).signup(email)
    const r = await new Browser(server.url).post('/user-service/create', {
      email: email.toUpperCase(),
      password: 'secret123',
    })
    expect(r.status).toBe(409)
    expect(r.body).toMatchObject({ statusCode: 409, message: 'Email Already Exists' })
  })

  it.each([
    [{ email: 'a@', password: 'secret123' }, 'Email must be at least 3 characters'],
    [{ email: `${'a'.repeat(315)}@x.com`, password: 'secret123' }, 'Email must be less than 320 characters'],
    [{ email: 'not-an-email', password: 'secret123' }, 'Email is invalid'],
    [{ email: 'ok@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'ok@example.com', password: 'x'.repeat(257) }, 'Password must be less than 256 characters'],
  ])('given bad credentials %j, then answers 400 with "%s"', async (body, message) => {
    const r = await new Browser(server.url).post('/user-service/create', body)
    expect(r.status).toBe(400)
    expect(r.body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message })
  })

  it('given missing fields, then answers 400 from the schema', async () => {
    const r = await new Browser(server.url).post('/user-service/create', { email: 'x@y.z' })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('VALIDATION')
    expect(r.body.message).toMatch(/password/)
  })

  it('given SIGNUP=closed, then answers 403', async () => {
    const closed = await startServer({ env: { SIGNUP: 'closed' } })
    try {
      const r = await new Browser(closed.url).post('/user-service/create', {
        email: uniqueEmail(),
        password: 'secret123',
      })
      expect(r.status).toBe(403)
      expect(r.body.code).toBe('SIGNUP_CLOSED')
    } finally {
      await closed.close()
    }
  })
})

describe('POST /user-service/login', () => {
  it('given the right password, then answers 200 with {user} and a session', async () => {
    const email = uniqueEmail()
    await new Browser(server.url).signup(email, 'pässwörd-ü')
    const b = new Browser(server.url)
    const r = await b.login(` ${email.toUpperCase()}`, 'pässwörd-ü')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      user: {
        _id: expect.any(String),
        email,
        displayName: email.split('@')[0],
        createdAt: expect.any(String),
        role: 'user',
      },
      mustChangePassword: false,
    })
    expect((await b.get('/user-service/user')).status).toBe(200)
  })

  it('given a wrong password or an unknown email, then answers 401 and sets no cookie', async () => {
    const email = uniqueEmail()
    await new Browser(server.url).signup(email)
    for (const [e, p] of [
      [email, 'wrong-password'],
      [uniqueEmail('nobody'), 'secret123'],
    ]) {
      const r = await new Browser(server.url).login(e!, p)
      expect(r.status).toBe(401)
      expect(r.body.message).toBe('Incorrect email or password')
      expect(r.headers.getSetCookie()).toEqual([])
    }
  })

  it('given a body that is not an object of strings, then answers 400', async () => {
    const r = await new Browser(server.url).post('/user-service/login', { email: ['x'], password: { a: 1 } })
    expect(r.status).toBe(400)
  })
})

describe('GET /user-service/user and user-detailed', () => {
  it('given no session, then answers 401', async () => {
    const b = new Browser(server.url)
    expect((await b.get('/user-service/user')).status).toBe(401)
    expect((await b.get('/user-service/user-detailed')).status).toBe(401)
  })

  it('given a session, then user-detailed adds live session count', async () => {
    const email = uniqueEmail()
    const a = new Browser(server.url)
    await a.signup(email)
    await new Browser(server.url).login(email)
    const r = await a.get('/user-service/user-detailed')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ email, activeSessions: 2 })
  })
})

describe('the uuid rule', () => {
  it('given a state-changing request without a uuid header, then answers 403 and does nothing', async () => {
    const b = new Browser(server.url, null)
    const email = uniqueEmail()
    const r = await b.post('/user-service/create', { email, password: 'secret123' })
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('MISSING_UUID')
    expect((await new Browser(server.url).login(email)).status).toBe(401)
  })

  it('given a GET without a uuid header, then it is served', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail())
    b.uuid = null
    expect((await b.get('/user-service/user')).status).toBe(200)
  })
})
