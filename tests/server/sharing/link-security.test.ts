// What a share link must not do for anyone (DESIGN.md §7 "Share links"): serve a disabled owner's
// items or take uploads for them, hold the owner's quota for bytes that will never come (revoke
// ends a link's unfinished uploads; the owner sees and cancels them; a multipart upload reserves
// no more than the link lets it store), let empty files past a link's limits (maxFiles), tell a
// visitor the owner's usage in a 507, or lock every link behind one address after ten bad guesses.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { makeImage } from '../helpers/media.ts'
import { startFamily, member, type Family } from '../family/family-helpers.ts'
import { anon, file, folder, share } from './share-helpers.ts'

let f: Family
beforeAll(async () => {
  // TRUST_PROXY names the test's own peer, so X-Forwarded-For picks the visitor's address.
  f = await startFamily({ env: { TRUST_PROXY: '127.0.0.1' }, limits: { publicPerIp: 10_000 } })
})
afterAll(() => f.server.close())

const pub = (token: string, rest = '') => `/share-service/public/${token}${rest}`
const PIECE = { 'content-type': 'application/offset+octet-stream' }
const meta = (name: string) => `filename ${Buffer.from(name).toString('base64')}`
const tus = (b: Browser, method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array) =>
  b.request(method, path, {
    headers: { 'tus-resumable': '1.0.0', ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
const createTus = (b: Browser, token: string, length: number, name = 'a.bin') =>
  tus(b, 'POST', pub(token, '/uploads'), { 'upload-length': String(length), 'upload-metadata': meta(name) })

/** POST …/upload as a browser form sends it. */
function send(b: Browser, token: string, name: string, data: Uint8Array | string) {
  const form = new FormData()
  form.append('filename', name)
  form.append('size', String(typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength))
  form.append('file', new Blob([data as BlobPart]), name)
  return b.request('POST', pub(token, '/upload'), { body: form })
}

async function setUser(id: string, patch: Record<string, unknown>) {
  const r = await f.admin.patch(`/admin/users/${id}`, patch)
  expect(r.status, r.text).toBe(200)
}

/** A member with an upload link on a new folder (and a quota, when given), and a visitor. */
async function uploadLink(tag: string, options: Record<string, unknown> = {}, quota?: number) {
  const m = await member(f.server, tag)
  if (quota !== undefined) await setUser(m.id, { quota })
  const inbox = await folder(m.b, 'Inbox')
  const link = await share(m.b, { itemType: 'folder', itemId: inbox, access: 'upload', ...options })
  return { m, inbox, link, v: anon(f.server) }
}

const linkRow = (id: string) =>
  f.server.app.cumulus.db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const reserved = async (userId: string) =>
  (
    await f.server.app.cumulus.db
      .selectFrom('users')
      .select('reserved_bytes')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).reserved_bytes

describe('a disabled owner', () => {
  it('given links of every kind, then every anonymous entry answers 404 while the owner is disabled, and serves again once re-enabled', async () => {
    const m = await member(f.server, 'disabled-owner')
    const shared = await folder(m.b, 'Family photos')
    const photo = await file(m.b, 'photo.png', await makeImage('png'), shared)
    const lone = await file(m.b, 'lone.txt', 'alone')
    await f.server.app.cumulus.thumbnails.idle()
    const folderLink = await share(m.b, { itemType: 'folder', itemId: shared })
    const fileLink = await share(m.b, { itemType: 'file', itemId: lone })
    const legacy = (await m.b.patch(`/file-service/make-public/${photo}`)).body.file.metadata.link as string
    const inbox = await folder(m.b, 'Inbox')
    const upload = await share(m.b, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const v = anon(f.server)
    // A tus upload begun before the disable.
    const begun = await createTus(v, upload.token, 10)
    expect(begun.status, begun.text).toBe(201)
    const at = begun.headers.get('location')!
    expect((await tus(v, 'PATCH', at, { 'upload-offset': '0', ...PIECE }, Buffer.from('hello'))).status).toBe(204)

    const entries: Array<[string, () => Promise<number>]> = [
      ['file link info', async () => (await v.get(pub(fileLink.token))).status],
      ['file link download', async () => (await v.bytes(pub(fileLink.token, '/download'))).status],
      ['file link thumbnail', async () => (await v.bytes(pub(legacy, '/thumbnail'))).status],
      ['folder link info', async () => (await v.get(pub(folderLink.token))).status],
      ['folder link list', async () => (await v.get(pub(folderLink.token, '/list'))).status],
      ['folder link download', async () => (await v.bytes(pub(folderLink.token, `/download/${photo}`))).status],
      ['folder link thumbnail', async () => (await v.bytes(pub(folderLink.token, `/thumbnail/${photo}`))).status],
      ['folder link zip', async () => (await v.bytes(pub(folderLink.token, '/zip'))).status],
      ['spec public info', async () => (await v.get(`/file-service/public/info/${photo}/${legacy}`)).status],
      ['spec public download', async () => (await v.bytes(`/file-service/public/download/${photo}/${legacy}`)).status],
      ['upload link info', async () => (await v.get(pub(upload.token))).status],
      ['multipart upload', async () => (await send(v, upload.token, 'new.txt', 'new')).status],
      ['tus create', async () => (await createTus(v, upload.token, 3)).status],
      ['tus HEAD of an upload begun before', async () => (await tus(v, 'HEAD', at)).status],
    ]
    const statuses = async () =>
      Object.fromEntries(await Promise.all(entries.map(async ([name, run]) => [name, await run()])))
    const open = await statuses()
    for (const [name, status] of Object.entries(open)) expect([200, 201, 204], name).toContain(status)

    await setUser(m.id, { disabled: true })
    expect(await statuses()).toEqual(Object.fromEntries(entries.map(([name]) => [name, 404])))
    // The upload begun before cannot finish either.
    expect((await tus(v, 'PATCH', at, { 'upload-offset': '5', ...PIECE }, Buffer.from('world'))).status).toBe(404)
    expect(
      (
        await f.server.app.cumulus.db
          .selectFrom('files')
          .select('id')
          .where('owner_id', '=', m.id)
          .where('folder_id', '=', inbox)
          .execute()
      ).length,
    ).toBe(1)

    await setUser(m.id, { disabled: false })
    const again = await statuses()
    for (const [name, status] of Object.entries(again)) expect([200, 201, 204], name).toContain(status)
    expect(
      (await tus(v, 'PATCH', at, { 'upload-offset': '5', ...PIECE }, Buffer.from('world'))).headers.get(
        'cumulus-file-id',
      ),
    ).toBeTruthy()
  })

  it('given a tus PATCH that sends the last byte after the owner is disabled mid-upload, then no file is made', async () => {
    const { m, inbox, link, v } = await uploadLink('disabled-mid')
    const at = (await createTus(v, link.token, 4)).headers.get('location')!
    // The PATCH passes the link check, then the owner is disabled while its body is on the wire.
    const url = new URL(f.server.url + at)
    const done = new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'PATCH',
          headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-length': '4', uuid: v.uuid!, ...PIECE },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode!)
        },
      )
      req.on('error', reject)
      req.write('ab')
      setTimeout(() => {
        void setUser(m.id, { disabled: true }).then(() => req.end('cd'), reject)
      }, 300)
    })
    expect(await done).toBe(404)
    expect(
      await f.server.app.cumulus.db
        .selectFrom('files')
        .select('id')
        .where('owner_id', '=', m.id)
        .where('folder_id', '=', inbox)
        .execute(),
    ).toEqual([])
  })
})

