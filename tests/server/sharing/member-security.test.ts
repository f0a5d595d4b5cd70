// Member sharing attacked from outside (issue #39 "Bad input and security"): what the access
// matrix does not cover. The list cache must never keep a reply another person's change made
// stale (a group or an account deleted, a display name changed); unreachable ids read exactly as
// made-up ones, byte for byte; a share is made only by the owner of a live item, to a live
// recipient; names are data; the new routes answer any body with a 4xx, never a 500.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, type Reply } from '../helpers/client.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { basic, dav, davAccount } from '../dav/dav-helpers.ts'
import { startPair } from '../helpers/instances.ts'
import { pgUrl, startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
/** The server's admin (its first account), and the owner in most cases below. */
let anna: Member
let ben: Member
let carla: Member
let eve: Member

beforeAll(async () => {
  server = await startServer({ limits: { loginPerIp: 10_000 } })
  anna = await member(server, 'anna')
  ben = await member(server, 'ben')
  carla = await member(server, 'carla')
  eve = await member(server, 'eve')
}, 60_000)
afterAll(() => server.close())

async function folder(b: Browser, name: string, parent?: string): Promise<string> {
  const r = await b.post('/folder-service/create', { name, ...(parent ? { parent } : {}) })
  expect(r.status, r.text).toBe(201)
  return r.body._id
}

/** Asks a URL three times: the list cache keeps a reply asked for a second time, the third is served from it. */
async function cachedGet(b: Browser, url: string): Promise<Reply> {
  await b.get(url)
  await b.get(url)
  const r = await b.get(url)
  expect(r.status, r.text).toBe(200)
  return r
}

const sharedBadge = (list: Array<{ _id: string; shared?: boolean }>, id: string) =>
  list.find((f) => f._id === id)?.shared === true

describe("the owner's cached lists and the shares that end without the owner", () => {
  it('given a folder shared with a group, when the admin deletes the group, then the next list drops `shared`', async () => {
    const trips = await folder(anna.browser, 'Trips')
    const g = await anna.browser.post('/admin/groups', { name: `Cousins ${Date.now()}` })
    expect(g.status, g.text).toBe(201)
    const groupId = g.body.group._id
    const s = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: trips,
      groupId,
      role: 'viewer',
    })
    expect(s.status, s.text).toBe(201)
    expect(sharedBadge((await cachedGet(anna.browser, '/folder-service/list')).body, trips)).toBe(true)

    expect((await anna.browser.delete(`/admin/groups/${groupId}`)).status).toBe(200)
    const after = await anna.browser.get('/folder-service/list')
    expect(sharedBadge(after.body, trips), 'the group and its share are gone').toBe(false)
  })

  it('given a folder shared with an account, when the admin deletes that account, then the next list drops `shared`', async () => {
    const doomed = await member(server, 'doomed')
    const box = await folder(anna.browser, 'Box')
    const s = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: box,
      userId: doomed.id,
      role: 'editor',
    })
    expect(s.status, s.text).toBe(201)
    expect(sharedBadge((await cachedGet(anna.browser, '/folder-service/list')).body, box)).toBe(true)

    expect((await anna.browser.delete(`/admin/users/${doomed.id}`)).status).toBe(200)
    const after = await anna.browser.get('/folder-service/list')
    expect(sharedBadge(after.body, box), 'the account and its share are gone').toBe(false)
  })
})

