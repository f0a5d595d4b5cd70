// WebDAV through the drive's rules (DESIGN.md §7): who may sign in, what a read-only password
// may do, whose items are reachable, names, quotas, the trash, thumbnails, list freshness,
// duplicate names, conditional requests and ranges. One server for the file.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newAppPasswordSecret } from '../../../server/services/sign-in/app-passwords.ts'
import { expectConsistent } from '../helpers/drive.ts'
import {
  basic,
  dav,
  davAccount,
  type DavAccount,
  hrefs,
  PROPFIND_ALL,
  startDav,
  type TestServer,
} from './dav-helpers.ts'

let server: TestServer
let alice: DavAccount
let auth: string
beforeAll(async () => {
  ;({ server, account: alice } = await startDav({ limits: { loginFreeFailures: 3, maxFilesPerUpload: 20 } }))
  auth = basic(alice.email, alice.write)
})
afterAll(() => server.close())

const depth1 = (path: string, who = auth) => dav(server, who, 'PROPFIND', path, { headers: { depth: '1' } })
const fileRow = async (userId: string, name: string) =>
  (server.app.cumulus.db as any)
    .selectFrom('files')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('filename', '=', name)
    .execute()

describe('signing in', () => {
  it('given 5,000 new app passwords, then none starts with "-" or "_" (a command line would read it as a flag) and each is 32 base64url characters', () => {
    const secrets = Array.from({ length: 5000 }, newAppPasswordSecret)
    expect(secrets.filter((s) => !/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/.test(s))).toEqual([])
    expect(new Set(secrets).size).toBe(5000)
  })

  it('given no credentials, then 401 with a Basic challenge; OPTIONS answers DAV: 1, 2 without them', async () => {
    const r = await dav(server, undefined, 'PROPFIND', '/dav/', { headers: { depth: '0' } })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toBe('Basic realm="Cumulus", charset="UTF-8"')
    const o = await dav(server, undefined, 'OPTIONS', '/dav/')
    expect(o.status).toBe(200)
    expect(o.headers.get('dav')).toBe('1, 2')
    expect(o.headers.get('allow')).toContain('PROPFIND')
  })

  it('given the account password instead of an app password, then 401; a wrong secret too; an app password opens Home', async () => {
    expect(
      (await dav(server, basic(alice.email, 'secret123'), 'PROPFIND', '/dav/', { headers: { depth: '0' } })).status,
    ).toBe(401)
    expect(
      (await dav(server, basic(alice.email, `${alice.write}x`), 'PROPFIND', '/dav/', { headers: { depth: '0' } }))
        .status,
    ).toBe(401)
    expect((await dav(server, auth, 'PROPFIND', '/dav/', { headers: { depth: '0' } })).status).toBe(207)
  })

  it('given an app password revoked in the web app, then its next request is 401', async () => {
    const made = (
      await alice.browser.post('/user-service/app-passwords', { name: 'laptop', scope: 'write', password: 'secret123' })
    ).body
    const laptop = basic(alice.email, made.secret)
    expect((await dav(server, laptop, 'PROPFIND', '/dav/', { headers: { depth: '0' } })).status).toBe(207)
    expect((await alice.browser.delete(`/user-service/app-passwords/${made.appPassword._id}`)).status).toBe(200)
    expect((await dav(server, laptop, 'PROPFIND', '/dav/', { headers: { depth: '0' } })).status).toBe(401)
  })

  it('given repeated wrong secrets for one account, then the sign-in throttle answers 429 with Retry-After, as the web sign-in does', async () => {
    const victim = await davAccount(server, 'throttled')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await dav(server, basic(victim.email, 'wrong-secret'), 'PROPFIND', '/dav/', { headers: { depth: '0' } }))
          .status,
      )
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
    const last = await dav(server, basic(victim.email, victim.write), 'PROPFIND', '/dav/', { headers: { depth: '0' } })
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('given a read-only app password, then reads work and every write is 403, changing nothing', async () => {
    const ro = basic(alice.email, alice.read)
    expect((await dav(server, auth, 'PUT', '/dav/ro.txt', { body: 'kept' })).status).toBe(201)
    expect((await dav(server, ro, 'GET', '/dav/ro.txt')).text).toBe('kept')
    expect((await depth1('/dav/', ro)).status).toBe(207)
    const writes: Array<[string, string, Record<string, string>, string?]> = [
      ['PUT', '/dav/ro.txt', {}, 'changed'],
      ['PUT', '/dav/new.txt', {}, 'x'],
      ['DELETE', '/dav/ro.txt', {}],
      ['MKCOL', '/dav/ro-folder', {}],
      ['MOVE', '/dav/ro.txt', { destination: '/dav/moved.txt' }],
      ['COPY', '/dav/ro.txt', { destination: '/dav/copied.txt' }],
      [
        'PROPPATCH',
        '/dav/ro.txt',
        { 'content-type': 'application/xml' },
        '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x xmlns="urn:x">1</x></D:prop></D:set></D:propertyupdate>',
      ],
      [
        'LOCK',
        '/dav/ro.txt',
        {},
        '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
      ],
      ['UNLOCK', '/dav/ro.txt', { 'lock-token': '<urn:uuid:x>' }],
    ]
    for (const [method, path, headers, body] of writes) {
      const r = await dav(server, ro, method, path, { headers, ...(body !== undefined ? { body } : {}) })
      expect([method, r.status]).toEqual([method, 403])
    }
    expect((await dav(server, auth, 'GET', '/dav/ro.txt')).text).toBe('kept')
    const names = hrefs((await depth1('/dav/')).text)
    for (const gone of ['/dav/new.txt', '/dav/ro-folder/', '/dav/moved.txt', '/dav/copied.txt'])
      expect(names).not.toContain(gone)
  })
})

