// Resumable uploads (tus 1.0.0 at /file-service/uploads, DESIGN.md §7) against the real server:
// tus-js-client through a TCP proxy that cuts the connection mid-upload, plain and encrypted at
// rest; the protocol's refusals; expiry; termination; folder paths.
import { createHash, randomBytes as cryptoRandomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { cuttingProxy, tusUpload } from '../helpers/tus.ts'

const MiB = 1024 * 1024
const KEY = 'aa'.repeat(32)
/** The file rows behind the API, with what a stored upload must get right. */
const filesOf = (server: TestServer) =>
  server.app.cumulus.db.selectFrom('files').select(['id', 'folder_id', 'size', 'sha256', 'filename']).execute()
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const b64 = (s: string) => Buffer.from(s).toString('base64')
const metadataHeader = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')

/** A raw request, for the refusals tus-js-client never sends. */
async function tus(
  browser: Browser,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return browser.request(method, path, {
    headers: { 'tus-resumable': '1.0.0', ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
}

/** A PATCH at offset 0 announcing `length` bytes, whose body the test writes (and may cut) itself. */
function streamingPatch(url: string, browser: Browser, length: number) {
  return httpRequest(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
      uuid: browser.uuid!,
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  })
}

let uploadsMade = 0
/** A tus creation; by default of a new name each time (a taken name is refused, conflict "fail"). */
async function created(
  browser: Browser,
  length: number,
  meta: Record<string, string> = { filename: `a-${++uploadsMade}.bin` },
) {
  const r = await tus(browser, 'POST', '/file-service/uploads', {
    'upload-length': String(length),
    'upload-metadata': metadataHeader(meta),
  })
  expect(r.status, r.text).toBe(201)
  return r.headers.get('location')!
}

describe.each([
  { name: 'plain', env: {} },
  { name: 'encrypted at rest', env: { ENCRYPTION_KEY: KEY } },
])('resumable uploads, $name', ({ env }) => {
  let server: TestServer
  let alice: Browser
  beforeAll(async () => {
    server = await startServer({ env: { ...env, MAX_UPLOAD_BYTES: String(300 * MiB) } })
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('tus'))
  })
  afterAll(() => server.close())

  it(
    'given a 256 MiB upload cut 5 times at random offsets, then it completes with the same bytes and sends at most 1.1× its size',
    { timeout: 240_000 },
    async () => {
      const data = cryptoRandomBytes(256 * MiB)
      const cuts = Array.from({ length: 5 }, () => 1 * MiB + Math.floor(Math.random() * 250 * MiB))
      const proxy = await cuttingProxy(Number(new URL(server.url).port), cuts)
      try {
        const fileId = await tusUpload(proxy.url, alice, data, { filename: 'big.bin', parent: '/' })
        expect(proxy.cutsLeft()).toBe(0)
        expect(proxy.sent()).toBeLessThanOrEqual(1.1 * data.length)
        expect(fileId).toMatch(/^[\w-]+$/)
        const row = (await filesOf(server)).find((f) => f.id === fileId)!
        expect(row.size).toBe(data.length)
        expect(row.sha256).toBe(sha(data))
        const got = await alice.bytes(`/file-service/download/${fileId}`)
        expect(got.status).toBe(200)
        expect(sha(got.body)).toBe(sha(data))
      } finally {
        await proxy.close()
      }
    },
  )

  it('given a PATCH whose connection drops part-way, then the bytes that arrived are kept and the upload continues from there', async () => {
    const data = cryptoRandomBytes(3 * MiB + 12_345)
    const url = await created(alice, data.length)
    const half = 1 * MiB + 777
    // Send the headers and `half` bytes of a body announced longer, then drop the socket.
    await new Promise<void>((resolve) => {
      const req = streamingPatch(server.url + url, alice, data.length)
      req.on('error', () => resolve())
      req.write(data.subarray(0, half), () => setTimeout(() => req.destroy(), 300))
    })
    let offset = 0
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100))
      const head = await tus(alice, 'HEAD', url)
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'))
    }
    expect(offset).toBe(half)
    const rest = await tus(
      alice,
      'PATCH',
      url,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      data.subarray(offset),
    )
    expect(rest.status, rest.text).toBe(204)
    const fileId = rest.headers.get('cumulus-file-id')!
    expect(sha((await alice.bytes(`/file-service/download/${fileId}`)).body)).toBe(sha(data))
  })

  it('given a body in the creating POST, an empty file, and PATCHes of a few bytes, then each completes exactly', async () => {
    const small = Buffer.from('hello, resumable world')
    const post = await tus(
      alice,
      'POST',
      '/file-service/uploads',
      {
        'upload-length': String(small.length),
        'upload-metadata': metadataHeader({ filename: 'hello.txt' }),
        'content-type': 'application/offset+octet-stream',
      },
      small,
    )
    expect(post.status).toBe(201)
    expect(post.headers.get('upload-offset')).toBe(String(small.length))
    const id = post.headers.get('cumulus-file-id')!
    expect((await alice.bytes(`/file-service/download/${id}`)).body.toString()).toBe(small.toString())
    // Finished in the request that made it: nothing is left to ask about (the reply named the file).
    expect((await tus(alice, 'HEAD', post.headers.get('location')!)).status).toBe(404)

    const empty = await tus(alice, 'POST', '/file-service/uploads', {
      'upload-length': '0',
      'upload-metadata': metadataHeader({ filename: 'empty.txt' }),
    })
    expect(empty.status).toBe(201)
    const emptyId = empty.headers.get('cumulus-file-id')!
    const got = await alice.bytes(`/file-service/download/${emptyId}`)
    expect(got.status).toBe(200)
    expect(got.body.length).toBe(0)

    // 100 KiB in 7-byte pieces would take long; 70,001 bytes in pieces that never align with a cipher chunk.
    const odd = cryptoRandomBytes(70_001)
    const url = await created(alice, odd.length)
    for (let at = 0; at < odd.length;) {
      const piece = odd.subarray(at, at + 9_999)
      const r = await tus(
        alice,
        'PATCH',
        url,
        { 'upload-offset': String(at), 'content-type': 'application/offset+octet-stream' },
        piece,
      )
      expect(r.status, r.text).toBe(204)
      at += piece.length
      expect(Number(r.headers.get('upload-offset'))).toBe(at)
      if (at === odd.length)
        expect(sha((await alice.bytes(`/file-service/download/${r.headers.get('cumulus-file-id')}`)).body)).toBe(
          sha(odd),
        )
      else expect(r.headers.get('upload-expires')).toBeTruthy()
    }
    // A client whose last reply was lost asks again: the upload says which file it became.
    const again = await tus(alice, 'HEAD', url)
    expect(again.status).toBe(200)
    expect(again.headers.get('upload-offset')).toBe(String(odd.length))
    expect(again.headers.get('cumulus-file-id')).toBeTruthy()
  })
})