describe('display names in cached lists', () => {
  it("given a member's cached list of a shared folder, when the owner renames themself, then the next list names them anew", async () => {
    const owner = await member(server, 'renamer')
    const f = await folder(owner.browser, 'Named')
    await owner.browser.upload('a.txt', 'a', f)
    await shareWith(server, owner, { type: 'folder', id: f }, carla, 'viewer')
    const url = `/file-service/list?parent=${f}`
    const before = await cachedGet(carla.browser, url)
    expect(before.body[0].owner.displayName).not.toBe('Grandma')

    expect((await owner.browser.patch('/user-service/display-name', { displayName: 'Grandma' })).status).toBe(200)
    const after = await carla.browser.get(url)
    expect(after.body[0].owner.displayName).toBe('Grandma')
  })

  it("given the owner's cached list with a member's upload, when the member renames themself, then the owner's next list shows the new name", async () => {
    const owner = await member(server, 'keeper')
    const adder = await member(server, 'adder')
    const f = await folder(owner.browser, 'Inbox')
    await shareWith(server, owner, { type: 'folder', id: f }, adder, 'editor')
    expect((await adder.browser.upload('b.txt', 'b', f)).status).toBe(201)
    const url = `/file-service/list?parent=${f}`
    const before = await cachedGet(owner.browser, url)
    expect(before.body[0].addedBy._id).toBe(adder.id)

    expect((await adder.browser.patch('/user-service/display-name', { displayName: 'Cousin Joe' })).status).toBe(200)
    const after = await owner.browser.get(url)
    expect(after.body[0].addedBy.displayName).toBe('Cousin Joe')
  })

  it('given the admin renaming an owner, then a member sees the new name on the next list', async () => {
    const owner = await member(server, 'renamed')
    const f = await folder(owner.browser, 'Admin named')
    await owner.browser.upload('c.txt', 'c', f)
    await shareWith(server, owner, { type: 'folder', id: f }, carla, 'viewer')
    const url = `/file-service/list?parent=${f}`
    await cachedGet(carla.browser, url)
    expect((await anna.browser.patch(`/admin/users/${owner.id}`, { displayName: 'Aunt May' })).status).toBe(200)
    expect((await carla.browser.get(url)).body[0].owner.displayName).toBe('Aunt May')
  })
})

describe.skipIf(!pgUrl)('the cache fixes across instances (PostgreSQL)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  beforeAll(async () => {
    pair = await startPair({ SECRET: 's'.repeat(40) })
  }, 60_000)
  afterAll(() => pair.close())

  /** The same account signed in on the other instance. */
  const on = (url: string, m: Member) => {
    const b = new Browser(url)
    for (const [k, v] of m.browser.cookies) b.cookies.set(k, v)
    return b
  }

  it('given a rename and a group deleted on A, then the lists cached on B say so at once', async () => {
    // The first account of the pair's database is its admin.
    const admin = await member(pair.a, 'padmin')
    const owner = await member(pair.a, 'powner')
    const viewer = await member(pair.a, 'pviewer')
    const f = await folder(owner.browser, 'Across')
    await owner.browser.upload('a.txt', 'a', f)
    await shareWith(pair.a, owner, { type: 'folder', id: f }, viewer, 'viewer')
    const g = await admin.browser.post('/admin/groups', { name: `Across ${Date.now()}` })
    expect(g.status, g.text).toBe(201)
    const byGroup = await owner.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: f,
      groupId: g.body.group._id,
      role: 'viewer',
    })
    expect(byGroup.status, byGroup.text).toBe(201)
    const viewerB = on(pair.b.url, viewer)
    const ownerB = on(pair.b.url, owner)
    const url = `/file-service/list?parent=${f}`
    await cachedGet(viewerB, url)

    expect((await owner.browser.patch('/user-service/display-name', { displayName: 'Across Owner' })).status).toBe(200)
    expect((await viewerB.get(url)).body[0].owner.displayName).toBe('Across Owner')

    // The direct share ended through the API: the group's still marks the folder shared.
    const direct = (await owner.browser.get(`/share-service/members?itemType=folder&itemId=${f}`)).body.shares.find(
      (x: { recipient: { type: string } }) => x.recipient.type === 'user',
    )
    expect((await owner.browser.delete(`/share-service/members/${direct._id}`)).status).toBe(200)
    expect(sharedBadge((await cachedGet(ownerB, '/folder-service/list')).body, f)).toBe(true)
    expect((await admin.browser.delete(`/admin/groups/${g.body.group._id}`)).status).toBe(200)
    expect(sharedBadge((await ownerB.get('/folder-service/list')).body, f)).toBe(false)
  })
})

