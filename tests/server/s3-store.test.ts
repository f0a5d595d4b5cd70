// The S3 blob store's staged blobs (resumable uploads) on their own, against s3rver: pieces of any
// length become one multipart upload of 8 MiB parts plus a short tail object; the staged size
// survives a restart; commit copies server-side (only the tail passes through this process);
// truncate, discard and the empty and short cases. s3rver lacks UploadPartCopy and
// AbortMultipartUpload: some tests add both in front of it, as a real S3 has them.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BlobStore } from '../../server/storage/blob-store.ts'
import { STAGED_LIMITS, type StagedLimits } from '../../server/storage/s3-staged.ts'
import { createS3Store } from '../../server/storage/s3-store.ts'

const MiB = 1 << 20
const BUCKET = 'cumulus-test'
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

/** One request s3rver answered: what crossed the wire, each way. */
interface Call {
  method: string
  key: string
  query: string[]
  sent: number
  received: number
}

interface S3rverCtx {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string | undefined>
  status: number
  type: string
  body: unknown
  req: Readable
  store: {
    getObject(bucket: string, key: string, range: { start: number; end: number }): Promise<{ content: Readable } | null>
    putPart(bucket: string, uploadId: string, n: string, content: Readable): Promise<{ md5: string }>
  }
  response: { get(name: string): string }
}

