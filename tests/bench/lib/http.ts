// HTTP plumbing for the bench: a lean keep-alive client for latency and req/s (node:http's
// client costs more CPU than a hello-world server on this 2-core machine, which would cap the
// baseline and flatter the ratio), and streaming upload/download helpers for throughput.
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { pipeline } from 'node:stream/promises'

export interface RawReply {
  status: number
  body: Buffer
  /** The body is gzipped (content-encoding: gzip). */
  gzipped: boolean
}

/**
 * One persistent HTTP/1.1 connection, one request in flight at a time. Handles only
 * `content-length` replies, which is what Fastify sends for JSON; anything else is an error.
 */
/** What Chromium sends: Cumulus gzips the lists it keeps for those who accept it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

export class Conn {
  private chunks: Buffer[] = []
  private size = 0
  private waiting: { resolve: (r: RawReply) => void; reject: (e: Error) => void } | undefined

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true)
    socket.on('data', (c: Buffer) => this.onData(c))
    socket.on('error', (e) => this.fail(e))
    socket.on('close', () => this.fail(new Error('connection closed')))
  }

  static open(port: number): Promise<Conn> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(new Conn(s)))
      s.once('error', reject)
    })
  }

  /** A GET request as bytes, built once and reused by load loops; it accepts what browsers accept. */
  static get(path: string, cookie?: string): Buffer {
    return Buffer.from(
      `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept-encoding: ${BROWSER_ACCEPT_ENCODING}\r\n${cookie ? `cookie: ${cookie}\r\n` : ''}\r\n`,
    )
  }

  send(req: Buffer): Promise<RawReply> {
    if (this.waiting) return Promise.reject(new Error('request already in flight'))
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.socket.write(req)
    })
  }

  close(): void {
    this.waiting = undefined
    this.socket.destroy()
  }

  private fail(e: Error) {
    const w = this.waiting
    this.waiting = undefined
    w?.reject(e)
  }

  private onData(c: Buffer) {
    this.chunks.push(c)
    this.size += c.length
    const buf = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size)
    const headEnd = buf.indexOf('\r\n\r\n')
    if (headEnd < 0) return
    const head = buf.toString('latin1', 0, headEnd)
    const len = /\r\ncontent-length:\s*(\d+)/i.exec(head)
    if (!len) return this.fail(new Error(`reply without content-length: ${head.split('\r\n')[0]}`))
    const total = headEnd + 4 + Number(len[1])
    if (buf.length < total) {
      this.chunks = [buf]
      return
    }
    // One request in flight: anything past this reply would be a protocol error.
    this.chunks = []
    this.size = 0
    const w = this.waiting
    this.waiting = undefined
    w?.resolve({
      status: Number(head.slice(9, 12)),
      body: buf.subarray(headEnd + 4, total),
      gzipped: /\r\ncontent-encoding:\s*gzip/i.test(head),
    })
  }
}

/** GET → parsed JSON over a Conn; throws on a non-2xx status so a broken bench is loud. */
export async function getJson<T>(conn: Conn, path: string, cookie?: string): Promise<T> {
  const r = await conn.send(Conn.get(path, cookie))
  if (r.status >= 300) throw new Error(`GET ${path} → ${r.status} ${r.body.toString().slice(0, 200)}`)
  return JSON.parse((r.gzipped ? gunzipSync(r.body) : r.body).toString()) as T
}

/** Times one request in milliseconds. */
export async function timed(conn: Conn, req: Buffer): Promise<number> {
  const t = process.hrtime.bigint()
  const r = await conn.send(req)
  const ms = Number(process.hrtime.bigint() - t) / 1e6
  if (r.status !== 200) throw new Error(`status ${r.status}: ${r.body.toString().slice(0, 200)}`)
  return ms
}

/**
 * `bytes` of payload as 1 MiB slices of one random buffer: nothing proportional to the size is
 * ever held in memory, and random bytes keep any compression or dedup out of the picture.
 */
export function* payload(bytes: number): Generator<Buffer> {
  const block = Buffer.alloc(1 << 20)
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i)
  for (let left = bytes; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left)
}

export interface Upload {
  port: number
  path: string
  /** POST unless given (a tus piece is a PATCH). */
  method?: string
  headers: Record<string, string | number>
  /** Sent before and after the payload (multipart framing); empty for a raw body. */
  prefix?: Buffer
  suffix?: Buffer
  bytes: number
  /** These bytes as the payload (then `bytes` is their length); else `bytes` random ones, new each call. */
  data?: Buffer
}

/** Streams a body of `prefix + bytes + suffix`; returns seconds until the full reply arrived and the reply text. */
export async function streamUpload(u: Upload): Promise<{ seconds: number; status: number; text: string }> {
  const prefix = u.prefix ?? Buffer.alloc(0)
  const suffix = u.suffix ?? Buffer.alloc(0)
  const t = process.hrtime.bigint()
  const req = request({
    host: '127.0.0.1',
    port: u.port,
    path: u.path,
    method: u.method ?? 'POST',
    agent: false,
    headers: { ...u.headers, 'content-length': prefix.length + u.bytes + suffix.length },
  })
  const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
  function* body() {
    if (prefix.length) yield prefix
    if (u.data) yield u.data
    else yield* payload(u.bytes)
    if (suffix.length) yield suffix
  }
  await pipeline(Readable.from(body(), { objectMode: false }), req)
  const r = await reply
  return { ...r, seconds: Number(process.hrtime.bigint() - t) / 1e9 }
}

/** Multipart framing for POST /file-service/upload as the web client sends it (fields, then the file). */
export function multipartFraming(filename: string, bytes: number, parent = '/', extra: Record<string, string> = {}) {
  const boundary = `----cumulusbench${Math.random().toString(16).slice(2)}`
  const field = (name: string, value: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const prefix = Buffer.from(
    field('filename', filename) +
      field('parent', parent) +
      field('currentID', parent) +
      field('size', String(bytes)) +
      Object.entries(extra)
        .map(([k, v]) => field(k, v))
        .join('') +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  )
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    prefix,
    suffix: Buffer.from(`\r\n--${boundary}--\r\n`),
  }
}

/** Downloads and discards a body; returns seconds and the byte count (checked by the caller). */
export function streamDownload(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ seconds: number; bytes: number; status: number }> {
  const t = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      let bytes = 0
      res.on('data', (c: Buffer) => (bytes += c.length))
      res.on('end', () =>
        resolve({ seconds: Number(process.hrtime.bigint() - t) / 1e9, bytes, status: res.statusCode ?? 0 }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * Closed-loop load: `connections` keep-alive connections, each sending the next request as soon
 * as the previous reply arrived, for `seconds`. Returns completed requests per second.
 */
/** `req` is one request sent again and again, or a function making the n-th request. */
export async function load(
  port: number,
  req: Buffer | ((n: number) => Buffer),
  connections: number,
  seconds: number,
): Promise<{ rps: number; requests: number; errors: number }> {
  const conns = await Promise.all(Array.from({ length: connections }, () => Conn.open(port)))
  const end = Date.now() + seconds * 1000
  let requests = 0
  let errors = 0
  const t = process.hrtime.bigint()
  await Promise.all(
    conns.map(async (c) => {
      while (Date.now() < end) {
        const r = await c.send(typeof req === 'function' ? req(requests + errors) : req)
        if (r.status === 200) requests++
        else errors++
      }
    }),
  )
  const elapsed = Number(process.hrtime.bigint() - t) / 1e9
  conns.forEach((c) => c.close())
  return { rps: requests / elapsed, requests, errors }
}