describe('revoking an upload link', () => {
  it('given a tus upload that reserved the whole quota, then revoking ends it (HEAD 404) and the owner can upload to the full quota again', async () => {
    const { m, link, v } = await uploadLink('revoker', {}, 100_000)
    const created = await createTus(v, link.token, 100_000)
    expect(created.status, created.text).toBe(201)
    const at = created.headers.get('location')!
    expect((await m.b.upload('mine.bin', new Uint8Array(10))).status).toBe(507)
    expect((await m.b.delete(`/share-service/links/${link._id}`)).status).toBe(200)
    expect((await tus(v, 'HEAD', at)).status).toBe(404)
    expect(await reserved(m.id)).toBe(0)
    expect(
      await f.server.app.cumulus.db.selectFrom('uploads').select('id').where('link_id', '=', link._id).execute(),
    ).toEqual([])
    const full = new Uint8Array(100_000 - 1_000)
    expect((await m.b.upload('mine.bin', full)).status).toBe(201)
  })
})

describe("a link's unfinished uploads", () => {
  it('given two unfinished tus uploads, then the owner lists them with their progress and cancels one, which gives its reservations back', async () => {
    const { m, link, v } = await uploadLink('canceller', { maxTotalBytes: 10_000 }, 1_000_000)
    const first = (await createTus(v, link.token, 4_000, 'first.bin')).headers.get('location')!
    await tus(v, 'PATCH', first, { 'upload-offset': '0', ...PIECE }, new Uint8Array(1_500))
    const second = (await createTus(v, link.token, 3_000, 'second.bin')).headers.get('location')!
    const firstId = first.split('/').at(-1)!
    const secondId = second.split('/').at(-1)!

    const list = await m.b.get(`/share-service/links/${link._id}/uploads`)
    expect(list.status).toBe(200)
    expect(list.body.uploads.map((u: any) => [u._id, u.filename, u.length, u.offset])).toEqual([
      [firstId, 'first.bin', 4_000, 1_500],
      [secondId, 'second.bin', 3_000, 0],
    ])
    expect(Object.keys(list.body.uploads[0]).sort()).toEqual([
      '_id',
      'createdAt',
      'expiresAt',
      'filename',
      'length',
      'offset',
    ])
    expect(await reserved(m.id)).toBe(7_000)
    expect((await linkRow(link._id)).uploaded_bytes).toBe(7_000)

    // Another account sees no link of theirs there.
    const other = await member(f.server, 'not-the-owner')
    expect((await other.b.get(`/share-service/links/${link._id}/uploads`)).status).toBe(404)
    expect((await other.b.delete(`/share-service/links/${link._id}/uploads/${firstId}`)).status).toBe(404)

    expect((await m.b.delete(`/share-service/links/${link._id}/uploads/${firstId}`)).status).toBe(200)
    expect((await tus(v, 'HEAD', first)).status).toBe(404)
    expect((await m.b.get(`/share-service/links/${link._id}/uploads`)).body.uploads.map((u: any) => u._id)).toEqual([
      secondId,
    ])
    expect(await reserved(m.id)).toBe(3_000)
    expect((await linkRow(link._id)).uploaded_bytes).toBe(3_000)
    expect((await linkRow(link._id)).uploaded_files).toBe(1)
    expect((await m.b.delete(`/share-service/links/${link._id}/uploads/${firstId}`)).status).toBe(404)
  })

  it("given a link with a total limit, then a multipart upload holds no more of the owner's quota than the link lets it store", async () => {
    const { m, link } = await uploadLink('total-limit', { maxTotalBytes: 1_000 }, 100_000)
    // A visitor announces 90 000 bytes and sends them slowly.
    const req = http.request(new URL(f.server.url + pub(link.token, '/upload')), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': '90000', uuid: randomUUID() },
    })
    req.on('error', () => undefined)
    const answered = new Promise<number>((resolve) =>
      req.on('response', (res) => (res.resume(), resolve(res.statusCode!))),
    )
    req.write('--xyz\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\n\r\n')
    await expect.poll(() => reserved(m.id)).toBeGreaterThan(0)
    expect(await reserved(m.id)).toBeLessThanOrEqual(1_000)
    // Meanwhile the owner uploads what their quota holds beside the link's 1 000 bytes.
    expect((await m.b.upload('mine.bin', new Uint8Array(98_000))).status).toBe(201)
    req.end(Buffer.alloc(2_000))
    expect(await answered).toBe(413)
    req.destroy()
    await expect.poll(() => reserved(m.id)).toBe(0)
  })
})

