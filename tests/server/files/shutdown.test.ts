// Stopping with SIGTERM (server/shutdown.ts): requests in flight finish within the grace period,
// a stalled download cannot hold the stop past it, and the close hooks still run, so the process
// exits 0 and the next server on the same storage serves every completed upload intact.
import { createHash } from 'node:crypto'
import { request, type ClientRequest, type IncomingMessage } from 'node:http'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { createBacking, startChild, type Backing, type ChildServer } from '../helpers/child-server.ts'
import { randomBytes } from '../helpers/drive.ts'

const GRACE_MS = 1_000
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let backing: Backing
let child: ChildServer
let user: Browser

beforeEach(async () => {
  backing = await createBacking()
  child = await startChild(backing, { limits: { shutdownGraceMs: GRACE_MS } })
  user = new Browser(child.url)
  await user.signup(uniqueEmail('shutdown'))
})

afterEach(async () => {
  await child?.stop()
  await backing?.close()
})

const cookieOf = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ')

/** SIGTERM, then how long the process took to exit and its code. */
async function terminate(server: ChildServer) {
  const started = Date.now()
  process.kill(server.pid, 'SIGTERM')
  while (!server.exited) await sleep(20)
  return { ms: Date.now() - started, code: server.exitCode }
}

/** A new server on the same storage, with the same browser's session. */
async function restart() {
  child = await startChild(backing, { limits: { shutdownGraceMs: GRACE_MS } })
  const next = new Browser(child.url, user.uuid)
  for (const [k, v] of user.cookies) next.cookies.set(k, v)
  user = next
}

it('given a download paused mid-body, when SIGTERM arrives, then its connection is cut after the grace period and the server exits cleanly', async () => {
  const data = randomBytes(8 * 1024 * 1024, 1)
  const up = await user.upload('big.bin', data)
  expect(up.status, up.text).toBe(201)

  // The client reads one chunk and stops reading: the server's writes back up and never finish.
  let response!: IncomingMessage
  let req!: ClientRequest
  await new Promise<void>((resolve, reject) => {
    req = request(
      `${child.url}/file-service/download/${up.body._id}`,
      { headers: { cookie: cookieOf(user) } },
      (res) => {
        response = res
        res.once('data', () => {
          res.pause()
          resolve()
        })
      },
    )
    req.on('error', reject).end()
  })

  const { ms, code } = await terminate(child)
  expect(code).toBe(0)
  expect(ms).toBeGreaterThanOrEqual(GRACE_MS - 50)
  // Reading on drains what was already in flight and then meets the cut: the body is incomplete.
  const received = await new Promise<number>((resolve) => {
    let bytes = 0
    response.on('data', (d: Buffer) => (bytes += d.length))
    response.on('error', () => {})
    response.once('close', () => resolve(response.complete ? -1 : bytes))
    response.resume()
  })
  expect(received).toBeGreaterThan(0)
  expect(received).toBeLessThan(data.length)

  await restart()
  const back = await user.bytes(`/file-service/download/${up.body._id}`)
  expect(back.status).toBe(200)
  expect(sha(back.body)).toBe(sha(data))
})

it('given an upload still sending when SIGTERM arrives, when it finishes within the grace period, then it is answered 201 and kept intact', async () => {
  const data = randomBytes(2 * 1024 * 1024, 2)
  const boundary = '----cumulus-shutdown'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nlate.bin\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="parent"\r\n\r\n/\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const half = data.length / 2
  const answer = new Promise<{ status?: number; body: string }>((resolve, reject) => {
    const req = request(`${child.url}/file-service/upload`, {
      method: 'POST',
      headers: {
        cookie: cookieOf(user),
        uuid: user.uuid!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + data.length + tail.length),
      },
    })
    req.on('error', reject)
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    req.write(head)
    req.write(data.subarray(0, half), async () => {
      await sleep(200)
      const stopped = terminate(child)
      await sleep(300)
      req.end(Buffer.concat([data.subarray(half), tail]))
      void stopped
    })
  })

  const reply = await answer
  expect(reply.status, reply.body).toBe(201)
  while (!child.exited) await sleep(20)
  expect(child.exitCode).toBe(0)

  await restart()
  const id = (JSON.parse(reply.body) as { _id: string })._id
  const back = await user.bytes(`/file-service/download/${id}`)
  expect(back.status).toBe(200)
  expect(sha(back.body)).toBe(sha(data))
})
