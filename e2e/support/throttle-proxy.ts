// A reverse proxy in front of the e2e server that slows request bodies down and counts them, for
// specs that need an upload still in flight when they act (a reload, a lost connection) and want to
// know how many bytes the server was sent. Only bodies are throttled (a token bucket shared by all
// requests, so the line is one slow uplink); replies pass as they come. The count is of the bytes
// written upstream, i.e. what the server received, per tus upload URL.
import { createServer, type IncomingMessage, request as httpRequest, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** One request with a body that went through the proxy. */
export interface BodyRecord {
  method: string
  path: string
  /** The tus upload it belongs to: the PATCH's path, or the creating POST's Location once answered. */
  uploadUrl: string | undefined
  /** Body bytes passed on to the server. */
  bytes: number
  status: number | undefined
  /** Upload-Offset the request said it starts at (PATCH). */
  requestOffset: number | undefined
  /** Upload-Offset of the reply, if any. */
  offset: number | undefined
  /** Cumulus-File-Id of the reply: the request that completed the upload. */
  fileId: string | undefined
  /** When it arrived (ms since the proxy started). */
  at: number
  /** How it ended: answered, aborted by the client, or cut by `cut()`. */
  end: 'open' | 'answered' | 'aborted' | 'cut'
}

export interface ThrottleProxy {
  url: string
  /** Every request that carried a body, and every tus request (HEAD, DELETE too), in arrival order. */
  records: BodyRecord[]
  /** Body bytes the server received for one tus upload URL (path). */
  bytesFor(uploadUrl: string): number
  /** Body bytes the server received for every tus request (creating POSTs and PATCHes). */
  tusBytes(): number
  /** Changes the uplink's speed (bytes per second) from now on. */
  setRate(bytesPerSecond: number): void
  /** Drops every connection whose request body is still arriving, both sides, as a network cut would. */
  cut(): number
  close(): Promise<void>
}

const TUS_PATH = '/file-service/uploads'
/** Bucket size: the largest burst, and the largest piece written at once. */
const BURST = 256 * 1024

/** Until `stream` can take more, or is gone. */
const drained = (stream: NodeJS.WritableStream & { destroyed: boolean }) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    stream.on('close', done)
  })

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A token bucket whose rate can change while requests wait on it. */
function tokenBucket(initialRate: number) {
  let rate = initialRate
  let tokens = 0
  let at = Date.now()
  const refill = () => {
    const now = Date.now()
    tokens = Math.min(BURST, tokens + ((now - at) * rate) / 1000)
    at = now
  }
  return {
    setRate(next: number) {
      refill()
      rate = next
    },
    /** Waits until `n` (≤ BURST) bytes may go. Callers take turns in order of the chain below. */
    async take(n: number) {
      for (;;) {
        refill()
        if (tokens >= n) {
          tokens -= n
          return
        }
        await sleep(Math.max(1, Math.ceil(((n - tokens) * 1000) / Math.max(rate, 1))))
      }
    },
  }
}

export async function startThrottleProxy({
  port,
  target,
  bytesPerSecond,
}: {
  port: number
  target: string
  bytesPerSecond: number
}): Promise<ThrottleProxy> {
  const upstream = new URL(target)
  const bucket = tokenBucket(bytesPerSecond)
  // One queue for the bucket: concurrent bodies share the line fairly by chunk.
  let turn = Promise.resolve()
  const take = (n: number) => (turn = turn.then(() => bucket.take(n)))
  const records: BodyRecord[] = []
  const started = Date.now()
  const inFlight = new Set<{ client: Socket; abort: () => void; record: BodyRecord }>()

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS'
    const record: BodyRecord = {
      method: req.method ?? '',
      path,
      uploadUrl: req.method === 'PATCH' && path.startsWith(`${TUS_PATH}/`) ? path : undefined,
      bytes: 0,
      status: undefined,
      requestOffset:
        typeof req.headers['upload-offset'] === 'string' ? Number(req.headers['upload-offset']) : undefined,
      offset: undefined,
      fileId: undefined,
      at: Date.now() - started,
      end: 'open',
    }
    if (hasBody || path.startsWith(TUS_PATH)) records.push(record)
    const out = httpRequest({
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path,
      headers: { ...req.headers, host: upstream.host },
    })
    let cut = false
    const entry = {
      client: req.socket,
      record,
      abort: () => {
        cut = true
        record.end = 'cut'
        out.destroy()
        req.socket.destroy()
      },
    }
    if (hasBody) inFlight.add(entry)
    out.on('response', (reply) => {
      record.status = reply.statusCode
      const offset = reply.headers['upload-offset']
      if (typeof offset === 'string') record.offset = Number(offset)
      const fileId = reply.headers['cumulus-file-id']
      if (typeof fileId === 'string') record.fileId = fileId
      const location = reply.headers.location
      if (req.method === 'POST' && path === TUS_PATH && typeof location === 'string')
        record.uploadUrl = new URL(location, target).pathname
      res.writeHead(reply.statusCode ?? 502, reply.rawHeaders)
      reply.pipe(res)
      reply.on('end', () => {
        if (record.end === 'open') record.end = 'answered'
        inFlight.delete(entry)
      })
    })
    out.on('error', () => {
      inFlight.delete(entry)
      if (!res.headersSent && !cut) res.writeHead(502).end()
      else res.destroy()
    })
    req.on('aborted', () => {
      if (record.end === 'open') record.end = 'aborted'
      inFlight.delete(entry)
      out.destroy()
    })
    req.on('close', () => {
      if (!req.complete && record.end === 'open') {
        record.end = 'aborted'
        inFlight.delete(entry)
        out.destroy()
      }
    })
    if (!hasBody) return void req.pipe(out)
    // The body, throttled: read a chunk, wait for its tokens piece by piece, write, read on.
    void (async () => {
      try {
        for await (const chunk of req as AsyncIterable<Buffer>) {
          for (let i = 0; i < chunk.length; i += BURST) {
            const piece = chunk.subarray(i, i + BURST)
            await take(piece.length)
            if (cut || out.destroyed) return
            record.bytes += piece.length
            if (!out.write(piece)) await drained(out)
          }
        }
        if (!cut) out.end()
      } catch {
        // The client went away mid-body: handled by 'aborted'/'close'.
      }
    })()
  }

  const server: Server = createServer(handle)
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    bytesFor: (uploadUrl) => records.filter((r) => r.uploadUrl === uploadUrl).reduce((sum, r) => sum + r.bytes, 0),
    tusBytes: () => records.filter((r) => r.path.startsWith(TUS_PATH)).reduce((sum, r) => sum + r.bytes, 0),
    setRate: (rate) => bucket.setRate(rate),
    cut() {
      const open = [...inFlight].filter((e) => e.record.end === 'open')
      for (const e of open) {
        inFlight.delete(e)
        e.abort()
      }
      return open.length
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