describe('file counts', () => {
  it('given maxFiles 2, then an empty file counts as one and the third file is refused, by multipart and by tus', async () => {
    const { m, inbox, link, v } = await uploadLink('max-files', { maxFiles: 2 })
    expect(link).toMatchObject({ maxFiles: 2, uploadedFiles: 0 })
    expect((await v.get(pub(link.token))).body).toMatchObject({ maxFiles: 2, remainingFiles: 2 })
    expect((await send(v, link.token, 'empty.txt', '')).status).toBe(201)
    const empty = await createTus(v, link.token, 0, 'empty.bin')
    expect(empty.status).toBe(201)
    expect(empty.headers.get('cumulus-file-id')).toBeTruthy()
    expect((await v.get(pub(link.token))).body).toMatchObject({ remainingFiles: 0 })
    const third = await send(v, link.token, 'third.txt', 'x')
    expect(third.status).toBe(403)
    expect(third.body).toMatchObject({
      code: 'SHARE_FILE_LIMIT',
      message: 'This link takes 2 files in all, and none are left',
    })
    expect((await createTus(v, link.token, 0, 'more.bin')).status).toBe(403)
    expect((await createTus(v, link.token, 10, 'more.bin')).status).toBe(403)
    expect((await m.b.get(`/file-service/list?parent=${inbox}`)).body).toHaveLength(2)
    expect((await m.b.get('/share-service/links')).body.links.find((l: any) => l._id === link._id)).toMatchObject({
      maxFiles: 2,
      uploadedFiles: 2,
    })
  })

  it('given maxFiles 1 and a tus upload on its way, then a second upload is refused until the first is cancelled; view links refuse the option', async () => {
    const { m, inbox, link, v } = await uploadLink('one-file', { maxFiles: 1 })
    const at = (await createTus(v, link.token, 100)).headers.get('location')!
    expect((await send(v, link.token, 'b.txt', 'b')).status).toBe(403)
    expect((await m.b.delete(`/share-service/links/${link._id}/uploads/${at.split('/').at(-1)}`)).status).toBe(200)
    expect((await send(v, link.token, 'b.txt', 'b')).status).toBe(201)
    const changed = await m.b.patch(`/share-service/links/${link._id}`, { maxFiles: 3 })
    expect(changed.body.link).toMatchObject({ maxFiles: 3, uploadedFiles: 1 })
    const view = await m.b.post('/share-service/links', { itemType: 'folder', itemId: inbox, maxFiles: 3 })
    expect(view.status).toBe(400)
  })
})