describe("shared caches and a member's replies", () => {
  it("given a member's lists and infos, cached here or not, then no shared cache may keep them", async () => {
    const owner = await member(server, 'cacheowner')
    const f = await folder(owner.browser, 'Kept')
    const sub = await folder(owner.browser, 'Below', f)
    const file = (await owner.browser.upload('k.txt', 'k', f)).body._id
    await shareWith(server, owner, { type: 'folder', id: f }, carla, 'viewer')
    for (const url of [
      `/file-service/list?parent=${f}`,
      `/folder-service/list?parent=${f}`,
      `/file-service/info/${file}`,
      `/folder-service/info/${sub}`,
      `/folder-service/move-folder-list?parent=${f}`,
    ]) {
      for (const r of [await carla.browser.get(url), await cachedGet(carla.browser, url)]) {
        expect(r.status, url).toBe(200)
        expect(r.headers.get('cache-control') ?? '', url).toMatch(/\b(private|no-store)\b/)
      }
    }
  })
})

describe('no existence oracle, byte for byte', () => {
  it("given someone else's ids and made-up ones, then every id route answers the same 404 (status, body, length)", async () => {
    const priv = await folder(anna.browser, 'Secret')
    const file = (await anna.browser.upload('secret.txt', 'top secret', priv)).body._id
    const made = 'x'.repeat(file.length)
    const fake = 'y'.repeat(priv.length)
    await eve.browser.get('/file-service/download/access-token-stream-video')
    const pairs: Array<[string, string]> = [
      [`/file-service/info/${file}`, `/file-service/info/${made}`],
      [`/file-service/download/${file}`, `/file-service/download/${made}`],
      [`/file-service/full-thumbnail/${file}`, `/file-service/full-thumbnail/${made}`],
      [`/file-service/stream-video/${file}`, `/file-service/stream-video/${made}`],
      [`/folder-service/info/${priv}`, `/folder-service/info/${fake}`],
      [`/file-service/list?parent=${priv}`, `/file-service/list?parent=${fake}`],
      [`/folder-service/list?parent=${priv}&search=s`, `/folder-service/list?parent=${fake}&search=s`],
      [`/folder-service/move-folder-list?parent=${priv}`, `/folder-service/move-folder-list?parent=${fake}`],
      [`/folder-service/download-zip?folderIDs[]=${priv}`, `/folder-service/download-zip?folderIDs[]=${fake}`],
      [`/share-service/members?itemType=file&itemId=${file}`, `/share-service/members?itemType=file&itemId=${made}`],
    ]
    for (const [real, unknown] of pairs) {
      const a = await eve.browser.get(real)
      const b = await eve.browser.get(unknown)
      expect(a.status, real).toBe(404)
      expect([a.text, a.headers.get('content-length')], real).toEqual([b.text, b.headers.get('content-length')])
    }
  })

  it("given a share id of someone else's, then PATCH and DELETE read it as unknown", async () => {
    const f = await folder(anna.browser, 'Theirs')
    const s = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: f,
      userId: ben.id,
      role: 'viewer',
    })
    const id = s.body.share._id
    const fake = 'z'.repeat(id.length)
    for (const b of [eve.browser, carla.browser]) {
      const a = await b.patch(`/share-service/members/${id}`, { role: 'editor' })
      const c = await b.patch(`/share-service/members/${fake}`, { role: 'editor' })
      expect([a.status, a.text]).toEqual([c.status, c.text])
      expect(a.status).toBe(404)
    }
    // Ben receives it: he may leave it but never change its role.
    expect((await ben.browser.patch(`/share-service/members/${id}`, { role: 'editor' })).status).toBe(404)
  })
})

