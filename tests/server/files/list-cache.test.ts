// The list cache (server/services/drive/list-cache.ts) over real HTTP: a repeated read is answered from
// it, and no write (through any route, the thumbnail queue, a one-time download, another
// connection to the database or another instance) is ever hidden by it.
import { get, type IncomingHttpHeaders } from 'node:http'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { makeImage } from '../helpers/media.ts'
import { pgUrl, startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('cache'))
})
afterAll(() => server.close())

const stats = (s: TestServer = server) => s.app.cumulus.listCache.stats()
const names = (list: Array<{ filename?: string; name?: string }>) => list.map((f) => f.filename ?? f.name)

/** Every cached read of one drive, by URL. */
function reads(ids: { folder: string; file: string }) {
  return [
    '/file-service/list',
    `/file-service/list?parent=${ids.folder}`,
    '/file-service/list?trashMode=true',
    '/file-service/list?mediaMode=true',
    '/file-service/quick-list',
    '/file-service/suggested-list?search=cache',
    `/file-service/info/${ids.file}`,
    '/folder-service/list',
    '/folder-service/list?trashMode=true',
    `/folder-service/info/${ids.folder}`,
    '/folder-service/move-folder-list',
  ]
}

async function snapshot(b: Browser, urls: string[]) {
  const out = new Map<string, string>()
  for (const url of urls) out.set(url, (await b.get(url)).text)
  return out
}

describe('answering from the cache', () => {
  it('given the same list asked three times with nothing written between, then it is built twice and kept, and the third is a hit with the same bytes and headers', async () => {
    await alice.upload('same.txt', 'x')
    const before = stats()
    const first = await alice.get('/file-service/list?sortBy=alp_asc')
    // Asked once: built and sent, not kept (the doorkeeper only notes the URL).
    expect(stats()).toMatchObject({ entries: before.entries, misses: before.misses + 1 })
    const second = await alice.get('/file-service/list?sortBy=alp_asc')
    expect(stats()).toMatchObject({ entries: before.entries + 1, misses: before.misses + 2, hits: before.hits })
    const third = await alice.get('/file-service/list?sortBy=alp_asc')
    expect(stats()).toMatchObject({ entries: before.entries + 1, misses: before.misses + 2, hits: before.hits + 1 })
    expect(second.text).toBe(first.text)
    expect(third.text).toBe(first.text)
    for (const r of [first, third]) {
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(names(third.body)).toContain('same.txt')
  })

  it('given many URLs each asked once (a long scroll, searches as they are typed), then none is kept', async () => {
    const before = stats()
    for (let i = 0; i < 20; i++)
      expect((await alice.get(`/file-service/suggested-list?search=typed${i}`)).status).toBe(200)
    expect(stats().entries).toBe(before.entries)
    expect(stats().bytes).toBe(before.bytes)
  })

  it('given a 404, then it is not kept and the next request is a 404 again', async () => {
    const before = stats()
    expect((await alice.get('/file-service/list?parent=no-such-folder')).status).toBe(404)
    expect((await alice.get('/file-service/list?parent=no-such-folder')).status).toBe(404)
    expect(stats().entries).toBe(before.entries)
  })

  it('given two users asking the very same URLs, then each gets only their own drive', async () => {
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('cache-bob'))
    await alice.upload('alice-only.txt', 'a')
    const a = await alice.get('/file-service/quick-list')
    const b = await bob.get('/file-service/quick-list')
    expect(names(a.body)).toContain('alice-only.txt')
    expect(b.body).toEqual([])
    expect((await bob.get('/file-service/quick-list')).body).toEqual([])
  })
})

