import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { randomBytes } from '../helpers/drive.ts'
import { makeImage } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

const KEY = 'ab'.repeat(32)
let server: TestServer
let alice: Browser
const MiB = 1024 * 1024
const data = randomBytes(2 * MiB + 300_000, 21) // three 1 MiB chunks (CHUNK_SIZE), the last one partial
/** Bytes of that length no other file holds: a blob of its own to damage (duplicates share one). */
const own = (seed: number) => randomBytes(data.length, seed)
beforeAll(async () => {
  server = await startServer({ env: { ENCRYPTION_KEY: KEY } })
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('vault'))
})
afterAll(() => server.close())

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of await server.app.cumulus.store.get(key)) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}
async function overwrite(key: string, bytes: Buffer) {
  await server.app.cumulus.store.put(Readable.from([bytes]), { key })
}
const blobKeyOf = async (id: string) =>
  await server.app.cumulus.db
    .selectFrom('files')
    .select(['blob_key', 'size', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('encryption at rest', () => {
  it('stores ciphertext, and round-trips byte for byte with size and hash of the plaintext', async () => {
    const file = (await alice.upload('secret.bin', data)).body
    expect(file.length).toBe(data.length)
    const row = await blobKeyOf(file._id)
    const stored = await storedBytes(row.blob_key)
    expect(stored.length).toBeGreaterThan(data.length)
    expect(stored.includes(data.subarray(1000, 1064))).toBe(false)
    const back = await alice.bytes(`/file-service/download/${file._id}`)
    expect(back.body.equals(data)).toBe(true)
  })

  it('given a file of more chunks than a download keeps in flight, then it round-trips, whole and in a range across them', async () => {
    // 9 chunks against 5 slots per download (chunk-opener.ts): slots must come back as the socket takes them.
    const nine = randomBytes(8 * MiB + 4321, 22)
    const file = (await alice.upload('nine.bin', nine)).body
    expect((await alice.bytes(`/file-service/download/${file._id}`)).body.equals(nine)).toBe(true)
    const r = await alice.bytes(`/file-service/download/${file._id}`, { range: `bytes=${MiB + 7}-${7 * MiB + 3}` })
    expect(r.body.equals(nine.subarray(MiB + 7, 7 * MiB + 4))).toBe(true)
  })

  it.each([
    ['bytes=0-0', 0, 0],
    ['bytes=0-99', 0, 99],
    ['bytes=1048570-1048585', MiB - 6, MiB + 9],
    ['bytes=1048576-2200000', MiB, 2_200_000],
    [`bytes=${data.length - 10}-`, data.length - 10, data.length - 1],
    ['bytes=-1200000', data.length - 1_200_000, data.length - 1],
  ])('given Range %s on an encrypted blob, then exactly those plaintext bytes', async (range, start, end) => {
    const file = (await alice.upload('ranged.bin', data)).body
    const r = await alice.bytes(`/file-service/download/${file._id}`, { range })
    expect(r.status).toBe(206)
    expect(r.headers.get('content-range')).toBe(`bytes ${start}-${end}/${data.length}`)
    expect(r.body.equals(data.subarray(start, end + 1))).toBe(true)
  })

  it('given a range past the end, then 416', async () => {
    const file = (await alice.upload('ranged.bin', data)).body
    expect((await alice.bytes(`/file-service/download/${file._id}`, { range: `bytes=${data.length}-` })).status).toBe(
      416,
    )
  })

  it('given one flipped byte in the first chunk, then the download is refused with an error status', async () => {
    const file = (await alice.upload('tamper.bin', own(22))).body
    const row = await blobKeyOf(file._id)
    const stored = await storedBytes(row.blob_key)
    stored[100] = stored[100]! ^ 0x01
    await overwrite(row.blob_key, stored)
    const r = await alice.get(`/file-service/download/${file._id}`)
    expect(r.status).toBe(500)
    expect(r.body).toMatchObject({ code: 'INTEGRITY', message: 'The stored file failed its integrity check' })
    expect((await alice.get('/healthz')).status).toBe(200)
  })

  it('given one flipped byte in a later chunk, then the transfer breaks off rather than delivering wrong bytes', async () => {
    const mine = own(23)
    const file = (await alice.upload('tamper2.bin', mine)).body
    const row = await blobKeyOf(file._id)
    const stored = await storedBytes(row.blob_key)
    stored[stored.length - 10] = stored[stored.length - 10]! ^ 0x80
    await overwrite(row.blob_key, stored)
    const received = await alice.bytes(`/file-service/download/${file._id}`).then(
      (r) => r.body,
      () => undefined,
    )
    // Either the connection is cut (fetch rejects) or what arrived is short: never the full, wrong file.
    expect(received === undefined || received.length < mine.length).toBe(true)
    // A range that avoids the damaged chunk is still served.
    const head = await alice.bytes(`/file-service/download/${file._id}`, { range: 'bytes=0-999' })
    expect(head.body.equals(mine.subarray(0, 1000))).toBe(true)
  })

  it('makes thumbnails of encrypted images and keeps them encrypted too', async () => {
    const png = await makeImage('png')
    const file = (await alice.upload('enc.png', png)).body
    await server.app.cumulus.thumbnails.idle()
    const info = (await alice.get(`/file-service/info/${file._id}`)).body
    expect(info.metadata.hasThumbnail).toBe(true)
    const thumb = await alice.bytes(`/file-service/thumbnail/${info.metadata.thumbnailID}`)
    expect(thumb.status).toBe(200)
    expect(thumb.body.subarray(8, 12).toString('latin1')).toBe('WEBP')
    const row = await server.app.cumulus.db
      .selectFrom('files')
      .select(['thumbnail_key', 'thumb_enc'])
      .where('id', '=', file._id)
      .executeTakeFirstOrThrow()
    expect(row.thumb_enc).toBeTruthy()
    expect((await storedBytes(row.thumbnail_key!)).subarray(8, 12).toString('latin1')).not.toBe('WEBP')
    expect((await alice.bytes(`/file-service/full-thumbnail/${file._id}`)).body.equals(png)).toBe(true)
  })
})

describe('the key at start', () => {
  it('given a different key or no key for encrypted data, then start fails with a clear message', async () => {
    const base = { ...server.config }
    await expect(buildApp({ ...base, encryptionKey: Buffer.from('cd'.repeat(32), 'hex') })).rejects.toThrow(
      'ENCRYPTION_KEY does not match the key this data was encrypted with',
    )
    await expect(buildApp({ ...base, encryptionKey: undefined })).rejects.toThrow(
      'ENCRYPTION_KEY is not set, but files in this data are encrypted',
    )
  })
})