describe('who may share what, with whom', () => {
  it('given items one reaches only as a member, a trashed item, missing recipients, then the share is refused', async () => {
    const f = await folder(anna.browser, 'Family')
    const inner = await folder(anna.browser, 'Inner', f)
    await shareWith(server, anna, { type: 'folder', id: f }, ben, 'editor')
    // Ben, an editor, shares neither the folder nor what is in it.
    for (const itemId of [f, inner]) {
      const r = await ben.browser.post('/share-service/members', {
        itemType: 'folder',
        itemId,
        userId: carla.id,
        role: 'viewer',
      })
      expect(r.status, r.text).toBe(403)
    }
    const gone = await folder(anna.browser, 'Gone')
    await anna.browser.patch('/folder-service/trash', { id: gone })
    const trashed = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: gone,
      userId: carla.id,
      role: 'viewer',
    })
    expect(trashed.status).toBe(404)
    const noGroup = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: f,
      groupId: 'no-such-group',
      role: 'viewer',
    })
    expect(noGroup.status).toBe(404)
    const both = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: f,
      groupId: 'everyone',
      userId: carla.id,
      role: 'viewer',
    })
    expect(both.status).toBe(400)
  })

  it('given a share to a recipient later disabled, then the share does not reach them nor list them in the picker', async () => {
    const later = await member(server, 'later')
    const f = await folder(anna.browser, 'Later')
    await shareWith(server, anna, { type: 'folder', id: f }, later, 'viewer')
    expect((await later.browser.get(`/folder-service/info/${f}`)).status).toBe(200)
    expect((await anna.browser.patch(`/admin/users/${later.id}`, { disabled: true })).status).toBe(200)
    expect((await later.browser.get(`/folder-service/info/${f}`)).status).toBe(401)
    const people = await anna.browser.get(`/share-service/people?q=${encodeURIComponent(later.email)}`)
    expect(people.body.people).toEqual([])
    expect((await new Browser(server.url).get('/share-service/people?q=a')).status).toBe(401)
  })

  it('given display names with markup, bidi overrides or line breaks, then they are refused or kept as data', async () => {
    for (const bad of ['Eve\u202Egnp.exe', 'Eve\nBcc: x@y.z', 'Eve\r\nSubject: hi', '\u0000']) {
      const r = await eve.browser.patch('/user-service/display-name', { displayName: bad })
      expect(r.status, JSON.stringify(bad)).toBe(400)
    }
    const script = '<script>alert(1)</script>'
    expect((await eve.browser.patch('/user-service/display-name', { displayName: script })).status).toBe(200)
    const f = await folder(eve.browser, 'Evil')
    await shareWith(server, eve, { type: 'folder', id: f }, carla, 'viewer')
    const r = await carla.browser.get('/share-service/shared-with-me')
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    const entry = r.body.items.find((i: { item: { _id: string } }) => i.item._id === f)
    expect(entry.owner.displayName).toBe(script)
  })
})

