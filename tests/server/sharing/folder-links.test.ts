// Folder links (DESIGN.md §7): browsing the shared folder and its subfolders with SPEC §3's
// paging and breadcrumbs from the shared root, downloads, thumbnails and zips; nothing outside
// the subtree, nothing trashed, no owner data.
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from '../helpers/drive.ts'
import { makeImage } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, expire, file, folder, owner, share } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
/** Home / Outside / Shared / Sub / Deep, with files at each level. */
const t = {} as Record<
  | 'outside'
  | 'shared'
  | 'sub'
  | 'deep'
  | 'sibling'
  | 'outsideFile'
  | 'rootFile'
  | 'subFile'
  | 'deepFile'
  | 'photo'
  | 'homeFile',
  string
>
let link: { _id: string; token: string }
const pub = (rest = '') => `/share-service/public/${link.token}${rest}`
const photoBytes = () => makeImage('png')

/** The entry names of a zip. */
function zipNames(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err)
      const names: string[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on('end', () => resolve(names))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = await owner(server)
  t.outside = await folder(alice, 'Outside')
  t.shared = await folder(alice, 'Shared', t.outside)
  t.sub = await folder(alice, 'Sub', t.shared)
  t.deep = await folder(alice, 'Deep', t.sub)
  t.sibling = await folder(alice, 'Sibling', t.outside)
  t.homeFile = await file(alice, 'home.txt', 'home')
  t.outsideFile = await file(alice, 'outside.txt', 'outside', t.outside)
  t.rootFile = await file(alice, 'root.txt', 'root of the share', t.shared)
  t.subFile = await file(alice, 'sub.txt', 'in sub', t.sub)
  t.deepFile = await file(alice, 'deep.bin', randomBytes(20_000, 3), t.deep)
  t.photo = await file(alice, 'photo.png', await photoBytes(), t.shared)
  // The files inside have links of their own: a visitor of the folder must not learn them.
  await alice.patch(`/file-service/make-public/${t.rootFile}`)
  link = await share(alice, { itemType: 'folder', itemId: t.shared })
  await server.app.cumulus.thumbnails.idle()
})
afterAll(() => server.close())

