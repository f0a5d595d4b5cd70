// The email rule (util/email.ts) at every door an address comes in by: sign-up, sign-up with an
// invite, an admin's create and an invite to an address (single sign-on: sign-in/oidc.test.ts). Addresses a mailer would
// rewrite or split are "Email is invalid", and nothing is made. One server for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { type Family, startFamily } from './family-helpers.ts'

/** Shapes a mailer rewrites: a second recipient, a quoted local part, a display name, control characters. */
export const REWRITTEN_EMAILS = [
  'j,k@example.com',
  'j@example.com,k@example.com',
  '"h"@example.com',
  '<e>@example.com',
  'e@example.com>',
  'Eve <e@example.com>',
  'a\r\nbcc@example.com',
  'a\nb@example.com',
  'tab\tx@example.com',
  'nul\0x@example.com',
  'del\u007fx@example.com',
  'x@exa\u0085mple.com',
  'x;y@example.com',
  'x(comment)@example.com',
  'x@[127.0.0.1]',
  '.x@example.com',
  'x..y@example.com',
  'x@-example.com',
  'x@example..com',
]

let f: Family
beforeAll(async () => {
  f = await startFamily({ env: { SIGNUP: 'open' }, limits: { loginPerIp: 10_000 } })
})
afterAll(() => f.server.close())

const invalid = { statusCode: 400, code: 'BAD_REQUEST', message: 'Email is invalid' }
// Compared here, not in SQL: PostgreSQL refuses a NUL in a query's text.
const accountOf = async (email: string) =>
  (await f.server.app.cumulus.db.selectFrom('users').select('email').execute()).find(
    (u) => u.email === email.toLowerCase(),
  )

describe('an address a mailer would rewrite', () => {
  it('given each shape, then sign-up, sign-up with an invite, the admin create and an invite to the address all answer 400 "Email is invalid", and no account is made', async () => {
    for (const email of REWRITTEN_EMAILS) {
      const invite = (await f.admin.post('/admin/invites')).body.url.split('/invite/')[1]
      const replies = {
        signup: await new Browser(f.server.url).post('/user-service/create', { email, password: 'secret123' }),
        invite: await new Browser(f.server.url).post('/user-service/create', { email, password: 'secret123', invite }),
        admin: await f.admin.post('/admin/users', { email, password: 'secret123' }),
        inviteTo: await f.admin.post('/admin/invites', { email }),
      }
      for (const [door, r] of Object.entries(replies))
        expect(r.body, `${door} ${JSON.stringify(email)}`).toEqual(invalid)
      expect(await accountOf(email.trim())).toBeUndefined()
    }
  })

  it('given ordinary addresses (plus tags, apostrophes, non-ASCII letters), then each door takes them', async () => {
    const stamp = Date.now().toString(36)
    const ok = (n: number) => [
      `o'brien+${stamp}${n}@example.com`,
      `jos\u00e9.${stamp}${n}@b\u00fccher.example`,
      `x_${stamp}${n}@sub.example-mail.com`,
    ]
    for (const email of ok(1))
      expect(
        (await new Browser(f.server.url).post('/user-service/create', { email, password: 'secret123' })).status,
        email,
      ).toBe(201)
    for (const email of ok(2))
      expect((await f.admin.post('/admin/users', { email, password: 'secret123' })).status, email).toBe(201)
  })
})
