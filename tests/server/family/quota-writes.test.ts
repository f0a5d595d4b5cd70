// Quotas on every write path (issue #20, DESIGN.md §7): the multipart upload, the folder upload,
// tus creation (on Upload-Length, before any byte) and a file request's uploads (multipart and
// tus, counted against the link's owner) are refused with 507 QUOTA_EXCEEDED when they would pass
// the quota, and keep nothing; parallel uploads that together pass it store at most the quota;
// an upload that ends unfinished gives its reservation back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blobKeys } from '../helpers/drive.ts'
import { anon, share } from '../sharing/share-helpers.ts'
import type { Browser } from '../helpers/client.ts'
import { startFamily, member, type Family } from './family-helpers.ts'

let f: Family
beforeAll(async () => {
  f = await startFamily()
})
afterAll(() => f.server.close())

const db = () => f.server.app.cumulus.db
const counters = async (id: string) =>
  db().selectFrom('users').select(['used_bytes', 'reserved_bytes']).where('id', '=', id).executeTakeFirstOrThrow()
const fileCount = async (id: string) =>
  (await db().selectFrom('files').select('id').where('owner_id', '=', id).execute()).length
const uploadRows = async (id: string) =>
  (await db().selectFrom('uploads').select('id').where('owner_id', '=', id).execute()).length

