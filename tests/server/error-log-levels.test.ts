// server/errors.ts: what reaches the log at error level is what someone should look into. A 503
// that tells the client when to retry (a preview still being made) is logged below it.
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errors, installErrorHandler } from '../../server/errors.ts'

const lines: Array<{ level: number; msg: string }> = []
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})
const app = Fastify({ logger: { level: 'info', stream: sink } })
installErrorHandler(app)
app.get('/pending', async () => {
  throw errors.previewPending()
})
app.get('/mail', async () => {
  throw errors.mailFailed()
})
beforeAll(() => app.ready())
afterAll(() => app.close())

const ERROR = 50
const levelOf = (msg: string) => lines.find((l) => l.msg === msg)?.level

describe('error log levels', () => {
  it('given a preview still being made, then the 503 keeps its retry-after and is logged below error level', async () => {
    const res = await app.inject('/pending')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(levelOf(errors.previewPending().message)).toBeLessThan(ERROR)
  })

  it('given mail that could not be sent, then the 503 is logged at error level', async () => {
    const res = await app.inject('/mail')
    expect(res.statusCode).toBe(503)
    expect(levelOf(errors.mailFailed().message)).toBe(ERROR)
  })
})