describe('browsing', () => {
  it('lists the shared root by default: its folders and files, breadcrumbs from the root only, and no owner data', async () => {
    const r = await anon(server).get(pub('/list'))
    expect(r.status).toBe(200)
    expect(r.body.path).toEqual([{ _id: t.shared, name: 'Shared' }])
    expect(r.body.folders.map((f: any) => f.name)).toEqual(['Sub'])
    expect(Object.keys(r.body.folders[0]).sort()).toEqual(['_id', 'createdAt', 'name', 'parent', 'updatedAt'])
    expect(r.body.files.map((f: any) => f.filename).sort()).toEqual(['photo.png', 'root.txt'])
    const root = r.body.files.find((f: any) => f._id === t.rootFile)
    expect(root.metadata).not.toHaveProperty('link')
    expect(root.metadata).not.toHaveProperty('linkType')
    for (const leak of [alice.userId, alice.email, t.outside]) expect(r.text).not.toContain(leak)
    expect(r.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('browses into subfolders with breadcrumbs that start at the shared root', async () => {
    const sub = await anon(server).get(pub(`/list?folder=${t.sub}`))
    expect(sub.body.path).toEqual([
      { _id: t.shared, name: 'Shared' },
      { _id: t.sub, name: 'Sub' },
    ])
    expect(sub.body.files.map((f: any) => f._id)).toEqual([t.subFile])
    const deep = await anon(server).get(pub(`/list?folder=${t.deep}`))
    expect(deep.body.path.map((p: any) => p.name)).toEqual(['Shared', 'Sub', 'Deep'])
    expect(deep.text).not.toContain(t.outside)
  })

  it('pages files as SPEC §3 does (limit, sort, startAt cursors) without skipping or repeating', async () => {
    const pager = await folder(alice, 'Pager', t.shared)
    for (let i = 0; i < 7; i++) await file(alice, `p${i}.txt`, `p${i}`, pager)
    const seen: string[] = []
    let cursor = ''
    for (let page = 0; page < 5; page++) {
      const r = await anon(server).get(pub(`/list?folder=${pager}&sortBy=alp_asc&limit=3${cursor}`))
      expect(r.status).toBe(200)
      seen.push(...r.body.files.map((f: any) => f.filename))
      if (r.body.files.length < 3) break
      const last = r.body.files.at(-1)
      cursor = `&startAtName=${encodeURIComponent(last.filename)}&startAtId=${last._id}`
    }
    expect(seen).toEqual(['p0.txt', 'p1.txt', 'p2.txt', 'p3.txt', 'p4.txt', 'p5.txt', 'p6.txt'])
  })

  it('ignores what would widen the list: a search, the trash or gallery modes list only the folder', async () => {
    await alice.patch('/file-service/trash', { id: await file(alice, 'binned.txt', 'b', t.shared) })
    const r = await anon(server).get(pub('/list?search=outside&trashMode=true&mediaMode=true&parent=/'))
    expect(r.status).toBe(200)
    expect(r.body.files.map((f: any) => f.filename).sort()).toEqual(['photo.png', 'root.txt'])
    expect(r.text).not.toContain('outside.txt')
    expect(r.text).not.toContain('binned.txt')
  })

  it('refuses any folder outside the subtree, a trashed one, or another user’s, with the same 404', async () => {
    for (const id of [t.outside, t.sibling, 'nope'])
      expect((await anon(server).get(pub(`/list?folder=${id}`))).status, id).toBe(404)
    const bob = await owner(server, 'bob')
    expect((await anon(server).get(pub(`/list?folder=${await folder(bob, 'Bobs')}`))).status).toBe(404)
    const trashed = await folder(alice, 'Trashed', t.shared)
    await file(alice, 'in-trash.txt', 'x', trashed)
    expect((await anon(server).get(pub('/list'))).body.folders.map((f: any) => f.name)).toContain('Trashed')
    await alice.patch('/folder-service/trash', { id: trashed })
    expect((await anon(server).get(pub('/list'))).body.folders.map((f: any) => f.name)).not.toContain('Trashed')
    expect((await anon(server).get(pub(`/list?folder=${trashed}`))).status).toBe(404)
  })
})

describe('downloads', () => {
  it('downloads a file anywhere inside the subtree, with ranges, and nothing outside it', async () => {
    const r = await anon(server).bytes(pub(`/download/${t.deepFile}`))
    expect(r.status).toBe(200)
    expect(r.body.equals(randomBytes(20_000, 3))).toBe(true)
    expect(r.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(r.headers.get('content-security-policy')).toContain('sandbox')
    const part = await anon(server).bytes(pub(`/download/${t.deepFile}`), { range: 'bytes=0-9' })
    expect(part.status).toBe(206)
    for (const id of [t.outsideFile, t.homeFile, 'nope'])
      expect((await anon(server).bytes(pub(`/download/${id}`))).status, id).toBe(404)
  })

  it('given a file moved out of the subtree a moment ago, then it is out of reach at once; moved back, it is back', async () => {
    const mover = await file(alice, 'mover.txt', 'moving', t.sub)
    expect((await anon(server).bytes(pub(`/download/${mover}`))).status).toBe(200)
    await alice.patch('/file-service/move', { id: mover, parentID: t.sibling })
    expect((await anon(server).bytes(pub(`/download/${mover}`))).status).toBe(404)
    expect((await anon(server).get(pub(`/list?folder=${t.sub}`))).text).not.toContain(mover)
    await alice.patch('/file-service/move', { id: mover, parentID: t.deep })
    expect((await anon(server).bytes(pub(`/download/${mover}`))).status).toBe(200)
  })

  it('given a trashed file inside, then 404', async () => {
    const doomed = await file(alice, 'doomed.txt', 'd', t.shared)
    await alice.patch('/file-service/trash', { id: doomed })
    expect((await anon(server).bytes(pub(`/download/${doomed}`))).status).toBe(404)
    expect((await anon(server).get(pub('/list'))).text).not.toContain(doomed)
  })

  it('serves thumbnails of files inside, sandboxed, and 404 for files outside or without one', async () => {
    const outsidePhoto = await file(alice, 'out.png', await photoBytes(), t.outside)
    await server.app.cumulus.thumbnails.idle()
    const r = await anon(server).bytes(pub(`/thumbnail/${t.photo}`))
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/webp')
    expect(r.body.subarray(8, 12).toString()).toBe('WEBP')
    expect(r.headers.get('content-security-policy')).toContain('sandbox')
    expect((await anon(server).bytes(pub(`/thumbnail/${outsidePhoto}`))).status).toBe(404)
    expect((await anon(server).bytes(pub(`/thumbnail/${t.rootFile}`))).status).toBe(404)
  })

  it('a file link serves its own file’s thumbnail (the page’s preview) and no other', async () => {
    const own = await share(alice, { itemType: 'file', itemId: t.photo })
    const r = await anon(server).bytes(`/share-service/public/${own.token}/thumbnail/${t.photo}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/webp')
    const other = await file(alice, 'other.png', await photoBytes(), t.shared)
    await server.app.cumulus.thumbnails.idle()
    expect((await anon(server).bytes(`/share-service/public/${own.token}/thumbnail/${other}`)).status).toBe(404)
    await alice.delete(`/share-service/links/${own._id}`)
  })

  it('zips the whole shared folder by default, or a selection inside it; a selection reaching outside is 404', async () => {
    const whole = await anon(server).bytes(pub('/zip'))
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-disposition')).toContain('Shared.zip')
    const names = await zipNames(whole.body)
    expect(names).toEqual(
      expect.arrayContaining(['Shared/', 'Shared/root.txt', 'Shared/Sub/sub.txt', 'Shared/Sub/Deep/deep.bin']),
    )
    expect(names.some((n) => n.includes('outside') || n.includes('Trashed') || n.includes('doomed'))).toBe(false)
    const picked = await anon(server).bytes(pub(`/zip?folderIDs[]=${t.deep}&fileIDs[]=${t.rootFile}`))
    expect(picked.status).toBe(200)
    const pickedNames = await zipNames(picked.body)
    expect(pickedNames).toEqual(expect.arrayContaining(['Deep/', 'Deep/deep.bin', 'root.txt']))
    expect(pickedNames.some((n) => n.startsWith('Shared') || n.includes('sub.txt'))).toBe(false)
    expect((await anon(server).bytes(pub(`/zip?folderIDs[]=${t.sibling}`))).status).toBe(404)
    expect((await anon(server).bytes(pub(`/zip?fileIDs[]=${t.outsideFile}`))).status).toBe(404)
    expect((await anon(server).bytes(pub(`/zip?folderIDs[]=${t.outside}`))).status).toBe(404)
  })

  it('a download limit on a folder link counts file downloads and zips, and ends the link', async () => {
    const limited = await share(alice, { itemType: 'folder', itemId: t.sub, maxDownloads: 2 })
    const at = (rest: string) => `/share-service/public/${limited.token}${rest}`
    expect((await anon(server).get(at('/list'))).status).toBe(200)
    expect((await anon(server).bytes(at(`/download/${t.subFile}`))).status).toBe(200)
    expect((await anon(server).bytes(at('/zip'))).status).toBe(200)
    expect((await anon(server).bytes(at(`/download/${t.subFile}`))).status).toBe(404)
    expect((await anon(server).get(at('/list'))).status).toBe(404)
  })
})

describe('the link itself', () => {
  it('GET info of a folder link: no size; password and expiry guard every folder route', async () => {
    expect((await anon(server).get(pub())).body).toEqual({
      itemType: 'folder',
      name: 'Shared',
      access: 'view',
      expiresAt: null,
      videoPreview: true,
    })
    const locked = await share(alice, { itemType: 'folder', itemId: t.sub, password: 'folder pass' })
    const at = (rest: string) => `/share-service/public/${locked.token}${rest}`
    for (const rest of [
      '/list',
      `/download/${t.subFile}`,
      `/thumbnail/${t.subFile}`,
      `/preview/${t.subFile}`,
      '/zip',
    ]) {
      const r = await anon(server).get(at(rest))
      expect(r.status, rest).toBe(401)
      expect(r.body.code).toBe('SHARE_PASSWORD_REQUIRED')
    }
    const visitor = anon(server)
    await visitor.post(at('/unlock'), { password: 'folder pass' })
    expect((await visitor.get(at('/list'))).status).toBe(200)
    await expire(server, locked._id)
    expect((await visitor.get(at('/list'))).status).toBe(410)
  })

  it('given the shared folder trashed or the link revoked, then every route is 404 at once', async () => {
    const gone = await folder(alice, 'Gone', t.outside)
    const f = await file(alice, 'g.txt', 'g', gone)
    const l = await share(alice, { itemType: 'folder', itemId: gone })
    const at = (rest: string) => `/share-service/public/${l.token}${rest}`
    expect((await anon(server).bytes(at(`/download/${f}`))).status).toBe(200)
    await alice.patch('/folder-service/trash', { id: gone })
    for (const rest of ['', '/list', `/download/${f}`, '/zip'])
      expect((await anon(server).get(at(rest))).status, rest).toBe(404)
    await alice.patch('/folder-service/restore', { id: gone })
    expect((await anon(server).get(at('/list'))).status).toBe(200)
    await alice.delete(`/share-service/links/${l._id}`)
    for (const rest of ['', '/list', `/download/${f}`, '/zip'])
      expect((await anon(server).get(at(rest))).status, rest).toBe(404)
  })
})
