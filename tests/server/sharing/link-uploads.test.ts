// Resumable file requests (DESIGN.md §7): tus at /share-service/public/{token}/uploads, the
// protocol of /file-service/uploads with the link as the principal. Files land in the link's
// folder named as sent ("name (1).ext" on a clash), within the link's limits (the per-file one
// on Upload-Length, the total reserved at creation); the link is checked on every request, and an
// upload id opens only through the link that made it.
import { createHash, randomBytes as cryptoRandomBytes } from 'node:crypto'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from '../helpers/client.ts'
import { expectConsistent } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, expire, file, folder, owner, share } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = await owner(server, 'requester')
})
afterAll(() => server.close())

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',')
const base = (token: string) => `/share-service/public/${token}`
const PIECE = { 'content-type': 'application/offset+octet-stream' }

function tus(b: Browser, method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  return b.request(method, path, {
    headers: { 'tus-resumable': '1.0.0', ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
}

/** POST …/uploads: the reply (201 with Location, or the refusal). */
function create(b: Browser, token: string, length: number, name = 'a.bin', extra: Record<string, string> = {}) {
  return tus(b, 'POST', `${base(token)}/uploads`, {
    'upload-length': String(length),
    'upload-metadata': meta({ filename: name, ...extra }),
  })
}

async function created(b: Browser, token: string, length: number, name = 'a.bin') {
  const r = await create(b, token, length, name)
  expect(r.status, r.text).toBe(201)
  return r.headers.get('location')!
}

const patch = (b: Browser, url: string, offset: number, data: Uint8Array) =>
  tus(b, 'PATCH', url, { 'upload-offset': String(offset), ...PIECE }, data)

/** tus-js-client through the link, in small chunks; resolves with the new file's id. */
function tusUpload(b: Browser, token: string, data: Buffer, metadata: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    let fileId = ''
    const upload = new Upload(data, {
      endpoint: `${server.url}${base(token)}/uploads`,
      chunkSize: 64 * 1024,
      metadata,
      headers: {
        uuid: b.uuid!,
        ...(b.cookies.size ? { cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      retryDelays: [],
      onAfterResponse: (_req, res) => {
        fileId = res.getHeader('cumulus-file-id') || fileId
      },
      onError: reject,
      onSuccess: () => resolve(fileId),
    })
    upload.start()
  })
}

const files = async (folderId: string) =>
  ((await alice.get(`/file-service/list?parent=${folderId}&sortBy=alp_asc&limit=1000`)).body as any[]).map((f) => ({
    name: f.filename,
    id: f._id,
    size: f.metadata.size,
  }))
const usedBytes = async (linkId: string) =>
  (
    await server.app.cumulus.db
      .selectFrom('share_links')
      .select('uploaded_bytes')
      .where('id', '=', linkId)
      .executeTakeFirstOrThrow()
  ).uploaded_bytes

describe('tus through an upload link', () => {
  it('given tus-js-client in 64 KiB chunks, then the file lands in the link’s folder, named as sent and numbered on a clash, byte for byte', async () => {
    const inbox = await folder(alice, 'Tus inbox')
    await file(alice, 'scan.pdf', 'already here', inbox)
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const data = cryptoRandomBytes(300_001)
    const id = await tusUpload(anon(server), link.token, data, { filename: 'scan.pdf' })
    const second = await tusUpload(anon(server), link.token, Buffer.from('two'), { filename: 'SCAN.pdf' })
    expect(await files(inbox)).toEqual([
      { name: 'scan (1).pdf', id, size: data.length },
      { name: 'SCAN (2).pdf', id: second, size: 3 },
      { name: 'scan.pdf', id: expect.any(String), size: 12 },
    ])
    expect(sha((await alice.bytes(`/file-service/download/${id}`)).body)).toBe(sha(data))
    expect(await usedBytes(link._id)).toBe(data.length + 3)
    await expectConsistent(server, expect)
  })

  it('given the protocol by hand, then Location is under the link, HEAD tells the offset, and the last PATCH names the file', async () => {
    const inbox = await folder(alice, 'Raw inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const v = anon(server)
    const options = await tus(v, 'OPTIONS', `${base(link.token)}/uploads`)
    expect(options.status).toBe(204)
    expect(options.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination,expiration')
    const url = await created(v, link.token, 10, 'notes.txt')
    expect(url).toMatch(new RegExp(`^/share-service/public/${link.token}/uploads/[\\w-]+$`))
    expect((await patch(v, url, 0, Buffer.from('hello'))).status).toBe(204)
    const head = await tus(v, 'HEAD', url)
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('5')
    expect(head.headers.get('upload-expires')).toBeTruthy()
    expect(head.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await patch(v, url, 0, Buffer.from('again'))).status).toBe(409)
    const last = await patch(v, url, 5, Buffer.from('world'))
    expect(last.status).toBe(204)
    const fileId = last.headers.get('cumulus-file-id')
    expect((await files(inbox)).map((f) => [f.name, f.id])).toEqual([['notes.txt', fileId]])
    // With a body in the creating POST, a small file is done in one request.
    const one = await tus(
      v,
      'POST',
      `${base(link.token)}/uploads`,
      { 'upload-length': '3', 'upload-metadata': meta({ filename: 'one.txt' }), ...PIECE },
      Buffer.from('one'),
    )
    expect(one.status).toBe(201)
    expect(one.headers.get('cumulus-file-id')).toBeTruthy()
    // A folder path or a parent is not the link's to take.
    for (const key of ['relativePath', 'parent']) {
      const r = await create(v, link.token, 3, 'x.txt', { [key]: key === 'parent' ? '/' : 'Sub/x.txt' })
      expect(r.status).toBe(400)
      expect(r.body.message).toBe(
        `Upload links take single files into their folder: Upload-Metadata "${key}" is not accepted`,
      )
    }
  })

  it('refuses an Upload-Length past the per-file limit with 413 before any byte, and reserves the total at creation', async () => {
    const inbox = await folder(alice, 'Limited tus inbox')
    const link = await share(alice, {
      itemType: 'folder',
      itemId: inbox,
      access: 'upload',
      maxFileSize: 1000,
      maxTotalBytes: 1500,
    })
    const v = anon(server)
    const big = await create(v, link.token, 1001)
    expect(big.status).toBe(413)
    expect(big.body.message).toBe("File is larger than this link's limit of 1000 B per file")
    const first = await created(v, link.token, 1000, 'first.bin')
    expect(await usedBytes(link._id)).toBe(1000)
    // The first upload has sent nothing yet, and still holds its 1000 bytes of the 1500.
    const second = await create(v, link.token, 600, 'second.bin')
    expect(second.status).toBe(413)
    expect(second.body.message).toBe('This link takes 1.46 KB in all, and 500 B are left')
    // The multipart way in counts the reservation too.
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(600)]), 'multi.bin')
    expect((await v.request('POST', `${base(link.token)}/upload`, { body: form })).status).toBe(413)
    // Terminated, the upload gives its bytes back.
    expect((await tus(v, 'DELETE', first)).status).toBe(204)
    expect(await usedBytes(link._id)).toBe(0)
    expect(await tus(v, 'HEAD', first).then((r) => r.status)).toBe(404)
    const done = await created(v, link.token, 900, 'done.bin')
    expect((await patch(v, done, 0, new Uint8Array(900))).status).toBe(204)
    // A finished upload's bytes stay counted, even when its row is terminated afterwards.
    await tus(v, 'DELETE', done)
    expect(await usedBytes(link._id)).toBe(900)
    expect((await files(inbox)).map((f) => f.name)).toEqual(['done.bin'])
    await expectConsistent(server, expect)
  })

  it('given parallel creations that together pass the total, then exactly what fits is reserved', async () => {
    const inbox = await folder(alice, 'Parallel tus inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload', maxTotalBytes: 3000 })
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(anon(server), link.token, 1000, `p${i}.bin`)),
    )
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3)
    expect(replies.filter((r) => r.status === 413)).toHaveLength(7)
    expect(await usedBytes(link._id)).toBe(3000)
  })

  it('given an unfinished upload that expires, then the sweep gives its reserved bytes back', async () => {
    const inbox = await folder(alice, 'Expiring tus inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload', maxTotalBytes: 2000 })
    const url = await created(anon(server), link.token, 1500)
    expect((await patch(anon(server), url, 0, new Uint8Array(700))).status).toBe(204)
    const id = url.split('/').at(-1)!
    await server.app.cumulus.db
      .updateTable('uploads')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute()
    const { resumable, store } = server.app.cumulus
    expect(await resumable.sweep(() => store.stagedIds())).toBeGreaterThanOrEqual(1)
    expect(await usedBytes(link._id)).toBe(0)
    expect((await create(anon(server), link.token, 2000)).status).toBe(201)
  })

  it('needs the unlock cookie on a password link, on every request', async () => {
    const inbox = await folder(alice, 'Locked tus inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload', password: 'let me in' })
    const v = anon(server)
    const locked = await create(v, link.token, 4)
    expect(locked.status).toBe(401)
    expect(locked.body.code).toBe('SHARE_PASSWORD_REQUIRED')
    expect((await v.post(`${base(link.token)}/unlock`, { password: 'let me in' })).status).toBe(200)
    const url = await created(v, link.token, 4, 'secret.txt')
    // Someone with the upload's URL but not the cookie gets nowhere.
    const stranger = anon(server)
    expect((await patch(stranger, url, 0, Buffer.from('evil'))).status).toBe(401)
    expect((await tus(stranger, 'DELETE', url)).status).toBe(401)
    expect((await patch(v, url, 0, Buffer.from('data'))).status).toBe(204)
    expect((await files(inbox)).map((f) => f.name)).toEqual(['secret.txt'])
    // tus-js-client with the cookie.
    await tusUpload(v, link.token, Buffer.from('via client'), { filename: 'client.txt' })
    expect((await files(inbox)).map((f) => f.name)).toEqual(['client.txt', 'secret.txt'])
  })

  it('given a revoke or an expiry mid-upload, then the next PATCH is refused at once and nothing is stored', async () => {
    const inbox = await folder(alice, 'Revoked tus inbox')
    const v = anon(server)
    const revoked = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const url = await created(v, revoked.token, 10)
    expect((await patch(v, url, 0, Buffer.from('12345'))).status).toBe(204)
    await alice.delete(`/share-service/links/${revoked._id}`)
    expect((await patch(v, url, 5, Buffer.from('67890'))).status).toBe(404)
    expect((await tus(v, 'HEAD', url)).status).toBe(404)

    const expiring = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const url2 = await created(v, expiring.token, 10)
    expect((await patch(v, url2, 0, Buffer.from('12345'))).status).toBe(204)
    await expire(server, expiring._id)
    const gone = await patch(v, url2, 5, Buffer.from('67890'))
    expect(gone.status).toBe(410)
    expect(await files(inbox)).toEqual([])
  })

  it('given the folder trashed mid-upload, then PATCHes are 404 while it is in the trash, and the upload goes on once restored', async () => {
    const inbox = await folder(alice, 'Trashed tus inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload', maxTotalBytes: 100 })
    const v = anon(server)
    const url = await created(v, link.token, 10)
    expect((await patch(v, url, 0, Buffer.from('12345'))).status).toBe(204)
    expect((await alice.patch('/folder-service/trash', { id: inbox })).status).toBe(200)
    expect((await patch(v, url, 5, Buffer.from('67890'))).status).toBe(404)
    expect((await tus(v, 'HEAD', url)).status).toBe(404)
    expect(await usedBytes(link._id)).toBe(10)
    expect((await alice.patch('/folder-service/restore', { id: inbox })).status).toBe(200)
    const last = await patch(v, url, 5, Buffer.from('67890'))
    expect(last.status).toBe(204)
    expect((await alice.bytes(`/file-service/download/${last.headers.get('cumulus-file-id')}`)).body.toString()).toBe(
      '1234567890',
    )
    await expectConsistent(server, expect)
  })

  it('binds an upload id to its link: another link’s, the owner’s own, or a link’s id on the owner’s route is 404', async () => {
    const inbox = await folder(alice, 'Bound inbox')
    const a = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const b = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const v = anon(server)
    const viaA = await created(v, a.token, 4)
    const id = viaA.split('/').at(-1)!
    const otherLink = `${base(b.token)}/uploads/${id}`
    expect((await tus(v, 'HEAD', otherLink)).status).toBe(404)
    const crossed = await patch(v, otherLink, 0, Buffer.from('data'))
    expect(crossed.status).toBe(404)
    expect(crossed.body.code).toBe('NOT_FOUND')
    expect((await tus(v, 'DELETE', otherLink)).status).toBe(404)
    // The owner's own route does not open a link's upload, signed in or not.
    expect((await patch(alice, `/file-service/uploads/${id}`, 0, Buffer.from('data'))).status).toBe(404)
    expect((await tus(alice, 'DELETE', `/file-service/uploads/${id}`)).status).toBe(404)
    // Nor does a link open the owner's own upload.
    const own = await tus(alice, 'POST', '/file-service/uploads', {
      'upload-length': '4',
      'upload-metadata': meta({ filename: 'own.bin', parent: inbox }),
    })
    expect(own.status).toBe(201)
    const ownId = own.headers.get('location')!.split('/').at(-1)!
    expect((await patch(v, `${base(a.token)}/uploads/${ownId}`, 0, Buffer.from('evil'))).status).toBe(404)
    // The upload is intact through its own link.
    expect((await patch(v, viaA, 0, Buffer.from('data'))).status).toBe(204)
    expect((await patch(alice, own.headers.get('location')!, 0, Buffer.from('mine'))).status).toBe(204)
    expect((await files(inbox)).map((f) => f.name)).toEqual(['a.bin', 'own.bin'])
  })

  it('refuses a view link, a file link and an unknown token', async () => {
    const inbox = await folder(alice, 'View only')
    const fileId = await file(alice, 'f.txt', 'f', inbox)
    const view = await share(alice, { itemType: 'folder', itemId: inbox })
    const r = await create(anon(server), view.token, 3)
    expect(r.status).toBe(403)
    expect(r.body.message).toBe('This link does not take uploads')
    const fileLink = await share(alice, { itemType: 'file', itemId: fileId })
    expect((await create(anon(server), fileLink.token, 3)).status).toBe(403)
    expect((await create(anon(server), 'no-such-token', 3)).status).toBe(404)
    expect((await files(inbox)).map((f) => f.name)).toEqual(['f.txt'])
  })
})

describe('simultaneous file requests with one name', () => {
  it('given 8 multipart uploads and 8 tus uploads of one name at once, then every file gets a name of its own', async () => {
    const inbox = await folder(alice, 'Clash inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const multipart = Array.from({ length: 8 }, (_, i) => {
      const form = new FormData()
      form.append('file', new Blob([`m${i}`]), 'same.txt')
      return anon(server).request('POST', `${base(link.token)}/upload`, { body: form })
    })
    const resumable = Array.from({ length: 8 }, (_, i) =>
      tus(
        anon(server),
        'POST',
        `${base(link.token)}/uploads`,
        { 'upload-length': '2', 'upload-metadata': meta({ filename: 'same.txt' }), ...PIECE },
        Buffer.from(`t${i}`),
      ),
    )
    const replies = await Promise.all([...multipart, ...resumable])
    expect(replies.map((r) => r.status)).toEqual([...Array(8).fill(201), ...Array(8).fill(201)])
    const names = (await files(inbox)).map((f) => f.name)
    expect(names).toHaveLength(16)
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(16)
    expect(names).toContain('same.txt')
    expect(names).toContain('same (15).txt')
    await expectConsistent(server, expect)
  })
})
