// Slow clients (issue 16): one address cannot hold more than MAX_CONNECTIONS_PER_IP connections,
// a request that trickles in is cut after its deadline, and an upload is cut only when it stops.
// Raw sockets from 127.0.0.1 play the attacker; 127.0.0.2 is everybody else.
import { get, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { trustedPeer } from '../../server/plugins/connections.ts'
import { clientKey } from '../../server/util/client-address.ts'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { blobKeys, expectConsistent, randomBytes } from './helpers/drive.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const portOf = (server: TestServer) => Number(new URL(server.url).port)

/** A raw connection that sends `text` and then nothing more. */
interface Raw {
  socket: Socket
  received: () => string
  closed: Promise<void>
  readonly isClosed: boolean
}
function openRaw(server: TestServer, text: string | Buffer, localAddress = '127.0.0.1'): Raw {
  const socket = connect({ host: '127.0.0.1', port: portOf(server), localAddress })
  let data = ''
  let isClosed = false
  socket.setEncoding('utf8').on('data', (d: string) => (data += d))
  socket.on('error', () => {})
  socket.on('connect', () => socket.write(text))
  const closed = new Promise<void>((r) =>
    socket.once('close', () => {
      isClosed = true
      r()
    }),
  )
  return {
    socket,
    received: () => data,
    closed,
    get isClosed() {
      return isClosed
    },
  }
}

/** Resolves true when `p` settles within `ms`, false otherwise. */
const within = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), sleep(ms).then(() => false)])

/** GET /healthz from `localAddress` on a connection of its own. */
const health = (server: TestServer, localAddress: string) =>
  new Promise<number>((resolve, reject) => {
    const req = get(`${server.url}/healthz`, { localAddress, agent: false, timeout: 10_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode!))
    })
    req.on('timeout', () => req.destroy(new Error('healthz timed out')))
    req.on('error', reject)
  })

const LOGIN_HEAD = 'POST /user-service/login HTTP/1.1\r\nhost: x\r\nuuid: slow\r\ncontent-type: application/json\r\n'
/** Headers in full, then a third of the JSON body it announced. */
const STALLED_BODY = `${LOGIN_HEAD}content-length: 60\r\n\r\n{"email":"slow@example.com",`

const opened: Raw[] = []
afterEach(() => {
  for (const r of opened.splice(0)) r.socket.destroy()
})

describe('connections per address', () => {
  let server: TestServer
  const CAP = 20
  beforeAll(async () => {
    server = await startServer({ limits: { connectionsPerIp: CAP } })
  })
  afterAll(() => server.close())

  it('given hundreds of stalled connections from one address, then only MAX_CONNECTIONS_PER_IP stay open and /healthz from another address answers', async () => {
    for (let i = 0; i < 300; i++) opened.push(openRaw(server, i % 2 ? STALLED_BODY : LOGIN_HEAD))
    const refused = () => opened.filter((r) => r.isClosed).length
    for (let i = 0; i < 100 && refused() < 300 - CAP; i++) await sleep(100)
    expect(refused()).toBe(300 - CAP)
    // The refused ones were closed unanswered: nothing was parsed for them.
    expect(opened.filter((r) => r.isClosed && r.received() !== '')).toEqual([])

    expect(await health(server, '127.0.0.2')).toBe(200)
    // The flooding address itself is still over its cap.
    await expect(health(server, '127.0.0.1')).rejects.toThrow()
  })

  it('given the stalled connections closed, then the address is served again', async () => {
    for (let i = 0; i < CAP; i++) opened.push(openRaw(server, LOGIN_HEAD))
    for (let i = 0; i < 50 && opened.some((r) => r.socket.connecting); i++) await sleep(50)
    for (const r of opened.splice(0)) r.socket.destroy()
    // The server counts an address down when it sees the close, a moment after ours.
    let status = 0
    for (let i = 0; i < 50 && status !== 200; i++)
      status = await health(server, '127.0.0.1').catch(() => sleep(100).then(() => 0))
    expect(status).toBe(200)
  })

  it('given TRUST_PROXY naming the peer, then the proxy is not capped; naming another, then the peer is', async () => {
    for (const [trust, open] of [
      ['127.0.0.1', 3 * CAP],
      ['10.0.0.1', CAP],
    ] as const) {
      const s = await startServer({ limits: { connectionsPerIp: CAP }, env: { TRUST_PROXY: trust } })
      try {
        const raws = Array.from({ length: 3 * CAP }, () => openRaw(s, LOGIN_HEAD))
        opened.push(...raws)
        const settled = () => raws.filter((r) => r.isClosed).length === 3 * CAP - open
        for (let i = 0; i < 50 && !settled(); i++) await sleep(100)
        await sleep(200)
        expect(
          raws.filter((r) => !r.isClosed),
          trust,
        ).toHaveLength(open)
        for (const r of raws) r.socket.destroy()
      } finally {
        await s.close()
      }
    }
  })
})

