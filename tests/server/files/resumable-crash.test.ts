// A resumable upload across a crash: the server is SIGKILLed mid-PATCH, started again on the same
// data, and the upload resumes from what was kept (on local disk, close to what was sent; on S3
// from the last 8 MiB part recorded, or the tail a whole piece left) and completes intact.
import { createHash, randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { type Backing, type ChildServer, createBacking, peek, startChild } from '../helpers/child-server.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'

const MiB = 1024 * 1024
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
// A dead holder's lease lapses after this (PostgreSQL; on SQLite a restart drops every lease).
const limits = { uploadLeaseMs: 1_500 }

let backing: Backing | undefined
let child: ChildServer | undefined
afterEach(async () => {
  await child?.kill()
  await backing?.close()
  child = backing = undefined
})

/** The same browser (cookies, uuid) talking to the restarted server's new port. */
function movedTo(b: Browser, base: string): Browser {
  const moved = new Browser(base, b.uuid)
  for (const [k, v] of b.cookies) moved.cookies.set(k, v)
  return moved
}

const tusHeaders = (b: Browser) => ({
  'tus-resumable': '1.0.0',
  uuid: b.uuid!,
  cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
})

/**
 * Waits until the store keeps at least `bytes` of the (only) staged upload: the kill must come
 * after a whole S3 part was recorded, which on a loaded machine takes longer than any fixed pause.
 */
async function stagedAtLeast(b: Backing, bytes: number): Promise<void> {
  const p = await peek(b)
  try {
    for (const until = Date.now() + 30_000; Date.now() < until;) {
      for await (const id of p.store.stagedIds()) if ((await p.store.staged(id).size()) >= bytes) return
      await new Promise((res) => setTimeout(res, 50))
    }
    throw new Error(`the staged upload never reached ${bytes} bytes`)
  } finally {
    await p.close()
  }
}

/** HEAD until the upload answers (423 while a dead PATCH's lease lapses). */
async function offsetOf(b: Browser, url: string): Promise<number> {
  for (let i = 0; i < 60; i++) {
    const r = await b.request('HEAD', url, { headers: { 'tus-resumable': '1.0.0' } })
    if (r.status === 200) return Number(r.headers.get('upload-offset'))
    expect(r.status).toBe(423)
    await new Promise((res) => setTimeout(res, 100))
  }
  throw new Error('the upload stayed locked')
}

describe.each<{ name: string; env: Record<string, string> }>([
  { name: 'plain', env: {} },
  { name: 'encrypted at rest', env: { ENCRYPTION_KEY: 'cd'.repeat(32) } },
])('resumable upload across a crash, $name', ({ env }) => {
  it(
    'given the server killed mid-PATCH, then after a restart the upload resumes from what was kept and completes intact',
    { timeout: 90_000 },
    async () => {
      backing = await createBacking(env)
      child = await startChild(backing, { limits })
      const alice = new Browser(child.url)
      await alice.signup(uniqueEmail('crash'))
      const data = randomBytes(20 * MiB + 4321)
      const created = await alice.request('POST', '/file-service/uploads', {
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(data.length),
          'upload-metadata': `filename ${Buffer.from('crash.bin').toString('base64')}`,
        },
      })
      expect(created.status).toBe(201)
      const url = created.headers.get('location')!

      // 11 MiB + a bit of an announced whole, then the process dies under the request.
      const sent = 11 * MiB + 1000
      const req = httpRequest(child.url + url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(alice),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
        },
      })
      req.on('error', () => undefined)
      await new Promise<void>((r) => req.write(data.subarray(0, sent), () => r()))
      // On disk most of what was sent; on S3 the first 8 MiB part (the rest is buffered in memory).
      await stagedAtLeast(backing, backing.blobStore === 'fs' ? 10 * MiB + 1 : 8 * MiB)
      await child.kill()

      child = await startChild(backing, { limits })
      const again = movedTo(alice, child.url)
      const kept = await offsetOf(again, url)
      expect(kept).toBeLessThanOrEqual(sent)
      if (backing.blobStore === 'fs') expect(kept).toBeGreaterThan(10 * MiB)
      // The first 8 MiB part (less the cipher's framing and the chunk it cut, when encrypted).
      else expect(kept).toBeGreaterThanOrEqual(7 * MiB)

      const rest = await again.request('PATCH', url, {
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': String(kept),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(data.subarray(kept)),
      })
      expect(rest.status, rest.text).toBe(204)
      const fileId = rest.headers.get('cumulus-file-id')!
      const got = await again.bytes(`/file-service/download/${fileId}`)
      expect(got.status).toBe(200)
      expect(sha(got.body)).toBe(sha(data))
    },
  )
})
