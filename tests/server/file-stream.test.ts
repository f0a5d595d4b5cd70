// FileStream, the blob file reader behind every local-disk download: piped into an HTTP response
// it reuses two buffers (constant allocation whatever the size), any other consumer gets a plain
// Readable, ranges are exact across chunk boundaries, and an aborted or broken download closes
// the file instead of leaking it.
import { once } from 'node:events'
import { mkdtemp, open, readdir, readlink, rm, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FileStream } from '../../server/storage/file-stream.ts'
import { randomBytes } from './helpers/drive.ts'

const MiB = 1 << 20
// Odd size: several 256 KiB chunks plus a partial one.
const data = randomBytes(3 * MiB + 12_345, 21)
let dir: string
let path: string
let server: Server | undefined
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cumulus-file-stream-'))
  path = join(dir, 'blob')
  await writeFile(path, data)
})
afterEach(async () => {
  vi.restoreAllMocks()
  server?.close()
  server = undefined
  await rm(dir, { recursive: true, force: true })
})

/** Descriptors of this process open on the blob. */
async function openOnBlob(): Promise<number> {
  let n = 0
  for (const fd of await readdir('/proc/self/fd'))
    if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) === path) n++
  return n
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10))
}

/** A bare HTTP server answering every request by piping a FileStream into the response. */
async function serve(range?: { start: number; end: number }, onStream?: (s: FileStream) => void): Promise<number> {
  server = createServer(async (_req, res) => {
    const stream = new FileStream(await open(path, 'r'), range)
    onStream?.(stream)
    stream.pipe(res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return (server.address() as AddressInfo).port
}

function get(port: number): Promise<{ body: Buffer; error?: Error }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    request({ host: '127.0.0.1', port, agent: false }, (res) => {
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ body: Buffer.concat(chunks) }))
      res.on('error', (error) => resolve({ body: Buffer.concat(chunks), error }))
    })
      .on('error', (error) => resolve({ body: Buffer.concat(chunks), error }))
      .end()
  })
}

describe('piped into a response', () => {
  it('sends every byte with two buffers in all, and closes the file', async () => {
    const alloc = vi.spyOn(Buffer, 'allocUnsafeSlow')
    let stream: FileStream | undefined
    const port = await serve(undefined, (s) => (stream = s))
    const r = await get(port)
    expect(r.error).toBeUndefined()
    expect(r.body.equals(data)).toBe(true)
    // A fresh buffer per read would be 49 here (and 16k for a 1 GiB file).
    expect(alloc.mock.calls.length).toBe(2)
    await until(async () => stream!.destroyed)
    expect(stream!.readableEnded).toBe(true)
    expect(await openOnBlob()).toBe(0)
  })

  it.each([
    [0, 0],
    [100, 2 * MiB + 5],
    [256 * 1024 - 1, 256 * 1024],
    [data.length - 10, data.length - 1],
  ])('given the range %i–%i, then exactly those bytes', async (start, end) => {
    const r = await get(await serve({ start, end }))
    expect(r.error).toBeUndefined()
    expect(r.body.equals(data.subarray(start, end + 1))).toBe(true)
  })

  it('given a client that goes away mid-download, then the stream stops and the file is closed', async () => {
    // Larger than what loopback socket buffers can hold, so the server is mid-file when it happens.
    await writeFile(path, randomBytes(32 * MiB, 5))
    let stream: FileStream | undefined
    const port = await serve(undefined, (s) => (stream = s))
    await new Promise<void>((resolve) => {
      request({ host: '127.0.0.1', port, agent: false }, (res) => {
        res.once('data', () => {
          res.destroy()
          resolve()
        })
      }).end()
    })
    await until(async () => !!stream?.destroyed)
    expect(stream!.destroyed).toBe(true)
    expect(stream!.readableEnded).toBe(false)
    await until(async () => (await openOnBlob()) === 0)
    expect(await openOnBlob()).toBe(0)
  })

  it('given a file shorter than the range, then the response is cut, never short and clean', async () => {
    await writeFile(path, data.subarray(0, MiB))
    let failure: Error | undefined
    server = createServer(async (_req, res) => {
      // As the download routes do: the length promised in the header is the row's.
      res.setHeader('content-length', 2 * MiB)
      const stream = new FileStream(await open(path, 'r'), { start: 0, end: 2 * MiB - 1 })
      stream.on('error', (err) => {
        failure = err
        res.destroy()
      })
      stream.pipe(res)
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const r = await get((server.address() as AddressInfo).port)
    expect(r.error).toBeDefined()
    expect(r.body.length).toBeLessThan(2 * MiB)
    expect(failure?.message).toMatch(/before the range did/)
    await until(async () => (await openOnBlob()) === 0)
    expect(await openOnBlob()).toBe(0)
  })
})

describe('read by anything else', () => {
  async function collect(stream: FileStream) {
    const chunks: Buffer[] = []
    await pipeline(stream, new Writable({ write: (c: Buffer, _e, done) => (chunks.push(c), done()) }))
    return Buffer.concat(chunks)
  }

  it('is a plain Readable: the whole file, a range, and the file closed after', async () => {
    expect((await collect(new FileStream(await open(path, 'r')))).equals(data)).toBe(true)
    expect(
      (await collect(new FileStream(await open(path, 'r'), { start: 70_000, end: 1_500_000 }))).equals(
        data.subarray(70_000, 1_500_001),
      ),
    ).toBe(true)
    await until(async () => (await openOnBlob()) === 0)
    expect(await openOnBlob()).toBe(0)
  })

  it('given an empty file, then it ends at once', async () => {
    await writeFile(path, Buffer.alloc(0))
    expect((await collect(new FileStream(await open(path, 'r')))).length).toBe(0)
  })
})
