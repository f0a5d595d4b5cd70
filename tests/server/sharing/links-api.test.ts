// The owner's share links API (DESIGN.md §7): POST / GET / PATCH / DELETE /share-service/links,
// its validation, ownership, and the spec's make-public / make-one / remove-link as views of the
// same one link per file, both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, file, folder, owner, share } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
let bob: Awaited<ReturnType<typeof owner>>
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 }, env: { PUBLIC_URL: 'https://drive.example.com' } })
  alice = await owner(server, 'alice')
  bob = await owner(server, 'bob')
})
afterAll(() => server.close())

const future = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString()
const LINK_KEYS = [
  '_id',
  'token',
  'url',
  'itemType',
  'itemId',
  'name',
  'access',
  'expiresAt',
  'hasPassword',
  'maxDownloads',
  'downloads',
  'createdAt',
].sort()

describe('POST /share-service/links', () => {
  it('given a file, then 201 {link} exactly as DESIGN §7, a 192-bit token and url = PUBLIC_URL/s/{token}', async () => {
    const id = await file(alice, 'report.pdf', 'pdf bytes')
    const expiresAt = future()
    const r = await alice.post('/share-service/links', {
      itemType: 'file',
      itemId: id,
      expiresAt,
      password: 'open sesame',
      maxDownloads: 3,
    })
    expect(r.status).toBe(201)
    const link = r.body.link
    expect(Object.keys(link).sort()).toEqual(LINK_KEYS)
    expect(link).toMatchObject({
      itemType: 'file',
      itemId: id,
      name: 'report.pdf',
      access: 'view',
      expiresAt: new Date(expiresAt).toISOString(),
      hasPassword: true,
      maxDownloads: 3,
      downloads: 0,
    })
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(link.url).toBe(`https://drive.example.com/s/${link.token}`)
    expect(Date.parse(link.createdAt)).toBeGreaterThan(Date.now() - 60_000)
    // The password is kept only as an argon2id hash.
    const row = await server.app.cumulus.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', link._id)
      .executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    expect(JSON.stringify(row)).not.toContain('open sesame')
  })

  it('given a folder, then view and upload links; upload links carry their byte limits', async () => {
    const id = await folder(alice, 'Holiday')
    const view = await share(alice, { itemType: 'folder', itemId: id })
    expect(view).toMatchObject({
      itemType: 'folder',
      name: 'Holiday',
      access: 'view',
      expiresAt: null,
      hasPassword: false,
      maxDownloads: null,
    })
    const upload = await share(alice, {
      itemType: 'folder',
      itemId: id,
      access: 'upload',
      maxFileSize: 1000,
      maxTotalBytes: 5000,
    })
    expect(upload).toMatchObject({ access: 'upload', maxFileSize: 1000, maxTotalBytes: 5000, uploadedBytes: 0 })
    expect(upload.token).not.toBe(view.token)
  })

  it.each([
    [
      'an expiry in the past',
      { expiresAt: new Date(Date.now() - 60_000).toISOString() },
      'expiresAt must be in the future',
    ],
    ['an expiry that is not a date', { expiresAt: 'tomorrow' }, 'expiresAt must be an ISO date and time'],
    ['a password of 3 characters', { password: 'abc' }, 'Link passwords must be 4 to 256 characters'],
    ['a password of 257 characters', { password: 'x'.repeat(257) }, 'Link passwords must be 4 to 256 characters'],
    ['maxDownloads 0', { maxDownloads: 0 }, 'maxDownloads'],
    ['maxDownloads 1.5', { maxDownloads: 1.5 }, 'maxDownloads'],
    ['access upload on a file', { access: 'upload' }, 'Upload links can only be made on folders'],
    [
      'maxFileSize on a view link',
      { maxFileSize: 10 },
      'maxFileSize, maxTotalBytes and maxFiles are options of upload links',
    ],
  ])('given %s, then 400 with a message that says why', async (_, extra, message) => {
    const id = await file(alice, 'v.txt', 'v')
    const r = await alice.post('/share-service/links', { itemType: 'file', itemId: id, ...extra })
    expect(r.status).toBe(400)
    expect(r.body.message).toContain(message)
  })

  it('given another user’s file or folder, or an unknown id, then 404; a trashed item is 400; no login is 401', async () => {
    const f = await file(alice, 'mine.txt', 'm')
    const d = await folder(alice, 'Mine')
    expect((await bob.post('/share-service/links', { itemType: 'file', itemId: f })).status).toBe(404)
    expect((await bob.post('/share-service/links', { itemType: 'folder', itemId: d })).status).toBe(404)
    expect((await alice.post('/share-service/links', { itemType: 'folder', itemId: f })).status).toBe(404)
    expect((await alice.post('/share-service/links', { itemType: 'file', itemId: 'nope' })).status).toBe(404)
    await alice.patch('/folder-service/trash', { id: d })
    const trashed = await alice.post('/share-service/links', { itemType: 'folder', itemId: d })
    expect(trashed.status).toBe(400)
    expect(trashed.body.message).toBe('Restore the folder before sharing it')
    expect((await anon(server).post('/share-service/links', { itemType: 'file', itemId: f })).status).toBe(401)
    expect(
      await server.app.cumulus.db.selectFrom('share_links').select('id').where('item_id', 'in', [f, d]).execute(),
    ).toEqual([])
  })
})