describe('ownership', () => {
  it("given another user's items, then their Home never shows them and their paths are 404 for every method", async () => {
    expect((await dav(server, auth, 'MKCOL', '/dav/private')).status).toBe(201)
    expect((await dav(server, auth, 'PUT', '/dav/private/secret.txt', { body: 'alice only' })).status).toBe(201)
    const bob = await davAccount(server, 'bob')
    const bobAuth = basic(bob.email, bob.write)
    expect(hrefs((await depth1('/dav/', bobAuth)).text)).toEqual(['/dav/'])
    expect((await dav(server, bobAuth, 'GET', '/dav/private/secret.txt')).status).toBe(404)
    expect((await dav(server, bobAuth, 'PROPFIND', '/dav/private/', { headers: { depth: '0' } })).status).toBe(404)
    expect((await dav(server, bobAuth, 'DELETE', '/dav/private/secret.txt')).status).toBe(404)
    expect(
      (await dav(server, bobAuth, 'MOVE', '/dav/private/', { headers: { destination: '/dav/mine/' } })).status,
    ).toBe(404)
    // A PUT to that path makes Bob's own file (the parent does not exist for him: 409), never Alice's.
    expect((await dav(server, bobAuth, 'PUT', '/dav/private/secret.txt', { body: 'bob' })).status).toBe(409)
    expect((await dav(server, auth, 'GET', '/dav/private/secret.txt')).text).toBe('alice only')
  })
})

