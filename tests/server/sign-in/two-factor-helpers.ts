// Shared set-up of the two-factor suites: an account with an authenticator enrolled, and the
// codes an authenticator app would show, computed from the secret setup revealed.
import { generate } from 'otplib'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import type { TestServer } from '../helpers/server.ts'

/** Seconds since the epoch, moved by `steps` time steps of 30 s (a phone whose clock is off). */
const epochAt = (steps: number) => Math.floor(Date.now() / 1000) + steps * 30

/** The code an authenticator shows `steps` time steps from now. */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: epochAt(steps) })

/**
 * Waits out the last two seconds of a time step, so a code made now is checked in the same step
 * by the server (a code made at 29.9 s and checked at 30.1 s would be one step older there).
 */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = Date.now() % 30_000
  if (intoStep > 28_000) await new Promise((r) => setTimeout(r, 30_000 - intoStep + 50))
}

export interface Enrolled {
  b: Browser
  email: string
  password: string
  id: string
  secret: string
  recoveryCodes: string[]
}

/** Signs up, sets up and enables TOTP (with the previous step's code, so the current one is unused). */
export async function enrolled(server: TestServer, tag = 'totp'): Promise<Enrolled> {
  const b = new Browser(server.url)
  const email = uniqueEmail(tag)
  const password = 'secret123'
  const { user } = await b.signup(email, password)
  const setup = await b.post('/user-service/totp/setup')
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${setup.text}`)
  await awayFromStepEdge()
  const enable = await b.post('/user-service/totp/enable', { code: await codeAt(setup.body.secret, -1), password })
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${enable.text}`)
  return { b, email, password, id: user._id, secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes }
}

/** A fresh browser past the password step, holding the challenge cookie. */
export async function pastPassword(server: TestServer, who: Pick<Enrolled, 'email' | 'password'>): Promise<Browser> {
  const b = new Browser(server.url)
  const r = await b.login(who.email, who.password)
  if (r.status !== 200 || !r.body.secondFactor) throw new Error(`expected a second-factor step: ${r.status} ${r.text}`)
  return b
}

export const secondFactor = (b: Browser, answer: { code?: string; recoveryCode?: string }) =>
  b.post('/user-service/login/second-factor', answer)
