// The ways back in when the second factor is gone: the console's `disable-two-step` (a lost phone
// and lost recovery codes), and a changed SECRET, after which no sealed secret opens: codes are
// refused as wrong (never a 500) until the console turns it off.
import { describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../../server/cli/admin.ts'
import { Browser } from '../helpers/client.ts'
import { startServer } from '../helpers/server.ts'
import { awayFromStepEdge, codeAt, enrolled, pastPassword, secondFactor } from './two-factor-helpers.ts'

const adminConsole = (config: Parameters<typeof runAdminCommand>[1], ...args: string[]) => {
  const out: string[] = []
  const err: string[] = []
  return runAdminCommand(
    args,
    config,
    (l) => out.push(l),
    (l) => err.push(l),
  ).then((code) => ({ code, out, err }))
}

describe('npm run admin -- disable-two-step <email>', () => {
  it('given an account with it on, then it is off and the password alone signs in; again, it says it was not on; an unknown email fails', async () => {
    const server = await startServer()
    try {
      const e = await enrolled(server, 'console')
      const first = await adminConsole(server.config, 'disable-two-step', e.email.toUpperCase())
      expect(first.code).toBe(0)
      expect(first.out).toEqual([`Two-step verification is off for ${e.email}: the password alone signs in.`])
      const login = await new Browser(server.url).login(e.email, e.password)
      expect(login.status).toBe(200)
      expect(login.body.user.email).toBe(e.email)
      expect(await e.b.get('/user-service/audit').then((r) => r.body.events)).toContainEqual(
        expect.objectContaining({ type: 'second-factor.disable', detail: 'authenticator app, from the console' }),
      )
      expect((await adminConsole(server.config, 'disable-two-step', e.email)).out).toEqual([
        `Two-step verification was not on for ${e.email}.`,
      ])
      const unknown = await adminConsole(server.config, 'disable-two-step', 'nobody@example.com')
      expect(unknown.code).toBe(1)
      expect(unknown.err).toEqual(['No account with the email nobody@example.com'])
    } finally {
      await server.close()
    }
  })
})

describe('a changed SECRET', () => {
  it('given it changed after enrolment, then codes and recovery codes are refused as wrong, not a 500; the console turns it off', async () => {
    const before = await startServer({ keepData: true, env: { SECRET: 'a'.repeat(40) } })
    let e: Awaited<ReturnType<typeof enrolled>>
    try {
      e = await enrolled(before, 'secret-change')
    } finally {
      await before.close()
    }
    const after = await startServer({
      dataDir: before.dataDir,
      schema: before.config.databaseSchema!,
      env: { SECRET: 'b'.repeat(40) },
    })
    try {
      const b = await pastPassword(after, e)
      await awayFromStepEdge()
      const code = await secondFactor(b, { code: await codeAt(e.secret) })
      expect(code.status).toBe(401)
      expect(code.body.code).toBe('INCORRECT_CODE')
      const recovery = await secondFactor(b, { recoveryCode: e.recoveryCodes[0]! })
      expect(recovery.status).toBe(401)
      expect(recovery.body.code).toBe('INCORRECT_CODE')
      expect((await adminConsole(after.config, 'disable-two-step', e.email)).code).toBe(0)
      expect((await new Browser(after.url).login(e.email, e.password)).body.user.email).toBe(e.email)
    } finally {
      await after.close()
    }
  })
})