describe('the drive rules', () => {
  it('given PROPFIND Depth infinity (or none), then 403 with the propfind-finite-depth error body', async () => {
    for (const headers of [{ depth: 'infinity' }, {}] as Array<Record<string, string>>) {
      const r = await dav(server, auth, 'PROPFIND', '/dav/', { headers, body: PROPFIND_ALL })
      expect(r.status).toBe(403)
      expect(r.headers.get('content-type')).toContain('application/xml')
      expect(r.text).toContain('<D:propfind-finite-depth/>')
    }
  })

  it('given names the app refuses, then 400 and nothing is made', async () => {
    for (const path of ['/dav/%20lead.txt', '/dav/trail%20', '/dav/nul%00.txt', `/dav/${'n'.repeat(256)}`]) {
      const r = await dav(server, auth, 'PUT', path, { body: 'x' })
      expect([path, r.status]).toEqual([path, 400])
    }
    expect((await dav(server, auth, 'MKCOL', '/dav/%20space')).status).toBe(400)
    expect((await dav(server, auth, 'MKCOL', '/dav/a%2Fb')).status).toBe(400)
    await expectConsistent(server, expect)
  })

  it('given eight MKCOLs of one path at once (as rclone sends them), then one folder is made and the rest get 405', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => dav(server, auth, 'MKCOL', '/dav/raced')))
    expect(replies.map((r) => r.status).sort()).toEqual([201, 405, 405, 405, 405, 405, 405, 405])
    const folders = await (server.app.cumulus.db as any)
      .selectFrom('folders')
      .select('id')
      .where('owner_id', '=', alice.userId)
      .where('name', '=', 'raced')
      .execute()
    expect(folders).toHaveLength(1)
  })

  it('given six PUTs of one new path at once (a client retrying while its first try still runs), then one file is there, with one of their bodies, and one reply was 201', async () => {
    // The path was free when each was resolved; each looks again when its bytes are stored.
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => dav(server, auth, 'PUT', '/dav/retried.txt', { body: `try ${i}` })),
    )
    expect(replies.map((r) => r.status).sort()).toEqual([201, 204, 204, 204, 204, 204])
    const rows = await fileRow(alice.userId, 'retried.txt')
    expect(rows).toHaveLength(1)
    expect((await dav(server, auth, 'GET', '/dav/retried.txt')).text).toMatch(/^try [0-5]$/)
    await expectConsistent(server, expect)
  })

  it.each(['MOVE', 'COPY'])(
    'given six %ss of different files to one new path at once without Overwrite, then one lands there and the rest get 412',
    async (method) => {
      // Each found the destination free when it was resolved; each looks again in its transaction.
      // Without that, COPY made six files on both databases; MOVE did on PostgreSQL (on SQLite its
      // window, between resolving and its transaction, was too short to hit).
      const names = Array.from({ length: 6 }, (_, i) => `${method.toLowerCase()}-source-${i}.txt`)
      for (const name of names)
        expect((await dav(server, auth, 'PUT', `/dav/${name}`, { body: name })).status).toBe(201)
      const target = `${method.toLowerCase()}-target.txt`
      const replies = await Promise.all(
        names.map((name) =>
          dav(server, auth, method, `/dav/${name}`, { headers: { destination: `/dav/${target}`, overwrite: 'F' } }),
        ),
      )
      expect(replies.map((r) => r.status).sort()).toEqual([201, 412, 412, 412, 412, 412])
      expect(await fileRow(alice.userId, target)).toHaveLength(1)
      expect(names).toContain((await dav(server, auth, 'GET', `/dav/${target}`)).text)
      await expectConsistent(server, expect)
    },
  )

  it('given a folder made at a PUT’s path while the PUT’s bytes arrive, then the PUT is 405 and the folder stays alone there', async () => {
    let push!: ReadableStreamDefaultController<Uint8Array>
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) })
    const put = dav(server, auth, 'PUT', '/dav/became-folder', { body })
    push.enqueue(Buffer.from('first half, '))
    // Meant to land after the PUT's path was resolved; landing before, the PUT meets a folder at
    // once, which must end the same way.
    await new Promise((done) => setTimeout(done, 200))
    expect((await dav(server, auth, 'MKCOL', '/dav/became-folder')).status).toBe(201)
    push.enqueue(Buffer.from('second half'))
    push.close()
    expect((await put).status).toBe(405)
    expect(await fileRow(alice.userId, 'became-folder')).toEqual([])
    expect(hrefs((await depth1('/dav/became-folder/')).text)).toEqual(['/dav/became-folder/'])
    await expectConsistent(server, expect)
  })

  it('given a PUT, then the web app lists it at once (drive version), and a PUT over it gives it new bytes and a new ETag', async () => {
    const first = await dav(server, auth, 'PUT', '/dav/fresh.txt', { body: 'one' })
    expect(first.status).toBe(201)
    const list = await alice.browser.get('/file-service/list?parent=/')
    const listed = list.body.find((f: any) => f.filename === 'fresh.txt')
    expect(listed.metadata.size).toBe(3)
    const again = await dav(server, auth, 'PUT', '/dav/fresh.txt', { body: 'second' })
    expect(again.status).toBe(204)
    expect(again.headers.get('etag')).not.toBe(first.headers.get('etag'))
    const relisted = (await alice.browser.get('/file-service/list?parent=/')).body.filter(
      (f: any) => f.filename === 'fresh.txt',
    )
    expect(relisted).toHaveLength(1)
    expect(relisted[0]._id).toBe(listed._id)
    expect(relisted[0].metadata.size).toBe(6)
    expect((await alice.browser.bytes(`/file-service/download/${listed._id}`)).body.toString()).toBe('second')
    await expectConsistent(server, expect)
  })

  it('given DELETE, then the item is in the trash, where the web app can restore it', async () => {
    expect((await dav(server, auth, 'MKCOL', '/dav/bin')).status).toBe(201)
    expect((await dav(server, auth, 'PUT', '/dav/bin/doomed.txt', { body: 'recover me' })).status).toBe(201)
    expect((await dav(server, auth, 'DELETE', '/dav/bin/doomed.txt')).status).toBe(204)
    expect((await dav(server, auth, 'GET', '/dav/bin/doomed.txt')).status).toBe(404)
    const trash = await alice.browser.get('/file-service/list?trashMode=true')
    const doomed = trash.body.find((f: any) => f.filename === 'doomed.txt')
    expect(doomed).toBeDefined()
    expect((await alice.browser.patch('/file-service/restore', { id: doomed._id })).status).toBe(200)
    expect((await dav(server, auth, 'GET', '/dav/bin/doomed.txt')).text).toBe('recover me')
  })

  it('given a photo PUT by WebDAV, then the thumbnail queue makes its thumbnail', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 10, g: 200, b: 90 } } })
      .png()
      .toBuffer()
    expect((await dav(server, auth, 'PUT', '/dav/photo.png', { body: png })).status).toBe(201)
    await server.app.cumulus.thumbnails.idle()
    const [row] = await fileRow(alice.userId, 'photo.png')
    const info = await alice.browser.get(`/file-service/info/${row.id}`)
    expect(info.body.metadata.hasThumbnail).toBe(true)
  })

  it('given two files with one name in a folder, then one keeps the name, the other is "stem (id).ext", and each URL reaches its own bytes', async () => {
    const folder = (await alice.browser.post('/folder-service/create', { name: 'twins' })).body
    const a = await alice.browser.upload('same.txt', 'first', folder._id)
    const b = await alice.browser.upload('same.txt', 'second', folder._id)
    const [plain, other] = [a.body, b.body].sort((x, y) => (x._id < y._id ? -1 : 1))
    const listed = hrefs((await depth1('/dav/twins/')).text)
    expect(listed).toEqual(['/dav/twins/', '/dav/twins/same.txt', `/dav/twins/same (${other._id}).txt`])
    expect((await dav(server, auth, 'GET', '/dav/twins/same.txt')).text).toBe(
      plain._id === a.body._id ? 'first' : 'second',
    )
    expect((await dav(server, auth, 'GET', `/dav/twins/${encodeURIComponent(`same (${other._id}).txt`)}`)).text).toBe(
      other._id === a.body._id ? 'first' : 'second',
    )
    // A folder holds its name before a file does.
    expect((await dav(server, auth, 'MKCOL', '/dav/twins/dir')).status).toBe(201)
    const file = await alice.browser.upload('dir', 'a file named like the folder', folder._id)
    expect(hrefs((await depth1('/dav/twins/')).text)).toContain(`/dav/twins/dir (${file.body._id})`)
  })

  it('given a quota, then a PUT past it is 507 before a byte is kept, with or without Content-Length; one that fits is stored', async () => {
    const carol = await davAccount(server, 'quota')
    expect((await alice.browser.patch(`/admin/users/${carol.userId}`, { quota: 5000 })).status).toBe(200)
    const carolAuth = basic(carol.email, carol.write)
    expect((await dav(server, carolAuth, 'PUT', '/dav/fits.bin', { body: Buffer.alloc(3000, 1) })).status).toBe(201)
    const over = await dav(server, carolAuth, 'PUT', '/dav/over.bin', { body: Buffer.alloc(3000, 2) })
    expect(over.status).toBe(507)
    // A chunked body (no Content-Length, as Finder sends): refused once its bytes pass the quota.
    const chunked = new ReadableStream({
      start(c) {
        for (let i = 0; i < 3; i++) c.enqueue(new Uint8Array(1000))
        c.close()
      },
    })
    expect((await dav(server, carolAuth, 'PUT', '/dav/chunked.bin', { body: chunked })).status).toBe(507)
    const props = await dav(server, carolAuth, 'PROPFIND', '/dav/', {
      headers: { depth: '0' },
      body: '<D:propfind xmlns:D="DAV:"><D:prop><D:quota-used-bytes/><D:quota-available-bytes/></D:prop></D:propfind>',
    })
    expect(props.text).toContain('<D:quota-used-bytes>3000</D:quota-used-bytes>')
    expect(props.text).toContain('<D:quota-available-bytes>2000</D:quota-available-bytes>')
    expect(hrefs((await depth1('/dav/', carolAuth)).text)).toEqual(['/dav/', '/dav/fits.bin'])
    const reserved = await (server.app.cumulus.db as any)
      .selectFrom('users')
      .select('reserved_bytes')
      .where('id', '=', carol.userId)
      .executeTakeFirst()
    expect(Number(reserved.reserved_bytes)).toBe(0)
    await expectConsistent(server, expect)
  })

  it('given a COPY of a folder holding more files than a folder upload takes, then 403 naming the limit, and nothing is copied', async () => {
    expect((await dav(server, auth, 'MKCOL', '/dav/many')).status).toBe(201)
    for (let i = 0; i < 21; i++)
      expect((await dav(server, auth, 'PUT', `/dav/many/f${i}.txt`, { body: `${i}` })).status).toBe(201)
    const r = await dav(server, auth, 'COPY', '/dav/many/', { headers: { destination: '/dav/many-copy/' } })
    expect(r.status).toBe(403)
    expect(r.text).toContain('at most 10000 folders and 20 files')
    expect((await dav(server, auth, 'PROPFIND', '/dav/many-copy/', { headers: { depth: '0' } })).status).toBe(404)
    await expectConsistent(server, expect)
  })

  it('given a folder deeper than the depth limit, then MKCOL is 400', async () => {
    let path = '/dav'
    for (let i = 0; i < server.config.limits.maxFolderDepth; i++) path += `/d${i}`
    // Made through the tree service directly (100 MKCOLs would be slow), then one more by WebDAV.
    let parent: string | undefined
    for (let i = 0; i < server.config.limits.maxFolderDepth; i++)
      parent = (await server.app.cumulus.tree.createFolder(alice.userId, `d${i}`, parent)).id
    expect((await dav(server, auth, 'MKCOL', `${path}/one-too-many`)).status).toBe(400)
  })
})