describe('resumable uploads: a whole file in the creating POST', () => {
  let server: TestServer
  let alice: Browser
  beforeAll(async () => {
    server = await startServer()
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('tus-post'))
  })
  afterAll(() => server.close())
  const pendingKeys = async () =>
    (await server.app.cumulus.db.selectFrom('blob_outbox').select('key').where('kind', '=', 'pending').execute()).length
  /** A creating POST announcing all of `data` whose connection drops after `sent` bytes. */
  const cutCreatingPost = (filename: string, data: Buffer, sent: number) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(`${server.url}/file-service/uploads`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(data.length),
          'upload-metadata': metadataHeader({ filename }),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
          uuid: alice.uuid!,
          cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      })
      req.on('error', () => resolve())
      req.write(data.subarray(0, sent), () => setTimeout(() => req.destroy(), 300))
    })

  // A blob key is taken only for the file the last byte makes (from the janitor's pool): a body
  // that ends short leaves none pending, and keeps what arrived for the client to resume.
  it('given a creating POST cut part-way, then no key is left pending and the bytes that arrived are kept', async () => {
    const data = cryptoRandomBytes(2 * MiB + 5)
    await cutCreatingPost('cut.bin', data, MiB)
    const readRow = () =>
      server.app.cumulus.db
        .selectFrom('uploads')
        .select(['id', 'lease', 'file_id'])
        .where('filename', '=', 'cut.bin')
        .executeTakeFirst()
    // The server notices the cut, then closes the staged bytes (on S3, a part upload) and only
    // then gives the lease back: wait for both, as a client's retry would.
    let pending = -1
    let row = await readRow()
    for (let i = 0; i < 100 && (pending !== 0 || !row || row.lease !== null); i++) {
      await new Promise((r) => setTimeout(r, 100))
      pending = await pendingKeys()
      row = await readRow()
    }
    expect(pending).toBe(0)
    if (!row) throw new Error('no upload row for cut.bin')
    expect(row.lease).toBeNull()
    expect(row.file_id).toBeNull()
    const location = `/file-service/uploads/${row.id}`
    const head = await tus(alice, 'HEAD', location)
    expect(Number(head.headers.get('upload-offset'))).toBe(MiB)
    const rest = await tus(
      alice,
      'PATCH',
      location,
      { 'upload-offset': String(MiB), 'content-type': 'application/offset+octet-stream' },
      data.subarray(MiB),
    )
    expect(rest.status, rest.text).toBe(204)
    expect(sha((await alice.bytes(`/file-service/download/${rest.headers.get('cumulus-file-id')}`)).body)).toBe(
      sha(data),
    )
    expect(await pendingKeys()).toBe(0)
  })

  it('given a small whole file in a creating POST cut part-way, then no upload row, no staged bytes and no pending key remain', async () => {
    // Nobody could resume it (the Location comes with the reply), so nothing of it is kept.
    const data = cryptoRandomBytes(512 * 1024)
    const staged = async () => {
      const ids: string[] = []
      for await (const id of server.app.cumulus.store.stagedIds()) ids.push(id)
      return ids
    }
    const before = await staged()
    await cutCreatingPost('small-cut.bin', data, 200 * 1024)
    let left = { pending: -1, staged: -1 }
    for (let i = 0; i < 50 && (left.pending !== 0 || left.staged !== before.length); i++) {
      await new Promise((r) => setTimeout(r, 100))
      left = { pending: await pendingKeys(), staged: (await staged()).length }
    }
    expect(left).toEqual({ pending: 0, staged: before.length })
    expect(
      await server.app.cumulus.db.selectFrom('uploads').select('id').where('filename', '=', 'small-cut.bin').execute(),
    ).toEqual([])
    expect(
      await server.app.cumulus.db.selectFrom('files').select('id').where('filename', '=', 'small-cut.bin').execute(),
    ).toEqual([])
  })

  it('given a small whole file in the creating POST, then it is a file at once, with no upload row and no key left pending', async () => {
    const small = cryptoRandomBytes(100_000)
    const post = await tus(
      alice,
      'POST',
      '/file-service/uploads',
      {
        'upload-length': String(small.length),
        'upload-metadata': metadataHeader({ filename: 'whole.bin' }),
        'content-type': 'application/offset+octet-stream',
      },
      small,
    )
    expect(post.status, post.text).toBe(201)
    expect(post.headers.get('upload-offset')).toBe(String(small.length))
    const id = post.headers.get('cumulus-file-id')!
    expect(sha((await alice.bytes(`/file-service/download/${id}`)).body)).toBe(sha(small))
    expect(
      await server.app.cumulus.db.selectFrom('uploads').select('id').where('filename', '=', 'whole.bin').execute(),
    ).toEqual([])
    expect(await pendingKeys()).toBe(0)
    expect((await tus(alice, 'HEAD', post.headers.get('location')!)).status).toBe(404)
  })

  it('given a larger whole file in the creating POST, then it is a file at once, its upload kept, no longer leased, and no key left pending', async () => {
    const large = cryptoRandomBytes(MiB + 1)
    const post = await tus(
      alice,
      'POST',
      '/file-service/uploads',
      {
        'upload-length': String(large.length),
        'upload-metadata': metadataHeader({ filename: 'whole-large.bin' }),
        'content-type': 'application/offset+octet-stream',
      },
      large,
    )
    expect(post.status, post.text).toBe(201)
    const id = post.headers.get('cumulus-file-id')!
    expect(sha((await alice.bytes(`/file-service/download/${id}`)).body)).toBe(sha(large))
    const row = await server.app.cumulus.db
      .selectFrom('uploads')
      .select(['lease', 'lease_until', 'file_id'])
      .where('filename', '=', 'whole-large.bin')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ lease: null, lease_until: null, file_id: id })
    expect(await pendingKeys()).toBe(0)
    // And another request may take it at once (HEAD would answer 423 while a lease were held).
    expect((await tus(alice, 'HEAD', post.headers.get('location')!)).status).toBe(200)
  })
})