async function limited(bytes: number) {
  const m = await member(f.server, 'quota')
  expect((await f.admin.patch(`/admin/users/${m.id}`, { quota: bytes })).status).toBe(200)
  return m
}

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',')
const tus = (b: Browser, method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array) =>
  b.request(method, path, {
    headers: { 'tus-resumable': '1.0.0', ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
const createTus = (b: Browser, base: string, length: number, name: string) =>
  tus(b, 'POST', base, { 'upload-length': String(length), 'upload-metadata': meta({ filename: name, parent: '/' }) })

function expectQuotaRefusal(r: { status: number; body: any; text: string }, forVisitor = false) {
  expect(r.status, r.text).toBe(507)
  const message = forVisitor
    ? 'There is no room for this upload: the storage it goes to is full'
    : expect.stringMatching(/^This file \(\d+(\.\d+)? (B|KB)\) is larger than your free space \(\d+(\.\d+)? (B|KB)\)$/)
  expect(r.body).toMatchObject({ code: 'QUOTA_EXCEEDED', message })
}

describe('every write path checks the quota before a byte is kept', () => {
  it('given the multipart upload, then a file that fits is stored and one past the quota is 507, leaving nothing', async () => {
    const m = await limited(4_000)
    expect((await m.b.upload('fits.bin', new Uint8Array(1_000))).status).toBe(201)
    const keys = (await blobKeys(f.server)).length
    const refused = await m.b.upload('big.bin', new Uint8Array(5_000))
    expectQuotaRefusal(refused)
    expect(await fileCount(m.id)).toBe(1)
    expect((await blobKeys(f.server)).length).toBe(keys)
    expect(await counters(m.id)).toEqual({ used_bytes: 1_000, reserved_bytes: 0 })
  })

  it('given the folder upload, then one past the quota is 507 and no folder or file is made', async () => {
    const m = await limited(3_000)
    expectQuotaRefusal(
      await m.b.uploadFolder({ 'Trip/a.bin': new Uint8Array(2_000), 'Trip/b.bin': new Uint8Array(2_000) }),
    )
    expect(await fileCount(m.id)).toBe(0)
    expect(await db().selectFrom('folders').select('id').where('owner_id', '=', m.id).execute()).toEqual([])
    expect((await m.b.uploadFolder({ 'Trip/a.bin': new Uint8Array(1_000) })).status).toBe(201)
    expect(await counters(m.id)).toEqual({ used_bytes: 1_000, reserved_bytes: 0 })
  })

  it('given tus, then creation past the quota is 507 on Upload-Length alone; a fitting upload holds its length until it is a file', async () => {
    const m = await limited(10_000)
    expectQuotaRefusal(await createTus(m.b, '/file-service/uploads', 10_001, 'big.bin'))
    expect(await uploadRows(m.id)).toBe(0)

    const made = await createTus(m.b, '/file-service/uploads', 6_000, 'six.bin')
    expect(made.status, made.text).toBe(201)
    const url = made.headers.get('location')!
    expect(await counters(m.id)).toEqual({ used_bytes: 0, reserved_bytes: 6_000 })
    // Reserved, so a second upload that fits alone does not fit beside it.
    expectQuotaRefusal(await createTus(m.b, '/file-service/uploads', 5_000, 'five.bin'))
    const piece = (offset: number, n: number) =>
      tus(
        m.b,
        'PATCH',
        url,
        { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        new Uint8Array(n).fill(1),
      )
    expect((await piece(0, 2_000)).status).toBe(204)
    expect((await piece(2_000, 4_000)).status).toBe(204)
    // A file now: the bytes count as used, and the reservation is gone in the same commit.
    expect(await counters(m.id)).toEqual({ used_bytes: 6_000, reserved_bytes: 0 })
  })

  it('given an unfinished tus upload that is terminated, then its reservation is given back', async () => {
    const m = await limited(10_000)
    const made = await createTus(m.b, '/file-service/uploads', 8_000, 'eight.bin')
    expect(made.status).toBe(201)
    expectQuotaRefusal(await createTus(m.b, '/file-service/uploads', 8_000, 'again.bin'))
    expect((await tus(m.b, 'DELETE', made.headers.get('location')!)).status).toBe(204)
    expect(await counters(m.id)).toEqual({ used_bytes: 0, reserved_bytes: 0 })
    expect((await createTus(m.b, '/file-service/uploads', 8_000, 'again.bin')).status).toBe(201)
  })

  it('given a file request, then its uploads count against the owner: multipart and tus past the quota are 507', async () => {
    const m = await limited(3_000)
    const folder = await m.b.post('/folder-service/create', { name: 'Inbox', parent: '/' })
    const link = await share(m.b, { itemType: 'folder', itemId: folder.body._id, access: 'upload' })
    const visitor = anon(f.server)
    const base = `/share-service/public/${link.token}`
    const form = (n: number) => {
      const body = new FormData()
      body.set('filename', 'scan.pdf')
      body.set('size', String(n))
      body.set('file', new Blob([new Uint8Array(n)]), 'scan.pdf')
      return body
    }
    expect((await visitor.request('POST', `${base}/upload`, { body: form(2_000) })).status).toBe(201)
    // The visitor hears that it does not fit, and nothing of the owner's usage.
    expectQuotaRefusal(await visitor.request('POST', `${base}/upload`, { body: form(2_000) }), true)
    expectQuotaRefusal(
      await tus(visitor, 'POST', `${base}/uploads`, {
        'upload-length': '2000',
        'upload-metadata': meta({ filename: 'scan.pdf' }),
      }),
      true,
    )
    expect(await fileCount(m.id)).toBe(1)
    expect(await counters(m.id)).toEqual({ used_bytes: 2_000, reserved_bytes: 0 })
  })
})

describe('under concurrency', () => {
  it('given 12 parallel uploads of 1,000 bytes against a 5,000-byte quota, then at most the quota is stored and the rest get 507 and leave nothing', async () => {
    const m = await limited(5_000)
    const keys = (await blobKeys(f.server)).length
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => m.b.upload(`p${i}.bin`, new Uint8Array(1_000).fill(i))),
    )
    const stored = replies.filter((r) => r.status === 201).length
    const refused = replies.filter((r) => r.status === 507).length
    expect(stored + refused).toBe(12)
    // Each request reserves its body's length (a little more than its 1,000 bytes), so fewer than 5 may pass; never more.
    expect(stored).toBeGreaterThanOrEqual(1)
    expect(stored).toBeLessThanOrEqual(5)
    const { used_bytes, reserved_bytes } = await counters(m.id)
    expect(used_bytes).toBe(stored * 1_000)
    expect(used_bytes).toBeLessThanOrEqual(5_000)
    expect(reserved_bytes).toBe(0)
    expect(await fileCount(m.id)).toBe(stored)
    expect((await blobKeys(f.server)).length).toBe(keys + stored)
  })

  it('given 10 parallel tus creations of 1,000 bytes against a 5,000-byte quota, then exactly 5 are made', async () => {
    const m = await limited(5_000)
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createTus(m.b, '/file-service/uploads', 1_000, `t${i}.bin`)),
    )
    expect(replies.filter((r) => r.status === 201)).toHaveLength(5)
    expect(replies.filter((r) => r.status === 507)).toHaveLength(5)
    expect(await uploadRows(m.id)).toBe(5)
    expect(await counters(m.id)).toEqual({ used_bytes: 0, reserved_bytes: 5_000 })
  })

  it('given an account with a quota, then a multipart upload without a Content-Length is refused with 411', async () => {
    const m = await limited(5_000)
    const cookie = [...m.b.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const body = new FormData()
    body.set('filename', 'a.bin')
    body.set('size', '3')
    body.set('file', new Blob([new Uint8Array(3)]), 'a.bin')
    // A streamed body: fetch sends it chunked, with no Content-Length. One Response for both, so
    // the boundary in the type is the body's (the quota is asked once the form is read).
    const encoded = new Response(body)
    const stream = encoded.body!
    const contentType = encoded.headers.get('content-type')!
    const r = await fetch(`${f.server.url}/file-service/upload`, {
      method: 'POST',
      headers: { cookie, uuid: m.b.uuid!, 'content-type': contentType },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(r.status).toBe(411)
    expect(await fileCount(m.id)).toBe(0)
  })
})