describe('HTTP details', () => {
  it('given Range, If-Match and If-None-Match, then 206, 412 and 304 as for any download', async () => {
    const put = await dav(server, auth, 'PUT', '/dav/range.txt', { body: '0123456789' })
    const etag = put.headers.get('etag')!
    const part = await dav(server, auth, 'GET', '/dav/range.txt', { headers: { range: 'bytes=2-5' } })
    expect(part.status).toBe(206)
    expect(part.text).toBe('2345')
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10')
    expect((await dav(server, auth, 'GET', '/dav/range.txt', { headers: { 'if-none-match': etag } })).status).toBe(304)
    expect(
      (await dav(server, auth, 'PUT', '/dav/range.txt', { body: 'lost update', headers: { 'if-match': '"stale"' } }))
        .status,
    ).toBe(412)
    expect(
      (await dav(server, auth, 'PUT', '/dav/range.txt', { body: 'x', headers: { 'if-none-match': '*' } })).status,
    ).toBe(412)
    expect(
      (await dav(server, auth, 'PUT', '/dav/range.txt', { body: 'updated', headers: { 'if-match': etag } })).status,
    ).toBe(204)
    const head = await dav(server, auth, 'HEAD', '/dav/range.txt')
    expect(head.headers.get('content-length')).toBe('7')
  })

  it('given PROPPATCH, then the dead property is kept, moves with its item, is copied by COPY and goes with a permanent delete', async () => {
    await dav(server, auth, 'PUT', '/dav/tagged.txt', { body: 'x' })
    const set = await dav(server, auth, 'PROPPATCH', '/dav/tagged.txt', {
      body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><c:colour xmlns:c="urn:example">teal &amp; <c:b>bold</c:b></c:colour></D:prop></D:set></D:propertyupdate>',
    })
    expect(set.status).toBe(207)
    expect(set.text).toContain('HTTP/1.1 200 OK')
    const ask = '<D:propfind xmlns:D="DAV:"><D:prop><c:colour xmlns:c="urn:example"/></D:prop></D:propfind>'
    expect(
      (await dav(server, auth, 'MOVE', '/dav/tagged.txt', { headers: { destination: '/dav/moved-tag.txt' } })).status,
    ).toBe(201)
    expect(
      (await dav(server, auth, 'COPY', '/dav/moved-tag.txt', { headers: { destination: '/dav/copied-tag.txt' } }))
        .status,
    ).toBe(201)
    for (const path of ['/dav/moved-tag.txt', '/dav/copied-tag.txt']) {
      const got = await dav(server, auth, 'PROPFIND', path, { headers: { depth: '0' }, body: ask })
      expect(got.text).toContain('<colour xmlns="urn:example">teal &amp; <b>bold</b></colour>')
    }
    const refused = await dav(server, auth, 'PROPPATCH', '/dav/moved-tag.txt', {
      body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getetag>x</D:getetag><o:other xmlns:o="urn:o">1</o:other></D:prop></D:set></D:propertyupdate>',
    })
    expect(refused.text).toContain('HTTP/1.1 403 Forbidden')
    expect(refused.text).toContain('HTTP/1.1 424 Failed Dependency')
    const [row] = await fileRow(alice.userId, 'moved-tag.txt')
    await server.app.cumulus.tree.removeFile(alice.userId, row.id)
    const left = await (server.app.cumulus.db as any)
      .selectFrom('dav_properties')
      .select('resource_id')
      .where('resource_id', '=', row.id)
      .execute()
    expect(left).toEqual([])
  })

  it('given a PROPPATCH past 200 dead properties, then 507 for each and none is kept', async () => {
    await dav(server, auth, 'PUT', '/dav/crowded.txt', { body: 'x' })
    const props = Array.from({ length: 201 }, (_, i) => `<p${i} xmlns="urn:many">${i}</p${i}>`).join('')
    const r = await dav(server, auth, 'PROPPATCH', '/dav/crowded.txt', {
      body: `<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${props}</D:prop></D:set></D:propertyupdate>`,
    })
    expect(r.status).toBe(207)
    expect(r.text).toContain('HTTP/1.1 507 Insufficient Storage')
    expect(r.text).not.toContain('200 OK')
    const [row] = await fileRow(alice.userId, 'crowded.txt')
    expect(
      await (server.app.cumulus.db as any)
        .selectFrom('dav_properties')
        .select('name')
        .where('resource_id', '=', row.id)
        .execute(),
    ).toEqual([])
  })

  it('given a lock, then a write without its token is 423 with lock-token-submitted, and with it succeeds', async () => {
    await dav(server, auth, 'PUT', '/dav/locked.txt', { body: 'x' })
    const lock = await dav(server, auth, 'LOCK', '/dav/locked.txt', {
      headers: { timeout: 'Second-600' },
      body: '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>finder</D:owner></D:lockinfo>',
    })
    expect(lock.status).toBe(200)
    const token = lock.headers.get('lock-token')!
    expect(lock.text).toContain('<D:timeout>Second-600</D:timeout>')
    const blocked = await dav(server, auth, 'PUT', '/dav/locked.txt', { body: 'y' })
    expect(blocked.status).toBe(423)
    expect(blocked.text).toContain('<D:lock-token-submitted><D:href>/dav/locked.txt</D:href></D:lock-token-submitted>')
    expect(
      (await dav(server, auth, 'PUT', '/dav/locked.txt', { body: 'y', headers: { if: `(${token})` } })).status,
    ).toBe(204)
    expect((await dav(server, auth, 'UNLOCK', '/dav/locked.txt', { headers: { 'lock-token': token } })).status).toBe(
      204,
    )
    expect((await dav(server, auth, 'DELETE', '/dav/locked.txt')).status).toBe(204)
  })

  it('given XML bodies that are malformed, carry a DOCTYPE or pass the size cap, then 400 / 413, never 500', async () => {
    const bad = [
      '<D:propfind xmlns:D="DAV:"><D:prop>',
      '<!DOCTYPE x [<!ENTITY a "aaaa">]><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>',
      '<x:propfind/>',
    ]
    for (const body of bad)
      expect((await dav(server, auth, 'PROPFIND', '/dav/', { headers: { depth: '0' }, body })).status).toBe(400)
    const huge = `<D:propfind xmlns:D="DAV:"><D:prop>${'<x:y xmlns:x="urn:x"/>'.repeat(5000)}</D:prop></D:propfind>`
    expect((await dav(server, auth, 'PROPFIND', '/dav/', { headers: { depth: '0' }, body: huge })).status).toBe(413)
  })
})