/** A raw GET (node:http, which neither adds accept-encoding nor decompresses). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    }).on('error', reject)
  })
}

describe('compression of kept replies', () => {
  it('given a kept list, then browsers accepting gzip get it gzipped, the same JSON, and clients that do not get it plain', async () => {
    for (let i = 0; i < 60; i++) await alice.upload(`gzip ${i}.txt`, 'x')
    const url = `${server.url}/file-service/list?sortBy=alp_asc&limit=60`
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const plain = await rawGet(url, { cookie })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    await rawGet(url, { cookie })
    // Kept from the second request on; its gzip is made after that reply, off the event loop.
    let zipped = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' })
    for (let i = 0; i < 50 && zipped.headers['content-encoding'] !== 'gzip'; i++) {
      await new Promise((r) => setTimeout(r, 20))
      zipped = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' })
    }
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(zipped.headers.vary).toBe('accept-encoding')
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length)
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3)
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true)
    expect(JSON.parse(plain.body.toString())).toHaveLength(60)
    for (const accept of [undefined, 'identity', 'gzip;q=0, identity', 'br']) {
      const r = await rawGet(url, { cookie, ...(accept ? { 'accept-encoding': accept } : {}) })
      expect(r.headers['content-encoding'], String(accept)).toBeUndefined()
      expect(r.body.equals(plain.body)).toBe(true)
    }
  })
})

describe('every write shows in the next identical request', () => {
  it('given each kind of write through the API, then every cached read that it changes changes, and only to the truth', async () => {
    const carol = new Browser(server.url)
    await carol.signup(uniqueEmail('cache-writes'))
    const folder = (await carol.post('/folder-service/create', { name: 'cache folder' })).body
    const file = (await carol.upload('cache file.txt', 'one', folder._id)).body
    const urls = reads({ folder: folder._id, file: file._id })
    let seen = await snapshot(carol, urls)
    // Asked a second time (now kept), then a third with nothing written: all answered from the cache, unchanged.
    expect(await snapshot(carol, urls)).toEqual(seen)
    const hitsBefore = stats().hits
    expect(await snapshot(carol, urls)).toEqual(seen)
    expect(stats().hits - hitsBefore).toBe(urls.length)

    const steps: Array<[string, () => Promise<unknown>, string, (body: any) => void]> = [
      [
        'upload',
        () => carol.upload('cache second.txt', 'two'),
        '/file-service/list',
        (b) => expect(names(b)).toContain('cache second.txt'),
      ],
      [
        'rename a file',
        () => carol.patch('/file-service/rename', { id: file._id, title: 'cache renamed.txt' }),
        `/file-service/info/${file._id}`,
        (b) => expect(b.filename).toBe('cache renamed.txt'),
      ],
      [
        'create a folder',
        () => carol.post('/folder-service/create', { name: 'cache other' }),
        '/folder-service/list',
        (b) => expect(names(b)).toContain('cache other'),
      ],
      [
        'rename a folder',
        () => carol.patch('/folder-service/rename', { id: folder._id, title: 'cache renamed folder' }),
        `/folder-service/info/${folder._id}`,
        (b) => expect(b.name).toBe('cache renamed folder'),
      ],
      [
        'share',
        () => carol.patch(`/file-service/make-public/${file._id}`),
        `/file-service/info/${file._id}`,
        (b) => expect(b.metadata.linkType).toBe('public'),
      ],
      [
        'remove the link',
        () => carol.patch(`/file-service/remove-link/${file._id}`),
        `/file-service/info/${file._id}`,
        (b) => expect(b.metadata.linkType).toBeUndefined(),
      ],
      [
        'move a file',
        () => carol.patch('/file-service/move', { id: file._id, parentID: '/' }),
        `/file-service/list?parent=${folder._id}`,
        (b) => expect(b).toEqual([]),
      ],
      [
        'trash a folder',
        () => carol.patch('/folder-service/trash', { id: folder._id }),
        '/folder-service/list?trashMode=true',
        (b) => expect(names(b)).toContain('cache renamed folder'),
      ],
      [
        'restore it',
        () => carol.patch('/folder-service/restore', { id: folder._id }),
        '/folder-service/list?trashMode=true',
        (b) => expect(b).toEqual([]),
      ],
      [
        'trash a file',
        () => carol.patch('/file-service/trash', { id: file._id }),
        '/file-service/list?trashMode=true',
        (b) => expect(names(b)).toEqual(['cache renamed.txt']),
      ],
      [
        'delete it for good',
        () => carol.delete('/file-service/remove', { id: file._id }),
        '/file-service/list?trashMode=true',
        (b) => expect(b).toEqual([]),
      ],
      [
        'delete a folder for good',
        () => carol.delete('/folder-service/remove', { id: folder._id }),
        '/folder-service/move-folder-list',
        (b) => expect(names(b)).toEqual(['cache other']),
      ],
    ]
    for (const [what, write, url, check] of steps) {
      // Every read kept at the current version, so a stale entry would be there to be served.
      await snapshot(carol, urls)
      await write()
      const now = await snapshot(carol, urls)
      expect(now.get(url), `${what}: ${url}`).not.toBe(seen.get(url))
      check(JSON.parse(now.get(url)!))
      seen = now
    }
  })

  it('given a one-time link consumed by an anonymous download, then the owner’s next info and list show the file private', async () => {
    const file = (await alice.upload('cache once.txt', 'once')).body
    const link = (await alice.patch(`/file-service/make-one/${file._id}`)).body.file.metadata.link
    for (let i = 0; i < 2; i++) {
      expect((await alice.get(`/file-service/info/${file._id}`)).body.metadata.linkType).toBe('one')
      expect((await alice.get('/file-service/quick-list')).body[0].metadata.linkType).toBe('one')
    }
    expect((await new Browser(server.url).bytes(`/file-service/public/download/${file._id}/${link}`)).status).toBe(200)
    expect((await alice.get(`/file-service/info/${file._id}`)).body.metadata.linkType).toBeUndefined()
    expect((await alice.get('/file-service/quick-list')).body[0].metadata.linkType).toBeUndefined()
  })

  it('given the thumbnail queue finishing after the list was read, then the next list shows the thumbnail', async () => {
    const photo = (await alice.upload('cache photo.png', await makeImage('png'))).body
    // Read (and keep) the list before the queue has necessarily run.
    await alice.get('/file-service/quick-list')
    await alice.get('/file-service/quick-list')
    await server.app.cumulus.thumbnails.idle()
    const listed = (await alice.get('/file-service/quick-list')).body.find((f: { _id: string }) => f._id === photo._id)
    expect(listed.metadata.hasThumbnail).toBe(true)
    expect(listed.metadata.thumbnailID).not.toBe('')
  })

  it.skipIf(pgUrl)(
    'given a write by another connection to the SQLite file, then lists show it within a second (the data_version check)',
    async () => {
      // SQLite only: this test writes the database file beside the server, as an admin's shell would.
      const name = 'cache outside.txt'
      const file = (await alice.upload(name, 'x')).body
      expect(names((await alice.get('/file-service/quick-list')).body)).toContain(name)
      expect(names((await alice.get('/file-service/quick-list')).body)).toContain(name)
      const direct = new Database(join(server.dataDir, 'cumulus.db'))
      try {
        direct
          .prepare('update files set filename = ?, name_key = ? where id = ?')
          .run('renamed outside.txt', 'renamed outside.txt', file._id)
      } finally {
        direct.close()
      }
      const started = Date.now()
      let listed: string[] = []
      while (Date.now() - started < 1000) {
        listed = names((await alice.get('/file-service/quick-list')).body) as string[]
        if (listed.includes('renamed outside.txt')) break
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(listed).toContain('renamed outside.txt')
      expect(listed).not.toContain(name)
    },
  )
})

describe.skipIf(!pgUrl)('two instances sharing PostgreSQL', () => {
  // PostgreSQL only: SQLite is one process by design; this is the scale-out of DESIGN.md §5.
  it('given a list cached on one instance and a write through the other, then the first instance’s next list shows it', async () => {
    const first = await startServer({ keepData: true, env: { BLOB_STORE: 'fs' } })
    const second = await startServer({
      dataDir: first.dataDir,
      schema: first.config.databaseSchema!,
      keepData: true,
      env: { BLOB_STORE: 'fs' },
    })
    try {
      const onFirst = new Browser(first.url)
      await onFirst.signup(uniqueEmail('cache-two'))
      // The same browser, its requests spread over both instances by a load balancer.
      const onSecond = new Browser(second.url, onFirst.uuid)
      for (const [k, v] of onFirst.cookies) onSecond.cookies.set(k, v)
      await onFirst.post('/folder-service/create', { name: 'before' })
      for (let i = 0; i < 3; i++) expect(names((await onFirst.get('/folder-service/list')).body)).toEqual(['before'])
      expect(stats(first).hits).toBeGreaterThan(0)
      expect((await onSecond.post('/folder-service/create', { name: 'after' })).status).toBe(201)
      expect(names((await onFirst.get('/folder-service/list?sortBy=alp_asc')).body)).toEqual(['after', 'before'])
      expect(names((await onFirst.get('/folder-service/list')).body).sort()).toEqual(['after', 'before'])
    } finally {
      await second.close()
      await first.close()
    }
  })
})

describe('its bounds', () => {
  it('given a limit of 64 KiB and many different lists, then it never holds more and every answer stays right', async () => {
    const small = await startServer({ limits: { listCacheBytes: 64 * 1024 } })
    try {
      const dave = new Browser(small.url)
      await dave.signup(uniqueEmail('cache-small'))
      for (let i = 0; i < 30; i++) await dave.upload(`bounded ${String(i).padStart(2, '0')}.txt`, 'x')
      for (let limit = 1; limit <= 30; limit++) {
        // Twice: a URL is kept from its second request on.
        await dave.get(`/file-service/list?sortBy=alp_asc&limit=${limit}`)
        const list = (await dave.get(`/file-service/list?sortBy=alp_asc&limit=${limit}`)).body
        expect(names(list)).toEqual(
          Array.from({ length: limit }, (_, i) => `bounded ${String(i).padStart(2, '0')}.txt`),
        )
        expect(stats(small).bytes).toBeLessThanOrEqual(64 * 1024)
      }
      expect(stats(small).entries).toBeGreaterThan(0)
      expect(stats(small).entries).toBeLessThan(30)
    } finally {
      await small.close()
    }
  })

  it('given the cache turned off (0 bytes), then nothing is kept and lists still follow every write', async () => {
    const off = await startServer({ limits: { listCacheBytes: 0 } })
    try {
      const erin = new Browser(off.url)
      await erin.signup(uniqueEmail('cache-off'))
      await erin.upload('a.txt', 'x')
      expect(names((await erin.get('/file-service/list')).body)).toEqual(['a.txt'])
      await erin.upload('b.txt', 'x')
      expect(names((await erin.get('/file-service/list?sortBy=alp_asc')).body)).toEqual(['a.txt', 'b.txt'])
      expect(stats(off)).toMatchObject({ entries: 0, bytes: 0, hits: 0 })
    } finally {
      await off.close()
    }
  })
})
