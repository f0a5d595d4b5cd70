// Access-token verification remembers tokens jose already accepted (the HMAC was most of auth's
// CPU). These pin what must not change with it: every check except the signature still runs on
// every request, and nothing but the exact accepted token text skips the signature.
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { defaultLimits } from '../../server/config.ts'
import type { Session } from '../../server/db/schema.ts'
import type { SessionsRepository } from '../../server/repositories/sessions.ts'
import { createSessionService } from '../../server/services/sign-in/sessions.ts'

/** An in-memory sessions table and a hand-driven clock. */
function setup() {
  const rows = new Map<string, Session>()
  let livenessReads = 0
  const repo = {
    insert: async (s: Session) => void rows.set(s.id, { ...s }),
    liveness: async (id: string) => {
      livenessReads++
      return rows.get(id)
    },
    revoke: async (id: string, at: number) => {
      const s = rows.get(id)
      if (s && s.revoked_at === null) s.revoked_at = at
    },
  } as unknown as SessionsRepository
  const clock = { t: Date.UTC(2026, 0, 1) }
  const sessions = createSessionService({
    sessions: repo,
    secret: 'test-secret',
    limits: defaultLimits,
    now: () => clock.t,
  })
  return { sessions, rows, clock, livenessReads: () => livenessReads }
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { statusCode?: number }) => e.statusCode ?? 500,
  )

describe('access token verification', () => {
  it('given a token used before, then the session row is still read on every request', async () => {
    const { sessions, livenessReads } = setup()
    const { accessToken } = await sessions.start('user-1', 'browser-1')
    for (let i = 0; i < 3; i++)
      expect(await sessions.verify(accessToken)).toEqual({ userId: 'user-1', sessionId: expect.any(String) })
    expect(livenessReads()).toBe(3)
  })

  it('given a verified token whose session is then revoked, then the next request is 401', async () => {
    const { sessions, rows } = setup()
    const { accessToken } = await sessions.start('user-1', 'browser-1')
    const { sessionId } = await sessions.verify(accessToken)
    rows.get(sessionId)!.revoked_at = Date.now()
    expect(await status(sessions.verify(accessToken))).toBe(401)
  })

  it('given a verified token, then it is refused from the second its exp names', async () => {
    const { sessions, clock } = setup()
    const { accessToken } = await sessions.start('user-1', 'browser-1')
    const exp = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp
    clock.t = exp * 1000 - 1
    expect(await status(sessions.verify(accessToken))).toBe(200)
    clock.t = exp * 1000
    expect(await status(sessions.verify(accessToken))).toBe(401)
    // …and stays refused, also when asked again (no stale entry brings it back).
    expect(await status(sessions.verify(accessToken))).toBe(401)
  })

  it('given a verified token, then any altered signature, payload or header is still refused', async () => {
    const { sessions } = setup()
    const { accessToken } = await sessions.start('user-1', 'browser-1')
    await sessions.verify(accessToken)
    const [h, p, s] = accessToken.split('.') as [string, string, string]
    // The first character: all six of its bits are data (the last one's low bits are padding).
    const flip = (x: string) => `${x.startsWith('A') ? 'B' : 'A'}${x.slice(1)}`
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>
    const otherPayload = Buffer.from(JSON.stringify({ ...payload, sub: 'user-2' })).toString('base64url')
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')
    for (const forged of [
      `${h}.${p}.${flip(s)}`,
      `${h}.${otherPayload}.${s}`,
      `${noneHeader}.${p}.`,
      `${noneHeader}.${p}.${s}`,
      `${h}.${p}`,
      `${accessToken}.x`,
    ]) {
      expect(await status(sessions.verify(forged)), forged).toBe(401)
    }
    expect(await status(sessions.verify(accessToken))).toBe(200)
  })

  it('given a token signed with another secret, then 401', async () => {
    const { sessions } = setup()
    const { accessToken } = await sessions.start('user-1', 'browser-1')
    const { sessionId } = await sessions.verify(accessToken)
    const key = new TextEncoder().encode('x'.repeat(32))
    const foreign = await new SignJWT({ sid: sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setExpirationTime('1h')
      .sign(key)
    expect(await status(sessions.verify(foreign))).toBe(401)
  })

  it('given a verified stream token, then it never passes as an access token, nor the reverse', async () => {
    const { sessions } = setup()
    const { accessToken } = await sessions.start('user-1', 'browser-1')
    const principal = await sessions.verify(accessToken)
    const streamToken = await sessions.signStream(principal)
    expect(await sessions.verifyStream(streamToken)).toEqual(principal)
    expect(await status(sessions.verify(streamToken))).toBe(401)
    expect(await status(sessions.verifyStream(accessToken))).toBe(401)
  })

  it('given more live tokens than the memo holds, then the oldest still verify (the memo only saves work)', async () => {
    const { sessions } = setup()
    const tokens: string[] = []
    // The memo keeps 4096 tokens; one more than that pushes the first out.
    for (let i = 0; i < 4097; i++) tokens.push((await sessions.start(`user-${i}`, 'browser')).accessToken)
    for (const t of tokens) await sessions.verify(t)
    expect(await sessions.verify(tokens[0]!)).toEqual({ userId: 'user-0', sessionId: expect.any(String) })
    expect(await sessions.verify(tokens.at(-1)!)).toEqual({ userId: 'user-4096', sessionId: expect.any(String) })
  })
})