describe('names from other people over WebDAV', () => {
  it('given two owners with markup in their names sharing items of one name, then the index page and PROPFIND keep them as text', async () => {
    const reader = await davAccount(server, 'reader')
    const evil = await member(server, 'evil')
    const other = await member(server, 'other')
    const script = '<script>alert(1)</script>&"'
    expect((await evil.browser.patch('/user-service/display-name', { displayName: script })).status).toBe(200)
    for (const who of [evil, other]) {
      const f = await folder(who.browser, 'Photos')
      await shareWith(server, who, { type: 'folder', id: f }, { id: reader.userId }, 'viewer')
    }
    const auth = basic(reader.email, reader.read)
    const page = await dav(server, auth, 'GET', '/dav/Shared%20with%20me/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.text).not.toContain('<script>')
    expect(page.text).toContain('&lt;script&gt;')
    const listing = await dav(server, auth, 'PROPFIND', '/dav/Shared%20with%20me/', { headers: { depth: '1' } })
    expect(listing.status).toBe(207)
    expect(listing.text).not.toContain('<script>')
  })
})

describe('WebDAV and an account disabled or a share ended', () => {
  it('given app passwords, then a disabled member is refused sign-in and an ex-member reads as a made-up path, on every method', async () => {
    const owner = await member(server, 'davowner')
    const gone = await davAccount(server, 'davgone')
    const off = await davAccount(server, 'davoff')
    const f = await folder(owner.browser, 'Dav shared')
    await owner.browser.upload('in.txt', 'in', f)
    const ended = await shareWith(server, owner, { type: 'folder', id: f }, { id: gone.userId }, 'editor')
    await shareWith(server, owner, { type: 'folder', id: f }, { id: off.userId }, 'editor')
    const base = '/dav/Shared%20with%20me/Dav%20shared'
    expect((await dav(server, basic(gone.email, gone.write), 'GET', `${base}/in.txt`)).status).toBe(200)
    await server.app.cumulus.drive.memberShares.remove(ended)
    expect((await anna.browser.patch(`/admin/users/${off.userId}`, { disabled: true })).status).toBe(200)
    const methods: Array<[string, string, Record<string, string>]> = [
      ['GET', `${base}/in.txt`, {}],
      ['PROPFIND', `${base}/`, { depth: '1' }],
      ['PUT', `${base}/new.txt`, {}],
      ['DELETE', `${base}/in.txt`, {}],
      ['MKCOL', `${base}/sub`, {}],
      ['MOVE', `${base}/in.txt`, { destination: `${base}/moved.txt` }],
      ['COPY', `${base}/in.txt`, { destination: `${base}/copied.txt` }],
    ]
    for (const [method, path, headers] of methods) {
      const body = method === 'PUT' ? { body: 'x' } : {}
      const a = await dav(server, basic(gone.email, gone.write), method, path, { headers, ...body })
      const b = await dav(server, basic(gone.email, gone.write), method, path.replace('Dav%20shared', 'Nothing'), {
        headers: {
          ...headers,
          ...(headers.destination ? { destination: headers.destination.replace('Dav%20shared', 'Nothing') } : {}),
        },
        ...body,
      })
      expect(a.status, `${method} as an ex-member`).toBe(b.status)
      expect([403, 404, 409], `${method} as an ex-member`).toContain(a.status)
      const c = await dav(server, basic(off.email, off.write), method, path, { headers, ...body })
      // Refused sign-ins count against the address: after a few, the throttle answers first.
      expect([401, 429], `${method} as a disabled member`).toContain(c.status)
    }
    const files = await owner.browser.get(`/file-service/list?parent=${f}`)
    expect(files.body.map((x: { filename: string }) => x.filename)).toEqual(['in.txt'])
  })
})

describe("an editor and the owner's quota", () => {
  it("given the owner's quota nearly full, then an editor's WebDAV PUT, COPY and racing uploads are 507 and tell none of her numbers", async () => {
    const owner = await davAccount(server, 'qowner')
    const editor = await davAccount(server, 'qeditor')
    const f = await folder(owner.browser, 'Quota')
    const src = (await owner.browser.upload('src.txt', 'x'.repeat(600), f)).body._id
    expect(src).toBeTruthy()
    await shareWith(server, { id: owner.userId }, { type: 'folder', id: f }, { id: editor.userId }, 'editor')
    const used = (await owner.browser.get('/user-service/user-detailed')).body.used as number
    expect((await anna.browser.patch(`/admin/users/${owner.userId}`, { quota: used + 500 })).status).toBe(200)
    const asEditor = (method: string, path: string, opts?: Parameters<typeof dav>[4]) =>
      dav(server, basic(editor.email, editor.write), method, path, opts)
    const base = '/dav/Shared%20with%20me/Quota'
    const put = await asEditor('PUT', `${base}/big.txt`, { body: 'y'.repeat(800) })
    expect(put.status).toBe(507)
    // Chunked, no length: the reservation grows as bytes come, and is refused so too.
    const chunked = await asEditor('PUT', `${base}/stream.txt`, {
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('s'.repeat(800)))
          c.close()
        },
      }),
    })
    expect(chunked.status).toBe(507)
    const copy = await asEditor('COPY', `${base}/src.txt`, {
      headers: { destination: `${base}/copy.txt`, overwrite: 'F' },
    })
    expect(copy.status).toBe(507)
    // Two uploads at once, each alone within the room left, both together over it: never both kept.
    const race = await Promise.all([1, 2].map((n) => editor.browser.upload(`race${n}.txt`, 'z'.repeat(300), f)))
    expect(race.filter((r) => r.status === 201).length, 'never both').toBeLessThanOrEqual(1)
    for (const r of race) expect([201, 507]).toContain(r.status)
    // tus holds its whole length when it is made: of two at once that do not both fit, exactly one is.
    const kept = race.filter((r) => r.status === 201).length
    const tusRace = await Promise.all(
      [1, 2].map((n) =>
        editor.browser.request('POST', '/file-service/uploads', {
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': String(kept ? 150 : 300),
            'upload-metadata': `filename ${Buffer.from(`t${n}.txt`).toString('base64')},parent ${Buffer.from(f).toString('base64')}`,
          },
        }),
      ),
    )
    expect(tusRace.map((r) => r.status).sort()).toEqual([201, 507])
    race.push(...tusRace)
    for (const r of [put.text, chunked.text, copy.text, ...race.map((x) => x.text)])
      expect(r, 'no figure of the owner').not.toMatch(/\d+(\.\d+)?\s?(B|KB|kB|MB|bytes)\b/)
    const after = (await owner.browser.get('/user-service/user-detailed')).body.used as number
    expect(after).toBeLessThanOrEqual(used + 500)
  })
})