describe('a full quota, as a visitor hears it', () => {
  it("given an owner over quota, then the 507 of a multipart or tus upload names none of the owner's numbers", async () => {
    const m = await member(f.server, 'full-owner')
    await setUser(m.id, { quota: 13_000 })
    await file(m.b, 'big.bin', new Uint8Array(12_000))
    const inbox = await folder(m.b, 'Inbox')
    const link = await share(m.b, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const v = anon(f.server)
    const replies = [await send(v, link.token, 'x.bin', new Uint8Array(2_000)), await createTus(v, link.token, 2_000)]
    for (const r of replies) {
      expect(r.status).toBe(507)
      expect(r.body).toEqual({
        statusCode: 507,
        code: 'QUOTA_EXCEEDED',
        message: 'There is no room for this upload: the storage it goes to is full',
      })
      expect(r.body.message).not.toMatch(/\d/)
    }
    // The owner still hears the numbers.
    expect((await m.b.upload('more.bin', new Uint8Array(2_000))).body.message).toMatch(
      /^This file \(.+\) is larger than your free space \(.+\)$/,
    )
  })
})

describe('password guesses', () => {
  it('given 10 wrong guesses on link A from one address, then A is locked for that address only, and link B still opens from it', async () => {
    const m = await member(f.server, 'guessed')
    const a = await share(m.b, { itemType: 'file', itemId: await file(m.b, 'a.txt', 'a'), password: 'right a' })
    const b = await share(m.b, { itemType: 'file', itemId: await file(m.b, 'b.txt', 'b'), password: 'right b' })
    const unlock = (token: string, password: string, ip: string) =>
      new Browser(f.server.url).request('POST', pub(token, '/unlock'), {
        json: { password },
        headers: { 'x-forwarded-for': ip },
      })
    const family = '198.51.100.20'
    for (let i = 0; i < 10; i++) expect((await unlock(a.token, `wrong ${i}`, family)).status).toBe(401)
    const refused = await unlock(a.token, 'right a', family)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many wrong passwords, try again in 10 minutes')
    expect((await unlock(b.token, 'right b', family)).status).toBe(200)
    expect((await unlock(a.token, 'right a', '198.51.100.21')).status).toBe(200)
  })
})