describe('bad input', () => {
  it(
    'given random methods, paths, headers and XML-ish bodies, then never a 5xx, and the server keeps serving',
    { timeout: 120_000 },
    async () => {
      const fc = (await import('fast-check')).default
      const segment = fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('%ZZ', '%00', '..', 'a%2Fb', '😀', 'ro.txt', 'private', 'twins'),
      )
      const path = fc
        .array(segment, { maxLength: 4 })
        .map((s) => `/dav/${s.map((x) => (x.includes('%') ? x : encodeURIComponent(x))).join('/')}`)
      const header = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          'infinity',
          '0',
          '1',
          'T',
          'F',
          '(<urn:x>)',
          '</dav/x> (Not <DAV:no-lock>)',
          'Second-5',
          '<urn:uuid:x>',
          '/dav/copy-target',
          'http://h/dav/t',
        ),
      )
      const body = fc.oneof(
        fc.constant(''),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          '<D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>',
          '<D:propertyupdate xmlns:D="DAV:"><D:remove><D:prop><x xmlns="urn:x"/></D:prop></D:remove></D:propertyupdate>',
          '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
          '<a><b></a>',
        ),
      )
      const method = fc.constantFrom(
        'GET',
        'HEAD',
        'PUT',
        'DELETE',
        'MKCOL',
        'COPY',
        'MOVE',
        'PROPFIND',
        'PROPPATCH',
        'LOCK',
        'UNLOCK',
        'OPTIONS',
      )
      await fc.assert(
        fc.asyncProperty(
          method,
          path,
          fc.record(
            {
              depth: header,
              destination: header,
              overwrite: header,
              if: header,
              timeout: header,
              'lock-token': header,
            },
            { requiredKeys: [] },
          ),
          body,
          async (m, p, headers, b) => {
            const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\x20-\x7e]*$/.test(v)))
            const r = await dav(server, auth, m, p, {
              headers: clean,
              ...(m === 'GET' || m === 'HEAD' ? {} : { body: b }),
            })
            expect([m, p, clean, r.status]).toEqual([m, p, clean, expect.any(Number)])
            expect(r.status, `${m} ${p} ${JSON.stringify(clean)} → ${r.text}`).toBeLessThan(500)
          },
        ),
        { numRuns: 150 },
      )
      expect((await dav(server, auth, 'PROPFIND', '/dav/', { headers: { depth: '0' } })).status).toBe(207)
      await expectConsistent(server, expect)
    },
  )
})