describe('resumable uploads: the protocol, ownership and limits', () => {
  let server: TestServer
  let alice: Browser
  let bob: Browser
  beforeAll(async () => {
    server = await startServer({ env: { MAX_UPLOAD_BYTES: String(10 * MiB) }, limits: { maxFolderDepth: 3 } })
    alice = new Browser(server.url)
    bob = new Browser(server.url)
    await alice.signup(uniqueEmail('tus-a'))
    await bob.signup(uniqueEmail('tus-b'))
  })
  afterAll(() => server.close())

  it('given OPTIONS, then the version, the extensions and the size limit are advertised', async () => {
    const r = await alice.request('OPTIONS', '/file-service/uploads')
    expect(r.status).toBe(204)
    expect(r.headers.get('tus-version')).toBe('1.0.0')
    expect(r.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination,expiration')
    expect(r.headers.get('tus-max-size')).toBe(String(10 * MiB))
  })

  it('given a length past MAX_UPLOAD_BYTES, no Tus-Resumable, no filename or a bad name, then each is refused before anything is kept', async () => {
    const big = await tus(alice, 'POST', '/file-service/uploads', {
      'upload-length': String(10 * MiB + 1),
      'upload-metadata': metadataHeader({ filename: 'x' }),
    })
    expect(big.status).toBe(413)
    const noVersion = await alice.request('POST', '/file-service/uploads', {
      headers: { 'upload-length': '5', 'upload-metadata': metadataHeader({ filename: 'x' }) },
    })
    expect(noVersion.status).toBe(412)
    expect(noVersion.headers.get('tus-version')).toBe('1.0.0')
    expect((await tus(alice, 'POST', '/file-service/uploads', { 'upload-length': '5' })).status).toBe(400)
    const slash = await tus(alice, 'POST', '/file-service/uploads', {
      'upload-length': '5',
      'upload-metadata': metadataHeader({ filename: 'a/b' }),
    })
    expect(slash.status).toBe(400)
    expect(slash.body.message).toMatch(/\//)
    expect(
      (
        await tus(alice, 'POST', '/file-service/uploads', {
          'upload-length': '-1',
          'upload-metadata': metadataHeader({ filename: 'x' }),
        })
      ).status,
    ).toBe(400)
    expect(
      (await tus(alice, 'POST', '/file-service/uploads', { 'upload-length': '5', 'upload-metadata': 'filename %%%' }))
        .status,
    ).toBe(400)
    const noUuid = await new Browser(server.url, null).request('POST', '/file-service/uploads', {
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': metadataHeader({ filename: 'x' }) },
    })
    expect([401, 403]).toContain(noUuid.status)
    expect(await server.app.cumulus.db.selectFrom('uploads').select('id').execute()).toEqual([])
  })

  it('given a wrong offset, a wrong content type or more bytes than announced, then 409, 415 and 413', async () => {
    const url = await created(alice, 10)
    const piece = { 'content-type': 'application/offset+octet-stream' }
    expect((await tus(alice, 'PATCH', url, { ...piece, 'upload-offset': '3' }, Buffer.from('abc'))).status).toBe(409)
    expect(
      (
        await tus(
          alice,
          'PATCH',
          url,
          { 'content-type': 'application/octet-stream', 'upload-offset': '0' },
          Buffer.from('abc'),
        )
      ).status,
    ).toBe(415)
    expect(
      (await tus(alice, 'PATCH', url, { ...piece, 'upload-offset': '0' }, Buffer.from('0123456789ABC'))).status,
    ).toBe(413)
    // The ten that fit are kept, but a request that broke the rules completes nothing: an empty
    // PATCH at the end does.
    expect((await tus(alice, 'HEAD', url)).headers.get('upload-offset')).toBe('10')
    const done = await tus(alice, 'PATCH', url, { ...piece, 'upload-offset': '10' })
    expect(done.status).toBe(204)
    const id = done.headers.get('cumulus-file-id')!
    expect((await alice.bytes(`/file-service/download/${id}`)).body.toString()).toBe('0123456789')
  })

  it('given another user’s upload, then HEAD, PATCH and DELETE answer 404 and leave it alone', async () => {
    const url = await created(alice, 10)
    await tus(
      alice,
      'PATCH',
      url,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      Buffer.from('01234'),
    )
    expect((await tus(bob, 'HEAD', url)).status).toBe(404)
    expect(
      (
        await tus(
          bob,
          'PATCH',
          url,
          { 'content-type': 'application/offset+octet-stream', 'upload-offset': '5' },
          Buffer.from('56789'),
        )
      ).status,
    ).toBe(404)
    expect((await tus(bob, 'DELETE', url)).status).toBe(404)
    const head = await tus(alice, 'HEAD', url)
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('5')
    expect(head.headers.get('upload-length')).toBe('10')
    expect(head.headers.get('cache-control')).toBe('no-store')
    expect(Date.parse(head.headers.get('upload-expires')!)).toBeGreaterThan(Date.now())
  })

  it('given two PATCHes racing on one upload, then one writes and the other gets 423', async () => {
    const url = await created(alice, 2 * MiB)
    const first = new Promise<number>((resolve) => {
      const req = streamingPatch(server.url + url, alice, MiB)
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode!)
      })
      // Half now, half once the second PATCH has been answered.
      req.write(Buffer.alloc(MiB / 2, 1))
      setTimeout(async () => {
        const second = await tus(
          alice,
          'PATCH',
          url,
          { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
          Buffer.alloc(10),
        )
        expect(second.status).toBe(423)
        req.end(Buffer.alloc(MiB / 2, 2))
      }, 300)
    })
    expect(await first).toBe(204)
    expect((await tus(alice, 'HEAD', url)).headers.get('upload-offset')).toBe(String(MiB))
  })

  it('given DELETE, then the upload and its staged bytes are gone', async () => {
    const url = await created(alice, 10)
    await tus(
      alice,
      'PATCH',
      url,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      Buffer.from('01234'),
    )
    const id = url.split('/').at(-1)!
    expect(await server.app.cumulus.store.staged(id).size()).toBe(5)
    expect((await tus(alice, 'DELETE', url)).status).toBe(204)
    expect((await tus(alice, 'HEAD', url)).status).toBe(404)
    expect(await server.app.cumulus.store.staged(id).size()).toBe(0)
  })

  it('given an upload past its expiry, then it answers 410 and the sweep removes it and its bytes, and staged bytes no upload owns', async () => {
    const url = await created(alice, 10)
    await tus(
      alice,
      'PATCH',
      url,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      Buffer.from('01234'),
    )
    const id = url.split('/').at(-1)!
    const { db, store, resumable } = server.app.cumulus
    await db
      .updateTable('uploads')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute()
    expect((await tus(alice, 'HEAD', url)).status).toBe(410)
    const orphan = store.staged('orphan-staged-bytes')
    await orphan.append((await import('node:stream')).Readable.from([Buffer.from('left behind')]))
    expect(await resumable.sweep(() => store.stagedIds())).toBe(1)
    expect(await store.staged(id).size()).toBe(0)
    expect(await orphan.size()).toBe(0)
    expect((await tus(alice, 'HEAD', url)).status).toBe(404)
  })

  it('given a folder upload’s relativePath, then its folders are made once and reused, and a path too deep is refused at creation', async () => {
    const ids: string[] = []
    for (const name of ['one.txt', 'two.txt']) {
      const body = Buffer.from(name)
      const r = await tus(
        alice,
        'POST',
        '/file-service/uploads',
        {
          'upload-length': String(body.length),
          'upload-metadata': metadataHeader({ filename: name, parent: '/', relativePath: `Trip/Day 1/${name}` }),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      )
      expect(r.status, r.text).toBe(201)
      ids.push(r.headers.get('cumulus-file-id')!)
    }
    const rows = (await filesOf(server)).filter((f) => ids.includes(f.id))
    expect(new Set(rows.map((f) => f.folder_id)).size).toBe(1)
    const day = await alice.get(`/folder-service/info/${rows[0]!.folder_id}`)
    expect(day.body.name).toBe('Day 1')
    const trips = (await server.app.cumulus.db.selectFrom('folders').select('id').where('name', '=', 'Trip').execute())
      .length
    expect(trips).toBe(1)
    const deep = await tus(alice, 'POST', '/file-service/uploads', {
      'upload-length': '1',
      'upload-metadata': metadataHeader({ filename: 'x', relativePath: 'a/b/c/d/x' }),
    })
    expect(deep.status).toBe(400)
  })

  it('given a folder upload’s files finishing at the same moment, then they all land in one folder of each name', async () => {
    // The app sends a folder three files at a time: their last pieces may commit together, and on
    // PostgreSQL each would otherwise see no "Album" yet and make its own.
    const album = `Album ${Date.now()}`
    const names = Array.from({ length: 8 }, (_, i) => `photo-${i}.jpg`)
    const urls = await Promise.all(
      names.map((name) =>
        created(alice, name.length, { filename: name, parent: '/', relativePath: `${album}/Day 1/${name}` }),
      ),
    )
    const done = await Promise.all(
      urls.map((url, i) =>
        tus(
          alice,
          'PATCH',
          url,
          { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          Buffer.from(names[i]!),
        ),
      ),
    )
    expect(done.map((r) => r.status)).toEqual(names.map(() => 204))
    const albums = await server.app.cumulus.db.selectFrom('folders').select('id').where('name', '=', album).execute()
    expect(albums).toHaveLength(1)
    const days = await server.app.cumulus.db
      .selectFrom('folders')
      .select('id')
      .where('parent_id', '=', albums[0]!.id)
      .execute()
    expect(days).toHaveLength(1)
    const rows = (await filesOf(server)).filter((f) => names.includes(f.filename))
    expect(rows.map((f) => f.folder_id)).toEqual(names.map(() => days[0]!.id))
  })
})