describe("a member's tus upload and the lists of their own", () => {
  const tusHeaders = { 'tus-resumable': '1.0.0' }
  it("given an editor's unfinished upload, then only he reaches it (HEAD, PATCH, DELETE), and not once the share ends", async () => {
    const owner = await member(server, 'tusowner')
    const other = await member(server, 'tusother')
    const f = await folder(owner.browser, 'Tus')
    const share = await shareWith(server, owner, { type: 'folder', id: f }, ben, 'editor')
    await shareWith(server, owner, { type: 'folder', id: f }, other, 'editor')
    await shareWith(server, owner, { type: 'folder', id: f }, carla, 'viewer')
    const made = await ben.browser.request('POST', '/file-service/uploads', {
      headers: {
        ...tusHeaders,
        'upload-length': '4',
        'upload-metadata': `filename ${Buffer.from('t.txt').toString('base64')},parent ${Buffer.from(f).toString('base64')}`,
      },
    })
    expect(made.status, made.text).toBe(201)
    const at = new URL(made.headers.get('location')!, server.url).pathname
    const id = at.split('/').pop()!
    const unknown = at.replace(id, 'q'.repeat(id.length))
    for (const b of [owner.browser, other.browser, carla.browser, eve.browser]) {
      for (const [method, extra] of [
        ['HEAD', {}],
        ['PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }],
        ['DELETE', {}],
      ] as const) {
        const mine = await b.request(method, at, {
          headers: { ...tusHeaders, ...extra },
          ...(method === 'PATCH' ? { body: 'ab' } : {}),
        })
        const none = await b.request(method, unknown, {
          headers: { ...tusHeaders, ...extra },
          ...(method === 'PATCH' ? { body: 'ab' } : {}),
        })
        expect([mine.status, mine.text], `${method} by another`).toEqual([none.status, none.text])
        expect(mine.status).toBe(404)
      }
    }
    const head = await ben.browser.request('HEAD', at, { headers: tusHeaders })
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe('0')
    await server.app.cumulus.drive.memberShares.remove(share)
    expect((await ben.browser.request('HEAD', at, { headers: tusHeaders })).status).toBe(404)
  })

  it("given a member, then quick-list, suggested-list and Home searches hold nothing of the owner's", async () => {
    const owner = await member(server, 'quick')
    const viewer = await member(server, 'quickview')
    const f = await folder(owner.browser, 'Pool')
    await owner.browser.upload('zebra-shared.txt', 'z', f)
    await owner.browser.upload('zebra-private.txt', 'z', '/')
    await shareWith(server, owner, { type: 'folder', id: f }, viewer, 'viewer')
    const names = (r: Reply) => JSON.stringify(r.body)
    for (const url of [
      '/file-service/quick-list',
      '/file-service/suggested-list?search=zebra',
      '/file-service/suggested-list?search=zebra&mediaMode=true',
      '/file-service/suggested-list?search=zebra&trashMode=true',
      '/file-service/list?search=zebra',
      '/file-service/list?mediaMode=true',
      '/file-service/list?trashMode=true',
      '/folder-service/list?search=Pool',
      '/folder-service/move-folder-list?search=Pool',
    ]) {
      const r = await cachedGet(viewer.browser, url)
      expect(names(r), url).not.toMatch(/zebra|Pool/)
    }
    // Inside the share, a search stays in the share's folder.
    const inside = await viewer.browser.get(`/file-service/list?parent=${f}&search=zebra`)
    expect(inside.body.map((x: { filename: string }) => x.filename)).toEqual(['zebra-shared.txt'])
    const trash = await viewer.browser.get(`/file-service/list?parent=${f}&trashMode=true&search=zebra`)
    expect(trash.body.map((x: { filename: string }) => x.filename)).toEqual(['zebra-shared.txt'])
  })

  it("given a member's cached list, when the owner moves a file out of the share, then it is gone from the next list and unreachable", async () => {
    const owner = await member(server, 'mover')
    const viewer = await member(server, 'moverview')
    const f = await folder(owner.browser, 'Out')
    const file = (await owner.browser.upload('leaving.txt', 'l', f)).body._id
    await shareWith(server, owner, { type: 'folder', id: f }, viewer, 'viewer')
    const url = `/file-service/list?parent=${f}`
    expect((await cachedGet(viewer.browser, url)).body).toHaveLength(1)
    await cachedGet(viewer.browser, `/file-service/info/${file}`)
    expect((await owner.browser.patch('/file-service/move', { id: file, parentID: '/' })).status).toBe(200)
    expect((await viewer.browser.get(url)).body).toEqual([])
    for (const path of [`/file-service/info/${file}`, `/file-service/download/${file}`])
      expect((await viewer.browser.get(path)).status, path).toBe(404)
  })
})

describe('an editor of one file', () => {
  it("given a file shared alone, then the editor's copy never lands in the owner's folder above it", async () => {
    const owner = await member(server, 'fileowner')
    const editor = await member(server, 'fileeditor')
    const above = await folder(owner.browser, 'Private above')
    const file = (await owner.browser.upload('report.txt', 'r', above)).body._id
    await shareWith(server, owner, { type: 'file', id: file }, editor, 'editor')
    const before = (await owner.browser.get(`/file-service/list?parent=${above}`)).body.length
    const r = await editor.browser.post(`/file-service/${file}/copy`)
    expect(r.status, r.text).toBe(403)
    expect(r.body.code).toBe('OUTSIDE_SHARE')
    expect(r.text).not.toContain(above)
    expect((await owner.browser.get(`/file-service/list?parent=${above}`)).body).toHaveLength(before)
  })
})

describe("the owner's links and a member", () => {
  it('given a linked file in a shared folder, then members never see its token, and the link outlives the share', async () => {
    const owner = await member(server, 'linker')
    const viewer = await member(server, 'linkview')
    const f = await folder(owner.browser, 'Linked')
    const file = (await owner.browser.upload('pub.txt', 'pub', f)).body._id
    const made = await owner.browser.patch(`/file-service/make-public/${file}`)
    expect(made.status).toBe(200)
    const token = made.body.file.metadata.link as string
    const share = await shareWith(server, owner, { type: 'folder', id: f }, viewer, 'editor')
    for (const url of [`/file-service/list?parent=${f}`, `/file-service/info/${file}`]) {
      const r = await cachedGet(viewer.browser, url)
      expect(r.text, url).not.toContain(token)
      expect(r.text, url).not.toMatch(/linkType|"link"/)
    }
    const renamed = await viewer.browser.patch('/file-service/rename', { id: file, title: 'pub2.txt' })
    expect(renamed.status).toBe(200)
    expect(renamed.text).not.toContain(token)
    expect((await viewer.browser.get('/share-service/links')).body.links).toEqual([])
    expect((await viewer.browser.patch(`/file-service/remove-link/${file}`)).status).toBe(403)
    await server.app.cumulus.drive.memberShares.remove(share)
    const anonymous = await new Browser(server.url).get(`/file-service/public/info/${file}/${token}`)
    expect(anonymous.status).toBe(200)
    expect(anonymous.text).not.toContain(owner.email)
  })
})

describe('property: the member share routes answer bad input with a 4xx', () => {
  const weird = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('', ' ', '\u0000', 'a'.repeat(5_000), '<script>', 'everyone', '../x', '\u202E'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  )
  const shareBody = fc.record(
    { itemType: weird, itemId: weird, userId: weird, groupId: weird, role: weird },
    { requiredKeys: [] },
  )
  const q = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))

  it('given a NUL byte in any id, query or body, then a 4xx (PostgreSQL refuses NUL in text)', async () => {
    const nul = '%00'
    const raw = 'a\u0000b'
    const calls: Array<[string, () => Promise<Reply>]> = [
      [
        'POST members',
        () =>
          ben.browser.post('/share-service/members', { itemType: 'file', itemId: raw, userId: raw, role: 'viewer' }),
      ],
      [
        'POST members group',
        () =>
          ben.browser.post('/share-service/members', { itemType: 'folder', itemId: raw, groupId: raw, role: 'viewer' }),
      ],
      ['PATCH members', () => ben.browser.patch(`/share-service/members/a${nul}b`, { role: 'viewer' })],
      ['DELETE members', () => ben.browser.delete(`/share-service/members/a${nul}b`)],
      ['GET members', () => ben.browser.get(`/share-service/members?itemType=file&itemId=a${nul}b`)],
      ['GET shared-with-me', () => ben.browser.get(`/share-service/shared-with-me?startAt=a${nul}b`)],
      ['GET people', () => ben.browser.get(`/share-service/people?q=a${nul}b`)],
      ['GET list', () => ben.browser.get(`/file-service/list?parent=a${nul}b`)],
      ['GET list search', () => ben.browser.get(`/file-service/list?search=a${nul}b`)],
      [
        'GET list cursor',
        () => ben.browser.get(`/file-service/list?startAtName=a${nul}b&startAtId=a${nul}b&sortBy=alp_asc`),
      ],
      ['GET folder list', () => ben.browser.get(`/folder-service/list?parent=a${nul}b&search=a${nul}b`)],
      ['GET suggested', () => ben.browser.get(`/file-service/suggested-list?search=a${nul}b`)],
      [
        'GET move targets',
        () => ben.browser.get(`/folder-service/move-folder-list?parent=a${nul}b&folderIDs=a${nul}b`),
      ],
      ['GET zip', () => ben.browser.get(`/folder-service/download-zip?folderIDs[]=a${nul}b`)],
      ['GET info', () => ben.browser.get(`/file-service/info/a${nul}b`)],
      ['GET folder info', () => ben.browser.get(`/folder-service/info/a${nul}b`)],
      ['GET thumbnail', () => ben.browser.get(`/file-service/thumbnail/a${nul}b`)],
      ['GET stream', () => ben.browser.get(`/file-service/stream-video/a${nul}b`)],
      [
        'HEAD tus',
        () => ben.browser.request('HEAD', `/file-service/uploads/a${nul}b`, { headers: { 'tus-resumable': '1.0.0' } }),
      ],
      ['PATCH rename', () => ben.browser.patch('/file-service/rename', { id: raw, title: 'x' })],
      ['PATCH move', () => ben.browser.patch('/file-service/move', { id: raw, parentID: raw })],
      ['POST create', () => ben.browser.post('/folder-service/create', { name: 'n', parent: raw })],
      ['POST copy', () => ben.browser.post(`/file-service/a${nul}b/copy`)],
      ['PATCH display name', () => ben.browser.patch('/user-service/display-name', { displayName: raw })],
    ]
    const got: Record<string, number> = {}
    for (const [what, call] of calls) got[what] = (await call()).status
    expect(Object.entries(got).filter(([, status]) => status >= 500)).toEqual([])
    // In the URL it is refused before any route, alike on every database.
    expect(got['GET info']).toBe(400)
    expect(got['GET list']).toBe(400)
  })

  it('given arbitrary bodies and queries, then never a 5xx and always a JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(shareBody, weird, weird, async (body, a, b) => {
        const calls = [
          () => ben.browser.post('/share-service/members', body),
          () => ben.browser.patch(`/share-service/members/${q(a)}`, body),
          () => ben.browser.delete(`/share-service/members/${q(a)}`, body),
          () => ben.browser.get(`/share-service/members?itemType=${q(a)}&itemId=${q(b)}`),
          () => ben.browser.get(`/share-service/shared-with-me?limit=${q(a)}&startAt=${q(b)}`),
          () => ben.browser.get(`/share-service/people?q=${q(a)}`),
          () => ben.browser.get(`/file-service/list?parent=${q(a)}&startAtDate=${q(b)}&sortBy=${q(b)}`),
          () => ben.browser.get(`/folder-service/move-folder-list?parent=${q(a)}&folderIDs=${q(b)}`),
          () => ben.browser.get(`/folder-service/download-zip?folderIDs[]=${q(a)}&fileIDs[]=${q(b)}`),
        ]
        for (const call of calls) {
          const r = await call()
          expect(r.status, r.text).toBeLessThan(500)
          if (r.status >= 400) expect(r.body, r.text).toMatchObject({ message: expect.any(String) })
        }
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