describe('GET, PATCH and DELETE /share-service/links', () => {
  it('lists every live link of the user with its item’s name, newest first, and nobody else’s', async () => {
    const b = await owner(server, 'lister')
    const f = await file(b, 'a.txt', 'a')
    const d = await folder(b, 'Docs')
    const l1 = await share(b, { itemType: 'file', itemId: f })
    const l2 = await share(b, { itemType: 'folder', itemId: d, expiresAt: future() })
    const spent = await share(b, { itemType: 'folder', itemId: d, maxDownloads: 1 })
    await server.app.cumulus.db.updateTable('share_links').set({ downloads: 1 }).where('id', '=', spent._id).execute()
    const gone = await share(b, { itemType: 'folder', itemId: d })
    await server.app.cumulus.db
      .updateTable('share_links')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', gone._id)
      .execute()
    await share(bob, { itemType: 'file', itemId: await file(bob, 'bobs.txt', 'b') })
    const r = await b.get('/share-service/links')
    expect(r.status).toBe(200)
    expect(r.body.links.map((l: any) => [l._id, l.name])).toEqual([
      [l2._id, 'Docs'],
      [l1._id, 'a.txt'],
    ])
    expect(r.body.links[1]).toEqual(l1)
    expect((await anon(server).get('/share-service/links')).status).toBe(401)
  })

  it('PATCH changes options and keeps the token and URL; null clears; unchanged fields stay', async () => {
    const f = await file(alice, 'p.txt', 'p')
    const link = await share(alice, { itemType: 'file', itemId: f, password: 'first pass' })
    const expiresAt = future(86_400_000)
    const r = await alice.patch(`/share-service/links/${link._id}`, { expiresAt, maxDownloads: 5 })
    expect(r.status).toBe(200)
    expect(r.body.link).toMatchObject({
      _id: link._id,
      token: link.token,
      url: link.url,
      expiresAt: new Date(expiresAt).toISOString(),
      maxDownloads: 5,
      hasPassword: true,
    })
    const cleared = await alice.patch(`/share-service/links/${link._id}`, {
      expiresAt: null,
      password: null,
      maxDownloads: null,
    })
    expect(cleared.body.link).toMatchObject({
      token: link.token,
      expiresAt: null,
      maxDownloads: null,
      hasPassword: false,
    })
    expect((await alice.patch(`/share-service/links/${link._id}`, { expiresAt: '2001-01-01T00:00:00Z' })).status).toBe(
      400,
    )
    // The kind of a link is not an option: a field the schema does not name is dropped.
    expect((await alice.patch(`/share-service/links/${link._id}`, { access: 'upload' })).body.link.access).toBe('view')
  })

  it('PATCH refuses a download limit at or below the downloads already made', async () => {
    const f = await file(alice, 'n.txt', 'n')
    const link = await share(alice, { itemType: 'file', itemId: f, maxDownloads: 5 })
    await anon(server).bytes(`/share-service/public/${link.token}/download`)
    await anon(server).bytes(`/share-service/public/${link.token}/download`)
    const r = await alice.patch(`/share-service/links/${link._id}`, { maxDownloads: 2 })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('maxDownloads must be more than the 2 downloads already made')
    expect((await alice.patch(`/share-service/links/${link._id}`, { maxDownloads: 3 })).body.link).toMatchObject({
      maxDownloads: 3,
      downloads: 2,
    })
  })

  it('DELETE revokes: the token is 404 at once, and the link leaves the list', async () => {
    const f = await file(alice, 'r.txt', 'r')
    const link = await share(alice, { itemType: 'file', itemId: f })
    expect((await anon(server).get(`/share-service/public/${link.token}`)).status).toBe(200)
    const r = await alice.delete(`/share-service/links/${link._id}`)
    expect(r.status).toBe(200)
    expect((await anon(server).get(`/share-service/public/${link.token}`)).status).toBe(404)
    expect((await anon(server).bytes(`/share-service/public/${link.token}/download`)).status).toBe(404)
    expect((await alice.get('/share-service/links')).body.links.map((l: any) => l._id)).not.toContain(link._id)
    expect((await alice.delete(`/share-service/links/${link._id}`)).status).toBe(404)
  })

  it('another user’s link id is 404 for PATCH and DELETE, and the link is untouched', async () => {
    const f = await file(alice, 'o.txt', 'o')
    const link = await share(alice, { itemType: 'file', itemId: f })
    expect((await bob.patch(`/share-service/links/${link._id}`, { maxDownloads: 1 })).status).toBe(404)
    expect((await bob.delete(`/share-service/links/${link._id}`)).status).toBe(404)
    expect((await anon(server).get(`/share-service/public/${link.token}`)).status).toBe(200)
    expect(
      (await alice.get('/share-service/links')).body.links.find((l: any) => l._id === link._id).maxDownloads,
    ).toBeNull()
  })
})