let dir: string
let s3: { close(cb: () => void): void }
let calls: Call[]
let endpoint: string
/** Answer UploadPartCopy and AbortMultipartUpload (as AWS does) instead of s3rver's NotImplemented. */
let fullS3 = false

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cumulus-s3-store-'))
  calls = []
  fullS3 = false
  const { default: S3rver } = await import('s3rver')
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  })
  const koa = server as unknown as { middleware: Array<(ctx: S3rverCtx, next: () => Promise<void>) => Promise<void>> }
  koa.middleware.unshift(async (ctx, next) => {
    const [, bucket = '', ...key] = ctx.path.split('/')
    if (fullS3 && ctx.method === 'PUT' && 'uploadId' in ctx.query && ctx.headers['x-amz-copy-source']) {
      const [, from = '', to = ''] = /^bytes=(\d+)-(\d+)$/.exec(ctx.headers['x-amz-copy-source-range'] ?? '') ?? []
      const [srcBucket = '', ...srcKey] = decodeURI(ctx.headers['x-amz-copy-source']).replace(/^\//, '').split('/')
      const object = await ctx.store.getObject(srcBucket, srcKey.join('/'), { start: Number(from), end: Number(to) })
      const { md5 } = await ctx.store.putPart(bucket, ctx.query.uploadId!, ctx.query.partNumber!, object!.content)
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><CopyPartResult><ETag>"${md5}"</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyPartResult>`
    } else if (fullS3 && ctx.method === 'DELETE' && 'uploadId' in ctx.query) {
      await rm(join(dir, bucket, '._S3rver_uploads', ctx.query.uploadId!), { recursive: true, force: true })
      ctx.status = 204
    } else await next()
    calls.push({
      method: ctx.method,
      key: decodeURIComponent(key.join('/')),
      query: Object.keys(ctx.query),
      sent: Number(ctx.headers['content-length'] ?? 0),
      received: ctx.method === 'GET' ? Number(ctx.response.get('content-length') || 0) : 0,
    })
  })
  const { port } = await server.run()
  s3 = server
  endpoint = `http://127.0.0.1:${port}`
})
afterEach(async () => {
  await new Promise<void>((r) => s3.close(() => r()))
  await rm(dir, { recursive: true, force: true })
})

const storeWith = (limits: Partial<StagedLimits> = {}) =>
  createS3Store(
    {
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    { ...STAGED_LIMITS, ...limits },
  )

/** `bytes` in 1 MiB chunks; with `failAt`, the stream breaks after that many. */
function piece(bytes: Buffer, failAt = Infinity): Readable {
  let at = 0
  return new Readable({
    read() {
      if (at >= failAt) return this.destroy(new Error('client went away'))
      if (at >= bytes.length) return this.push(null)
      const n = Math.min(MiB, bytes.length - at, failAt - at)
      this.push(bytes.subarray(at, (at += n)))
    },
  })
}
const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}
/** The keys s3rver holds under `prefix`, relative to it. */
const list = async (prefix: string) =>
  (await readdir(join(dir, BUCKET, prefix), { recursive: true }).catch(() => [] as string[]))
    .filter((k) => k.endsWith('._S3rver_object'))
    .map((k) => k.slice(0, -'._S3rver_object'.length))
/** Object bytes this process fetched (listings aside). */
const received = () => calls.reduce((n, c) => n + (c.key ? c.received : 0), 0)
const openUploads = async () =>
  existsSync(join(dir, BUCKET, '._S3rver_uploads')) ? await readdir(join(dir, BUCKET, '._S3rver_uploads')) : []
const stagedIds = async (store: BlobStore) => {
  const ids: string[] = []
  for await (const id of store.stagedIds()) ids.push(id)
  return ids
}

describe('S3 staged blobs', () => {
  it('given pieces of 3 MiB, 7 MiB, 1 byte and 12 MiB, then they go up as 8 MiB parts plus a tail and commit to exactly those bytes', async () => {
    const store = await storeWith()
    const pieces = [3 * MiB, 7 * MiB, 1, 12 * MiB].map((n) => randomBytes(n))
    const all = Buffer.concat(pieces)
    let total = 0
    for (const p of pieces) {
      total += p.length
      // A fresh handle each time, as each PATCH gets.
      expect(await store.staged('upload-odd-sizes').append(piece(p))).toBe(total)
      expect(await store.staged('upload-odd-sizes').size()).toBe(total)
    }
    const parts = calls.filter((c) => c.method === 'PUT' && c.query.includes('uploadId'))
    expect(parts.map((c) => c.sent)).toEqual([8 * MiB, 8 * MiB])
    expect(await stagedIds(store)).toEqual(['upload-odd-sizes'])
    await store.staged('upload-odd-sizes').commit('blob-odd-sizes')
    expect(sha(await bytesOf(await store.get('blob-odd-sizes')))).toBe(sha(all))
    expect(await list('staging')).toEqual([])
    expect(await stagedIds(store)).toEqual([])
    expect(await openUploads()).toEqual([])
  })

  it('given a piece whose source breaks part-way, then the bytes that arrived are kept, also across a restart, and the upload continues after them', async () => {
    const data = randomBytes(30 * MiB + 5)
    const store = await storeWith()
    await expect(store.staged('upload-broken').append(piece(data.subarray(0, 20 * MiB), 11 * MiB + 3))).rejects.toThrow(
      'client went away',
    )
    // A new store: nothing but S3 knows the size.
    const again = await storeWith()
    expect(await again.staged('upload-broken').size()).toBe(11 * MiB + 3)
    expect(await again.staged('upload-broken').append(piece(data.subarray(11 * MiB + 3)))).toBe(data.length)
    expect(await again.staged('upload-broken').size()).toBe(data.length)
    expect(sha(await bytesOf(await again.staged('upload-broken').read()))).toBe(sha(data))
    await again.staged('upload-broken').commit('blob-broken')
    expect(sha(await bytesOf(await again.get('blob-broken')))).toBe(sha(data))
  })

  it('given a part that S3 took but whose record was lost (a crash in between), then the size leaves it out and the next piece uploads it again', async () => {
    const data = randomBytes(10 * MiB)
    const store = await storeWith()
    await store.staged('upload-unrecorded').append(piece(data.subarray(0, 9 * MiB)))
    const marker = (await list('staging/upload-unrecorded')).find((k) => k.startsWith('part.'))!
    for (const file of ['object', 'object.md5', 'metadata.json'])
      await rm(join(dir, BUCKET, 'staging/upload-unrecorded', `${marker}._S3rver_${file}`), { force: true })
    // The tail after part 1 no longer counts either: part 1 is not recorded.
    expect(await store.staged('upload-unrecorded').size()).toBe(0)
    expect(await store.staged('upload-unrecorded').append(piece(data))).toBe(data.length)
    await store.staged('upload-unrecorded').commit('blob-unrecorded')
    expect(sha(await bytesOf(await store.get('blob-unrecorded')))).toBe(sha(data))
  })

  it('given 20 MiB + 100 bytes staged, then commit moves no more than the tail through this process', async () => {
    const data = randomBytes(20 * MiB + 100)
    const store = await storeWith()
    await store.staged('upload-no-copy').append(piece(data))
    calls = []
    await store.staged('upload-no-copy').commit('blob-no-copy')
    const tail = 4 * MiB + 100
    expect(received()).toBe(tail)
    expect(calls.reduce((n, c) => n + c.sent, 0)).toBeLessThanOrEqual(tail + 64 * 1024)
    // The staged parts themselves became the blob: completed at the staging key, then copied.
    expect(
      calls.some((c) => c.method === 'POST' && c.key === 'staging/upload-no-copy/data' && c.query.includes('uploadId')),
    ).toBe(true)
    expect(calls.some((c) => c.method === 'PUT' && c.key === 'blobs/blob-no-copy')).toBe(true)
    expect(sha(await bytesOf(await store.get('blob-no-copy')))).toBe(sha(data))
  })

  it.each([
    { name: 'UploadPartCopy', full: true },
    { name: 'no UploadPartCopy (s3rver): ranges through this process', full: false },
  ])('given a blob past the CopyObject limit, then commit copies it in ranges: $name', async ({ full }) => {
    fullS3 = full
    const data = randomBytes(23 * MiB + 7)
    const store = await storeWith({ copyMax: 10 * MiB, copyPart: 6 * MiB })
    await store.staged('upload-large').append(piece(data))
    calls = []
    await store.staged('upload-large').commit('blob-large')
    const copies = calls.filter(
      (c) => c.method === 'PUT' && c.key === 'blobs/blob-large' && c.query.includes('uploadId'),
    )
    expect(copies).toHaveLength(4)
    // The tail (7 MiB + 7) became the last part; with UploadPartCopy nothing else came here.
    if (full) expect(received()).toBe(7 * MiB + 7)
    else expect(received()).toBe(7 * MiB + 7 + data.length)
    expect(sha(await bytesOf(await store.get('blob-large')))).toBe(sha(data))
  })

  it.each([
    { name: 'within the tail', to: 16 * MiB + 10 },
    { name: 'into the last part', to: 16 * MiB - 4096 },
    { name: 'into the first part', to: 5 * MiB },
    { name: 'to nothing', to: 0 },
  ])(
    'given a cut $name, then truncate keeps exactly the bytes before it and appends continue after them',
    async ({ to }) => {
      for (const full of [false, true]) {
        fullS3 = full
        const id = `upload-cut-${to}-${full}`
        const data = randomBytes(16 * MiB + 1000)
        const store = await storeWith()
        await store.staged(id).append(piece(data))
        await store.staged(id).truncate(to)
        expect(await store.staged(id).size()).toBe(to)
        const more = randomBytes(9 * MiB)
        expect(await store.staged(id).append(piece(more))).toBe(to + more.length)
        const expected = Buffer.concat([data.subarray(0, to), more])
        expect(sha(await bytesOf(await store.staged(id).read()))).toBe(sha(expected))
        await store.staged(id).commit(`blob-cut-${to}-${full}`)
        expect(sha(await bytesOf(await store.get(`blob-cut-${to}-${full}`)))).toBe(sha(expected))
      }
    },
  )

  it('given read() before the last piece (a re-hash), then the blob is reopened and later pieces still follow in order', async () => {
    const store = await storeWith()
    const first = randomBytes(17 * MiB + 3)
    const second = randomBytes(2 * MiB)
    await store.staged('upload-read').append(piece(first))
    expect(sha(await bytesOf(await store.staged('upload-read').read()))).toBe(sha(first))
    expect(await store.staged('upload-read').size()).toBe(first.length)
    expect(await store.staged('upload-read').append(piece(Buffer.alloc(0)))).toBe(first.length)
    expect(await store.staged('upload-read').append(piece(second))).toBe(first.length + second.length)
    await store.staged('upload-read').commit('blob-read')
    expect(sha(await bytesOf(await store.get('blob-read')))).toBe(sha(Buffer.concat([first, second])))
  })

  it('given discard, then no staged object, note or open multipart upload is left', async () => {
    fullS3 = true
    const store = await storeWith()
    const staged = store.staged('upload-discarded')
    await staged.append(piece(randomBytes(19 * MiB)))
    await staged.writeNote(Buffer.from('sealed tail'))
    expect(await openUploads()).toHaveLength(1)
    await staged.discard()
    expect(await list('staging')).toEqual([])
    expect(await openUploads()).toEqual([])
    expect(await stagedIds(store)).toEqual([])
    expect(await staged.size()).toBe(0)
    expect(await staged.readNote()).toBeUndefined()
    await staged.discard()
  })

  it('given nothing staged, an empty piece, or less than a part, then commit makes a blob of exactly those bytes', async () => {
    const store = await storeWith()
    await store.staged('upload-never').commit('blob-never')
    expect((await bytesOf(await store.get('blob-never'))).length).toBe(0)
    expect(await store.staged('upload-empty').append(piece(Buffer.alloc(0)))).toBe(0)
    await store.staged('upload-empty').commit('blob-empty')
    expect((await bytesOf(await store.get('blob-empty'))).length).toBe(0)
    const small = randomBytes(3 * MiB + 17)
    await store.staged('upload-small').append(piece(small.subarray(0, MiB)))
    await store.staged('upload-small').append(piece(small.subarray(MiB)))
    await store.staged('upload-small').commit('blob-small')
    expect(sha(await bytesOf(await store.get('blob-small')))).toBe(sha(small))
    expect(calls.some((c) => c.query.includes('uploads'))).toBe(false)
    expect(await list('staging')).toEqual([])
  })
})
