// The server e2e specs run against: the real app on a throwaway DATA_DIR with email verification
// on, mailing through a real SMTP peer (the server tests' smtp-server sink) started in this same
// process. The mails it receives are readable over a test-only HTTP endpoint on another port
// (GET /mails?to=<email>), so specs can follow mailed links; the app's own server has no such route.
// Limits are loosened only where a test suite would otherwise trip them.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { startOidcProvider } from '../../tests/server/helpers/oidc-provider.ts'
import { startMailSink, type ReceivedMail } from '../../tests/server/helpers/smtp.ts'
import { ADMIN_EMAIL, PASSWORD } from './api.ts'
import type { E2eMail, MailLinkKind } from './mail.ts'
import { E2E_BASE_URL, E2E_LOCAL_URL, E2E_MAIL_PORT, E2E_PORT } from './ports.ts'

const LINK_KINDS: MailLinkKind[] = ['verify-email', 'reset-password', 'invite']

const sink = await startMailSink()
// Arrival times, so a spec can ask only for mails sent after an action of its own: the sink only
// ever appends to its list, so its push is where a mail lands.
const receivedAt = new WeakMap<ReceivedMail, number>()
const append = sink.mails.push.bind(sink.mails)
sink.mails.push = (...mails: ReceivedMail[]) => {
  for (const mail of mails) receivedAt.set(mail, Date.now())
  return append(...mails)
}

// The links are found with the sink's own parser and kept only when the mail gives them under
// PUBLIC_URL (the address the browser is on), as a user would click them.
function toJson(mail: ReceivedMail): E2eMail {
  const links: E2eMail['links'] = {}
  for (const kind of LINK_KINDS) {
    try {
      const url = `${E2E_BASE_URL}/${kind}/${sink.link(mail, kind)}`
      if (mail.decoded.includes(url)) links[kind] = url
    } catch {
      // This mail has no link of that kind.
    }
  }
  const subject = /^Subject: (.*)$/m.exec(mail.decoded)?.[1]?.trim() ?? ''
  return { to: mail.to, subject, text: mail.decoded, receivedAt: receivedAt.get(mail) ?? 0, links }
}

const mailbox = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://mailbox')
  if (req.method !== 'GET' || url.pathname !== '/mails') {
    res.writeHead(404).end()
    return
  }
  const to = url.searchParams.get('to')?.toLowerCase()
  const mails = sink.mails.filter((m) => !to || m.to.includes(to)).map(toJson)
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails))
})
await new Promise<void>((resolve) => mailbox.listen(E2E_MAIL_PORT, '127.0.0.1', resolve))

// A real OpenID Connect provider for single sign-on (on a port of its own choosing): any email
// typed as its login signs in as that address, verified.
const idp = await startOidcProvider({
  redirectUri: `${E2E_BASE_URL}/auth/oidc/callback`,
  accountFor: (login) => (login.includes('@') ? { email: login, emailVerified: true } : undefined),
})

const dataDir = mkdtempSync(join(tmpdir(), 'cumulus-e2e-'))
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(E2E_PORT),
  PUBLIC_URL: E2E_BASE_URL,
  SMTP_URL: sink.url,
  MAIL_FROM: 'Cumulus <no-reply@cumulus.test>',
  EMAIL_VERIFICATION: 'true',
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: idp.clientId,
  OIDC_CLIENT_SECRET: idp.clientSecret,
  OIDC_BUTTON_LABEL: 'Test IdP',
  // Browsers refuse an IP address as a passkey's RP ID: passkey specs browse http://localhost (E2E_LOCAL_URL).
  WEBAUTHN_RP_ID: 'localhost',
  WEBAUTHN_ORIGIN: E2E_LOCAL_URL,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
})
config.limits.loginPerIp = 10_000
// The server's own one-minute resend/reset cooldown is covered by tests/server/mail-flows.test.ts;
// shortened here so a journey can resend right after sign-up and then meet the app's own minute.
config.limits.mailCooldownMs = 1_000
// A thumbnail here takes well under a second; a job stuck for longer (logged) holds up the specs
// behind it, which wait up to 20 s for theirs, so it is given up sooner than the default 2 min.
config.limits.thumbnailJobMs = 15_000
const app = await buildApp(config)
await app.listen({ port: config.port, host: '127.0.0.1' })
// The first account becomes the server's admin (DESIGN §7): made here, before any spec signs up.
// Over HTTP like every client (an injected request never completes its body, and would meet the
// body deadline of plugins/request-timeouts.ts with a socket that cannot be cut).
const admin = await fetch(`${E2E_BASE_URL}/user-service/create`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', uuid: randomUUID() },
  body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
})
if (admin.status !== 201) throw new Error(`admin sign-up failed: ${admin.status} ${await admin.text()}`)
const stop = async () => {
  try {
    mailbox.close()
    await app.close()
    await idp.close()
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  await sink.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