describe('client keys and trusted peers', () => {
  it('given IPv4, IPv4-mapped and IPv6 peers, then IPv6 counts per /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'))
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('given TRUST_PROXY forms, then the peers trusted as proxies', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false)
    expect(trustedPeer(1)('198.51.100.1')).toBe(true)
    const list = trustedPeer(['10.0.0.0/8', '127.0.0.1', '2001:db8::/32'])
    expect(['10.1.2.3', '127.0.0.1', '::ffff:127.0.0.1', '2001:db8:5::1'].map(list)).toEqual([true, true, true, true])
    expect(['11.0.0.1', '127.0.0.2', '2001:db9::1'].map(list)).toEqual([false, false, false])
    const named = trustedPeer(['loopback', 'uniquelocal'])
    expect(['127.0.0.5', '::1', '192.168.1.1', 'fd00::1', '8.8.8.8'].map(named)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ])
  })
})

describe('request deadlines', () => {
  let server: TestServer
  let alice: Browser
  const REQUEST_MS = 1_000
  const IDLE_MS = 1_500
  beforeAll(async () => {
    server = await startServer({
      limits: { headersTimeoutMs: REQUEST_MS, requestTimeoutMs: REQUEST_MS, uploadIdleTimeoutMs: IDLE_MS },
    })
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('deadline'))
  })
  afterAll(() => server.close())

  it.each([
    ['its headers', LOGIN_HEAD],
    ['its body', STALLED_BODY],
  ])(
    'given a request that stalls in %s, then it is cut with 408 after the deadline, not before',
    async (_what, text) => {
      const started = Date.now()
      const raw = openRaw(server, text)
      opened.push(raw)
      expect(await within(raw.closed, 10_000)).toBe(true)
      expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_MS - 50)
      expect(raw.received()).toMatch(/^HTTP\/1\.1 408 /)
      expect(await health(server, '127.0.0.2')).toBe(200)
    },
  )

  it('given a kept-alive connection idle for longer than the deadlines, then its next request is served', async () => {
    const raw = openRaw(server, 'GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n')
    opened.push(raw)
    await sleep(2.5 * REQUEST_MS)
    raw.socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n')
    for (let i = 0; i < 50 && raw.received().split('HTTP/1.1 200').length < 3; i++) await sleep(50)
    expect(raw.received().split('HTTP/1.1 200')).toHaveLength(3)
    expect(raw.isClosed).toBe(false)
  })

  /** The upload form Browser.upload sends, as bytes. */
  async function uploadForm(filename: string, data: Buffer) {
    const form = new FormData()
    for (const [k, v] of [
      ['filename', filename],
      ['parent', '/'],
      ['currentID', '/'],
      ['size', String(data.length)],
    ])
      form.append(k!, v!)
    form.append('file', new Blob([data as BlobPart]), filename)
    const encoded = new Request('http://x/', { method: 'POST', body: form })
    return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! }
  }

  /** POSTs `body` to the upload route in `chunks` pieces `gapMs` apart, or stops after `stopAfter`. */
  function slowUpload(body: Buffer, type: string, opts: { chunks: number; gapMs: number; stopAfter?: number }) {
    return new Promise<{ status: number; text: string } | 'cut'>((resolve) => {
      const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const req = request(`${server.url}/file-service/upload`, {
        method: 'POST',
        agent: false,
        headers: { cookie, uuid: alice.uuid!, 'content-type': type, 'content-length': String(body.length) },
      })
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (d: string) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, text }))
        res.on('error', () => resolve('cut'))
      })
      req.on('error', () => resolve('cut'))
      void (async () => {
        const size = Math.ceil(body.length / opts.chunks)
        for (let i = 0; i < opts.chunks; i++) {
          if (opts.stopAfter !== undefined && i === opts.stopAfter) return
          req.write(body.subarray(i * size, (i + 1) * size))
          await sleep(opts.gapMs)
        }
        req.end()
      })()
    })
  }

  it('given an upload that keeps sending slowly past the request deadline, then it succeeds', async () => {
    const { body, type } = await uploadForm('steady.bin', randomBytes(64 * 1024, 3))
    const started = Date.now()
    const res = await slowUpload(body, type, { chunks: 16, gapMs: 250 })
    expect(Date.now() - started).toBeGreaterThan(3 * REQUEST_MS)
    expect(res).toMatchObject({ status: 201 })
    const list = await alice.get('/file-service/list?search=steady')
    expect(list.body).toMatchObject([{ filename: 'steady.bin', length: 64 * 1024 }])
  })

  it('given an upload that stops sending, then it is cut after the idle timeout, leaving no row and no blob', async () => {
    const before = await blobKeys(server)
    const { body, type } = await uploadForm('stopped.bin', randomBytes(256 * 1024, 4))
    const started = Date.now()
    const res = await Promise.race([
      slowUpload(body, type, { chunks: 8, gapMs: 100, stopAfter: 4 }),
      sleep(15_000).then(() => 'still open' as const),
    ])
    expect(res === 'cut' || (typeof res === 'object' && res.status === 408), JSON.stringify(res)).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS)
    for (let i = 0; i < 50 && (await blobKeys(server)).length !== before.length; i++) await sleep(100)
    expect(await blobKeys(server)).toEqual(before)
    expect((await alice.get('/file-service/list?search=stopped')).body).toEqual([])
    await expectConsistent(server, expect)
  })
})