describe('the spec’s three levels are views of the same link', () => {
  const info = async (id: string) => (await alice.get(`/file-service/info/${id}`)).body.metadata

  it('given make-public, then the link list shows a view link whose token is the file’s metadata.link', async () => {
    const id = await file(alice, 'spec.txt', 'spec')
    const made = (await alice.patch(`/file-service/make-public/${id}`)).body.file
    const link = (await alice.get('/share-service/links')).body.links.find((l: any) => l.itemId === id)
    expect(link).toMatchObject({ token: made.metadata.link, access: 'view', maxDownloads: null, itemType: 'file' })
    const one = (await alice.patch(`/file-service/make-one/${id}`)).body.file
    const links = (await alice.get('/share-service/links')).body.links.filter((l: any) => l.itemId === id)
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ token: one.metadata.link, maxDownloads: 1 })
    await alice.patch(`/file-service/remove-link/${id}`)
    expect((await alice.get('/share-service/links')).body.links.filter((l: any) => l.itemId === id)).toEqual([])
  })

  it('given the new API, then the file JSON (and the cached lists) show the same state', async () => {
    const id = await file(alice, 'api.txt', 'api')
    // Read once so the list cache holds the private state.
    expect((await info(id)).linkType).toBeUndefined()
    const link = await share(alice, { itemType: 'file', itemId: id })
    expect(await info(id)).toMatchObject({ linkType: 'public', link: link.token })
    const listed = (await alice.get('/file-service/list?parent=/&limit=1000')).body.find((f: any) => f._id === id)
    expect(listed.metadata).toMatchObject({ linkType: 'public', link: link.token })
    await alice.patch(`/share-service/links/${link._id}`, { maxDownloads: 1 })
    expect(await info(id)).toMatchObject({ linkType: 'one', link: link.token })
    // The spec's public routes take the new link, and spend it once.
    expect((await anon(server).get(`/file-service/public/info/${id}/${link.token}`)).body.metadata.linkType).toBe('one')
    expect((await anon(server).bytes(`/file-service/public/download/${id}/${link.token}`)).status).toBe(200)
    expect((await info(id)).linkType).toBeUndefined()
    expect((await anon(server).bytes(`/file-service/public/download/${id}/${link.token}`)).status).toBe(404)
  })

  it('given a second link made for a file, then it replaces the first (one link per file), whose URL dies', async () => {
    const id = await file(alice, 'twice.txt', 'twice')
    const first = await share(alice, { itemType: 'file', itemId: id })
    const second = await share(alice, { itemType: 'file', itemId: id, password: 'secret!' })
    expect((await anon(server).get(`/share-service/public/${first.token}`)).status).toBe(404)
    expect((await anon(server).get(`/share-service/public/${second.token}`)).status).toBe(401)
    expect((await info(id)).link).toBe(second.token)
    await alice.delete(`/share-service/links/${second._id}`)
    expect((await info(id)).linkType).toBeUndefined()
  })

  it('given a password link, then the spec’s public routes ask for the password (401) and serve nothing', async () => {
    const id = await file(alice, 'locked.txt', 'locked')
    const link = await share(alice, { itemType: 'file', itemId: id, password: 'hunter22' })
    const r = await anon(server).get(`/file-service/public/info/${id}/${link.token}`)
    expect(r.status).toBe(401)
    expect(r.body.code).toBe('SHARE_PASSWORD_REQUIRED')
    expect((await anon(server).bytes(`/file-service/public/download/${id}/${link.token}`)).status).toBe(401)
  })
})
