import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { startServer, type TestServer } from './helpers/server.ts'
import { startMailSink, type MailSink } from './helpers/smtp.ts'

let server: TestServer
let sink: MailSink
beforeAll(async () => {
  sink = await startMailSink()
  server = await startServer({
    env: { EMAIL_VERIFICATION: 'true', SMTP_URL: sink.url, PUBLIC_URL: 'http://cumulus.test' },
    limits: { mailCooldownMs: 1_500 },
  })
})
afterAll(async () => {
  await server.close()
  await sink.close()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('email verification', () => {
  it('given sign-up with verification on, then a mail with a working single-use link arrives', async () => {
    const email = uniqueEmail('verify')
    const b = new Browser(server.url)
    const seen = sink.mails.length
    const created = await b.signup(email)
    expect(created.emailSent).toBe(true)
    expect(created.user.emailVerified).toBe(false)

    const mail = await sink.waitFor(email, seen)
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i)
    expect(mail.raw).toMatch(/Content-Type: text\/html/i)
    expect(mail.decoded).toContain('http://cumulus.test/verify-email/')
    const token = sink.link(mail, 'verify-email')

    const anon = new Browser(server.url)
    expect((await anon.patch('/user-service/verify-email', { emailToken: token })).status).toBe(200)
    expect((await b.get('/user-service/user')).body.emailVerified).toBe(true)
    // Single use.
    expect((await anon.patch('/user-service/verify-email', { emailToken: token })).status).toBe(401)
  })

  it('given a resend within the cooldown, then 429 with Retry-After; after it, a new link replaces the old', async () => {
    const email = uniqueEmail('resend')
    const b = new Browser(server.url)
    const seen = sink.mails.length
    await b.signup(email)
    const first = sink.link(await sink.waitFor(email, seen), 'verify-email')

    const early = await b.patch('/user-service/resend-verify-email')
    expect(early.status).toBe(429)
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(early.body.message).toBe('Please wait 1 minute before resending')

    await sleep(1_600)
    const seen2 = sink.mails.length
    expect((await b.patch('/user-service/resend-verify-email')).status).toBe(200)
    const second = sink.link(await sink.waitFor(email, seen2), 'verify-email')
    expect(second).not.toBe(first)
    expect((await b.patch('/user-service/verify-email', { emailToken: first })).status).toBe(401)
    expect((await b.patch('/user-service/verify-email', { emailToken: second })).status).toBe(200)
    expect((await b.patch('/user-service/resend-verify-email')).status).toBe(400)
  })

  it('given a made-up token, then verify answers 401', async () => {
    expect((await new Browser(server.url).patch('/user-service/verify-email', { emailToken: 'made-up' })).status).toBe(
      401,
    )
  })
})

describe('password reset by mail', () => {
  it('given an unknown email, then 404', async () => {
    const r = await new Browser(server.url).patch('/user-service/send-password-reset', { email: uniqueEmail('ghost') })
    expect(r.status).toBe(404)
  })

  it('given the mailed link, then the password changes, every session ends, and the link works once', async () => {
    const email = uniqueEmail('reset')
    const a = new Browser(server.url)
    await a.signup(email)
    const b = new Browser(server.url)
    await b.login(email)

    await sleep(1_600) // the sign-up mail started no reset cooldown, but keep the flows apart
    const seen = sink.mails.length
    expect(
      (await new Browser(server.url).patch('/user-service/send-password-reset', { email: email.toUpperCase() })).status,
    ).toBe(200)
    const again = await new Browser(server.url).patch('/user-service/send-password-reset', { email })
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBeTruthy()

    const mail = await sink.waitFor(email, seen)
    expect(mail.decoded).toContain('http://cumulus.test/reset-password/')
    const token = sink.link(mail, 'reset-password')
    const anon = new Browser(server.url)
    expect((await anon.patch('/user-service/reset-password', { passwordToken: token, password: '123' })).status).toBe(
      400,
    )
    expect(
      (await anon.patch('/user-service/reset-password', { passwordToken: token, password: 'after-reset-1' })).status,
    ).toBe(200)
    expect((await a.get('/user-service/user')).status).toBe(401)
    expect((await b.post('/user-service/get-token')).status).toBe(401)
    expect((await new Browser(server.url).login(email, 'secret123')).status).toBe(401)
    expect((await new Browser(server.url).login(email, 'after-reset-1')).status).toBe(200)
    expect(
      (await anon.patch('/user-service/reset-password', { passwordToken: token, password: 'third-one-1' })).status,
    ).toBe(401)
  })

  it('given the mail server refuses the message, then a clear 503 quickly and the cooldown is not spent', async () => {
    const email = uniqueEmail('failing')
    await new Browser(server.url).signup(email)
    await sleep(1_600)
    sink.failing = true
    try {
      const started = Date.now()
      const r = await new Browser(server.url).patch('/user-service/send-password-reset', { email })
      expect(r.status).toBe(503)
      expect(r.body.message).toBe('The email could not be sent, try again later')
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      sink.failing = false
    }
    expect((await new Browser(server.url).patch('/user-service/send-password-reset', { email })).status).toBe(200)
  })
})

describe('with mail off', () => {
  it('given EMAIL_VERIFICATION unset, then reset requests and resends answer 403', async () => {
    const plain = await startServer()
    try {
      const email = uniqueEmail()
      const b = new Browser(plain.url)
      await b.signup(email)
      expect((await b.patch('/user-service/send-password-reset', { email })).status).toBe(403)
      expect((await b.patch('/user-service/resend-verify-email')).status).toBe(403)
    } finally {
      await plain.close()
    }
  })

  it('given an SMTP server that is down, then sign-up still succeeds with emailSent false', async () => {
    const down = await startServer({ env: { EMAIL_VERIFICATION: 'true', SMTP_URL: 'smtp://127.0.0.1:1' } })
    try {
      const r = await new Browser(down.url).post('/user-service/create', {
        email: uniqueEmail(),
        password: 'secret123',
      })
      expect(r.status).toBe(201)
      expect(r.body.emailSent).toBe(false)
    } finally {
      await down.close()
    }
  })
})
