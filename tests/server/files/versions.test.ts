// File versions and upload conflicts (DESIGN.md §8 "Versions"): writing over a file — a multipart
// or tus upload with conflict "replace", a WebDAV PUT — keeps the old content as a version that
// can be listed, downloaded, restored (no bytes copied) and deleted; "keep-both" numbers the name
// and "fail" (tus's default) refuses with 409 NAME_EXISTS before any byte is kept. Versions count
// in the owner's quota; retention thins them. CI runs this on PostgreSQL + S3 as well.
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { versionsToDrop } from '../../../server/services/drive/versions.ts'
import { numberedName } from '../../../server/services/drive/name-conflicts.ts'
import { basic, dav, davAccount, type DavAccount } from '../dav/dav-helpers.ts'
import { Browser } from '../helpers/client.ts'
import { blobKeys, expectConsistent, randomBytes } from '../helpers/drive.ts'
import { member, shareWith } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { tusUpload } from '../helpers/tus.ts'

const DAY = 86_400_000
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex')

let server: TestServer
let off: TestServer
beforeAll(async () => {
  ;[server, off] = await Promise.all([startServer(), startServer({ env: { VERSIONS: 'off' } })])
})
afterAll(() => Promise.all([server.close(), off.close()]))

const replace = (b: Browser, name: string, data: Buffer | string, parent = '/') =>
  b.upload(name, data, parent, { conflict: 'replace' })
const versionsOf = async (b: Browser, id: string) => {
  const r = await b.get(`/file-service/${id}/versions`)
  expect(r.status, r.text).toBe(200)
  return r.body.versions as Array<{ _id: string; size: number; createdAt: string; addedBy: unknown; sha256: string }>
}
/** A tus creation on its own (tus-js-client retries a 409, which is tus's offset conflict too). */
const createUpload = (b: Browser, meta: Record<string, string>) =>
  fetch(`${server.url}/file-service/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '5',
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
      uuid: b.uuid!,
      cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  })
const content = async (b: Browser, id: string) => (await b.bytes(`/file-service/download/${id}`)).body.toString()

describe('numberedName', () => {
  it.each([
    ['report.pdf', 1, 'report (1).pdf'],
    ['archive.tar.gz', 2, 'archive.tar (2).gz'],
    ['README', 1, 'README (1)'],
    ['.env', 3, '.env (3)'],
  ])('numbers %s (%i) as %s', (name, n, out) => expect(numberedName(name, n)).toBe(out))
})

describe('uploads with conflict', () => {
  it('given "replace", then the same file holds the new bytes and the old ones are its version, downloadable', async () => {
    const { browser: b } = await member(server, 'replace')
    const first = (await b.upload('plan.txt', 'first draft')).body
    const r = await replace(b, 'plan.txt', 'second draft, longer')
    expect(r.status, r.text).toBe(201)
    expect(r.body._id).toBe(first._id)
    expect(r.body.length).toBe('second draft, longer'.length)
    expect(await content(b, first._id)).toBe('second draft, longer')
    const list = (await b.get('/file-service/list?parent=/')).body.map((f: any) => f.filename)
    expect(list).toEqual(['plan.txt'])

    const versions = await versionsOf(b, first._id)
    expect(versions).toEqual([
      { _id: expect.any(String), size: 11, createdAt: first.uploadDate, addedBy: null, sha256: sha('first draft') },
    ])
    const old = await b.bytes(`/file-service/${first._id}/versions/${versions[0]!._id}/download`)
    expect(old.status).toBe(200)
    expect(old.body.toString()).toBe('first draft')
    expect(old.headers.get('content-disposition')).toMatch(/^attachment/)
    await expectConsistent(server, expect)
  })

  it('given "keep-both", then the new file is name (1).ext, then name (2).ext; both old files stay as they were', async () => {
    const { browser: b } = await member(server, 'keepboth')
    await b.upload('photo.jpg', 'one')
    const second = await b.upload('photo.jpg', 'two', '/', { conflict: 'keep-both' })
    expect(second.status, second.text).toBe(201)
    expect(second.body.filename).toBe('photo (1).jpg')
    const third = await b.upload('photo.jpg', 'three', '/', { conflict: 'keep-both' })
    expect(third.body.filename).toBe('photo (2).jpg')
    // No clash: the name as sent.
    expect((await b.upload('other.jpg', 'x', '/', { conflict: 'keep-both' })).body.filename).toBe('other.jpg')
  })

  it('given "fail" and a taken name, then 409 NAME_EXISTS naming it, and no blob is kept', async () => {
    const { browser: b } = await member(server, 'fail')
    await b.upload('notes.md', 'mine')
    const before = await blobKeys(server)
    const r = await b.upload('notes.md', randomBytes(200_000), '/', { conflict: 'fail' })
    expect(r.status).toBe(409)
    expect(r.body).toMatchObject({ code: 'NAME_EXISTS', name: 'notes.md' })
    expect(r.body.message).toBe('A file named "notes.md" is already in this folder')
    expect(await blobKeys(server)).toEqual(before)
  })

  it("given no conflict field, then the spec's behaviour stays: a second file of the same name", async () => {
    const { browser: b } = await member(server, 'legacy')
    await b.upload('same.txt', 'a')
    expect((await b.upload('same.txt', 'b')).status).toBe(201)
    expect((await b.get('/file-service/list?parent=/')).body.map((f: any) => f.filename)).toEqual([
      'same.txt',
      'same.txt',
    ])
  })

  it('given a conflict that is not one of the three, then 400 and nothing stored', async () => {
    const { browser: b } = await member(server, 'badconflict')
    const r = await b.upload('x.txt', 'x', '/', { conflict: 'overwrite' })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('conflict must be one of replace, keep-both, fail')
    expect((await b.get('/file-service/list?parent=/')).body).toEqual([])
  })

  it('given tus, then a taken name is refused at creation by default, and replace and keep-both work as in multipart', async () => {
    const { browser: b } = await member(server, 'tus')
    const first = (await b.upload('video.mp4', 'old bytes')).body
    const created = await createUpload(b, { filename: 'video.mp4' })
    expect(created.status).toBe(409)
    expect(await created.json()).toMatchObject({ code: 'NAME_EXISTS' })

    const id = await tusUpload(server.url, b, Buffer.from('new bytes!'), { filename: 'video.mp4', conflict: 'replace' })
    expect(id).toBe(first._id)
    expect(await content(b, first._id)).toBe('new bytes!')
    expect((await versionsOf(b, first._id)).map((v) => v.sha256)).toEqual([sha('old bytes')])

    const both = await tusUpload(server.url, b, Buffer.from('third'), { filename: 'video.mp4', conflict: 'keep-both' })
    expect((await b.get(`/file-service/info/${both}`)).body.filename).toBe('video (1).mp4')
    await expectConsistent(server, expect)
  })

  it('given a tus folder upload into a folder of the same name, then the folders merge and the clashing file follows its conflict', async () => {
    const { browser: b } = await member(server, 'merge')
    await b.uploadFolder({ 'Trip/day1.txt': 'one', 'Trip/day2.txt': 'two' })
    const meta = { filename: 'day1.txt', relativePath: 'Trip/day1.txt' }
    expect((await createUpload(b, meta)).status).toBe(409)
    await tusUpload(server.url, b, Buffer.from('uno'), { ...meta, conflict: 'replace' })
    await tusUpload(server.url, b, Buffer.from('tres'), { filename: 'day3.txt', relativePath: 'Trip/day3.txt' })
    const folders = (await b.get('/folder-service/list?parent=/')).body
    expect(folders.map((f: any) => f.name)).toEqual(['Trip'])
    const files = (await b.get(`/file-service/list?parent=${folders[0]._id}&sortBy=alp_asc`)).body
    expect(files.map((f: any) => f.filename)).toEqual(['day1.txt', 'day2.txt', 'day3.txt'])
    expect(await content(b, files[0]._id)).toBe('uno')
  })
})

describe('versions', () => {
  it('given a restore, then the old content is current again, the newer one a version, and no blob was written', async () => {
    const { browser: b } = await member(server, 'restore')
    const file = (await b.upload('essay.txt', 'version one')).body
    await replace(b, 'essay.txt', 'version two')
    const [v1] = await versionsOf(b, file._id)
    const before = await blobKeys(server)
    const r = await b.post(`/file-service/${file._id}/versions/${v1!._id}/restore`)
    expect(r.status, r.text).toBe(200)
    expect(r.body).toMatchObject({ _id: file._id, length: 11, uploadDate: file.uploadDate })
    expect(await content(b, file._id)).toBe('version one')
    expect((await versionsOf(b, file._id)).map((v) => v.sha256)).toEqual([sha('version two')])
    expect(await blobKeys(server)).toEqual(before)
    await expectConsistent(server, expect)
  })

  it('given a delete, then 204, the version and its bytes are gone, and the current content stays', async () => {
    const { browser: b } = await member(server, 'delete')
    const file = (await b.upload('a.bin', randomBytes(50_000, 1))).body
    await replace(b, 'a.bin', randomBytes(60_000, 2))
    const [v] = await versionsOf(b, file._id)
    const before = await blobKeys(server)
    expect((await b.delete(`/file-service/${file._id}/versions/${v!._id}`)).status).toBe(204)
    expect(await versionsOf(b, file._id)).toEqual([])
    expect(await blobKeys(server)).toHaveLength(before.length - 1)
    expect((await b.bytes(`/file-service/download/${file._id}`)).body.equals(randomBytes(60_000, 2))).toBe(true)
    // Gone is gone: a second delete and a restore of it are 404.
    expect((await b.delete(`/file-service/${file._id}/versions/${v!._id}`)).status).toBe(404)
    expect((await b.post(`/file-service/${file._id}/versions/${v!._id}/restore`)).status).toBe(404)
  })

  it('given two replaces of one file at once, then both land one after the other, and a restore racing a replace loses neither', async () => {
    const { browser: b } = await member(server, 'race')
    const file = (await b.upload('race.txt', 'original')).body
    const [ra, rb] = await Promise.all([replace(b, 'race.txt', 'from A'), replace(b, 'race.txt', 'from B')])
    expect([ra.status, rb.status]).toEqual([201, 201])
    expect([ra.body._id, rb.body._id]).toEqual([file._id, file._id])
    const current = await content(b, file._id)
    const other = current === 'from A' ? 'from B' : 'from A'
    expect(['from A', 'from B']).toContain(current)
    expect((await versionsOf(b, file._id)).map((v) => v.sha256)).toEqual([sha(other), sha('original')])

    const original = (await versionsOf(b, file._id)).at(-1)!
    const [restored, replaced] = await Promise.all([
      b.post(`/file-service/${file._id}/versions/${original._id}/restore`),
      replace(b, 'race.txt', 'from C'),
    ])
    expect([restored.status, replaced.status]).toEqual([200, 201])
    const all = [sha(Buffer.from(await content(b, file._id))), ...(await versionsOf(b, file._id)).map((v) => v.sha256)]
    expect(all.sort()).toEqual([current, other, 'original', 'from C'].map((t) => sha(t)).sort())
    await expectConsistent(server, expect)
  })

  it('given a WebDAV PUT over a file, then its old content is a version', async () => {
    const account: DavAccount = await davAccount(server, 'davver')
    const auth = basic(account.email, account.write)
    expect((await dav(server, auth, 'PUT', '/dav/todo.txt', { body: 'milk' })).status).toBe(201)
    expect((await dav(server, auth, 'PUT', '/dav/todo.txt', { body: 'milk, eggs' })).status).toBe(204)
    const [file] = (await account.browser.get('/file-service/list?parent=/')).body
    expect(await content(account.browser, file._id)).toBe('milk, eggs')
    expect((await versionsOf(account.browser, file._id)).map((v) => v.sha256)).toEqual([sha('milk')])
  })

  it('given versions, then they count in used, and usedBy splits files, versions and trash', async () => {
    const { browser: b } = await member(server, 'usage')
    await b.upload('keep.bin', randomBytes(1000, 3))
    await replace(b, 'keep.bin', randomBytes(3000, 4))
    const gone = (await b.upload('gone.bin', randomBytes(500, 5))).body
    await b.patch('/file-service/trash', { id: gone._id })
    const me = (await b.get('/user-service/user-detailed')).body
    expect(me.usedBy).toEqual({ files: 3000, versions: 1000, trash: 500 })
    expect(me.used).toBe(4500)
  })

  it("given a file deleted forever, then its versions' bytes go with it", async () => {
    const { browser: b } = await member(server, 'forever')
    const before = await blobKeys(server)
    const file = (await b.upload('draft.txt', 'a')).body
    await replace(b, 'draft.txt', 'bb')
    await replace(b, 'draft.txt', 'ccc')
    expect(await versionsOf(b, file._id)).toHaveLength(2)
    await b.patch('/file-service/trash', { id: file._id })
    expect((await b.delete('/file-service/remove', { id: file._id })).status).toBe(200)
    await server.app.cumulus.janitor.sweep()
    expect(await blobKeys(server)).toEqual(before)
    await expectConsistent(server, expect)
  })

  it('given VERSIONS=off, then a replace keeps nothing and the old bytes go', async () => {
    const { browser: b } = await member(off, 'off')
    const file = (await b.upload('x.txt', 'old')).body
    const before = await blobKeys(off)
    await replace(b, 'x.txt', 'new')
    expect(await versionsOf(b, file._id)).toEqual([])
    expect(await blobKeys(off)).toHaveLength(before.length)
    expect(await content(b, file._id)).toBe('new')
  })
})

describe('who may reach versions', () => {
  it('given owner, editor, viewer, stranger and no one, then list and download for viewers, restore and delete for editors, 404 for the rest', async () => {
    const owner = await member(server, 'vowner')
    const editor = await member(server, 'veditor')
    const viewer = await member(server, 'vviewer')
    const stranger = await member(server, 'vstranger')
    const folder = (await owner.browser.post('/folder-service/create', { name: 'Shared' })).body._id
    const file = (await owner.browser.upload('doc.txt', 'one', folder)).body
    await replace(owner.browser, 'doc.txt', 'two', folder)
    await replace(owner.browser, 'doc.txt', 'three', folder)
    await shareWith(server, owner, { type: 'folder', id: folder }, editor, 'editor')
    await shareWith(server, owner, { type: 'folder', id: folder }, viewer, 'viewer')
    const [newest, oldest] = await versionsOf(owner.browser, file._id)
    const base = `/file-service/${file._id}/versions`

    expect((await versionsOf(viewer.browser, file._id)).map((v) => v._id)).toEqual([newest!._id, oldest!._id])
    expect((await viewer.browser.bytes(`${base}/${oldest!._id}/download`)).body.toString()).toBe('one')
    expect((await viewer.browser.post(`${base}/${oldest!._id}/restore`)).status).toBe(403)
    expect((await viewer.browser.delete(`${base}/${oldest!._id}`)).status).toBe(403)

    for (const [path, method] of [
      [base, 'GET'],
      [`${base}/${oldest!._id}/download`, 'GET'],
      [`${base}/${oldest!._id}/restore`, 'POST'],
      [`${base}/${oldest!._id}`, 'DELETE'],
    ] as const) {
      const r = await stranger.browser.request(method, path, {})
      expect(r.status, `${method} ${path}`).toBe(404)
      const anonymous = await fetch(server.url + path, { method })
      // Signed out (a share link's visitor): refused before any id is looked at (403 without the uuid header).
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(method === 'GET' ? 401 : 403)
    }
    // A version id of another file is not this file's.
    const otherFile = (await owner.browser.upload('other.txt', 'x', folder)).body
    expect((await owner.browser.bytes(`/file-service/${otherFile._id}/versions/${oldest!._id}/download`)).status).toBe(
      404,
    )

    // The editor restores; the content is theirs as adder no more than it was: it reads as then.
    const restored = await editor.browser.post(`${base}/${oldest!._id}/restore`)
    expect(restored.status, restored.text).toBe(200)
    expect(await content(owner.browser, file._id)).toBe('one')
    expect((await editor.browser.delete(`${base}/${newest!._id}`)).status).toBe(204)
    expect((await versionsOf(owner.browser, file._id)).map((v) => v.sha256)).toEqual([sha('three')])

    // An editor's replace records who added the old and the new content.
    await replace(editor.browser, 'doc.txt', 'four', folder)
    const [byEditor] = await versionsOf(owner.browser, file._id)
    expect(byEditor!.addedBy).toBeNull()
    const info = (await owner.browser.get(`/file-service/info/${file._id}`)).body
    expect(info.addedBy).toMatchObject({ _id: editor.id })
  })
})

describe('retention', () => {
  const v = (id: string, createdDaysAgo: number, replacedDaysAgo = createdDaysAgo) => ({
    id,
    created_at: NOW - createdDaysAgo * DAY,
    replaced_at: NOW - replacedDaysAgo * DAY,
  })
  const NOW = Date.UTC(2026, 5, 1)

  it('keeps every version of the last day, the newest of each day for 30 days, the newest of each week after', () => {
    const versions = [
      v('today-1', 0.1),
      v('today-2', 0.5),
      v('day3-a', 3.2),
      v('day3-b', 3.6),
      v('day10', 10.5),
      v('week8-a', 8 * 7 + 1),
      v('week8-b', 8 * 7 + 2),
      v('week20', 20 * 7 + 3),
    ]
    expect(versionsToDrop(versions, NOW, 50)).toEqual(['day3-b', 'week8-b'])
  })

  it('keeps at most max, dropping the oldest, but never one replaced within the last day', () => {
    const versions = [v('a', 2), v('b', 3), v('c', 4), v('d', 5, 0.5)]
    expect(versionsToDrop(versions, NOW, 2)).toEqual(['c'])
  })

  it('with versions off, drops all but those replaced within the last day', () => {
    expect(versionsToDrop([v('a', 0.2), v('b', 40, 0.9), v('c', 40, 2)], NOW, 50, false)).toEqual(['c'])
  })

  it('given a server with old versions, then the housekeeping pass thins them and deletes their bytes', async () => {
    const { browser: b } = await member(server, 'thin')
    const file = (await b.upload('log.txt', 'v0')).body
    for (let i = 1; i <= 4; i++) await replace(b, 'log.txt', `v${i}`)
    const rows = await versionsOf(b, file._id)
    expect(rows).toHaveLength(4)
    // All four of one day, 40 days ago, replaced long since: one survives.
    const { db } = server.app.cumulus
    const then = Date.now() - 40 * DAY
    await db
      .updateTable('file_versions')
      .set({ created_at: then, replaced_at: then })
      .where('file_id', '=', file._id)
      .execute()
    const before = await blobKeys(server)
    const removed = await server.app.cumulus.versions.sweep(2)
    expect(removed).toBeGreaterThanOrEqual(3)
    expect(await versionsOf(b, file._id)).toHaveLength(1)
    expect(await blobKeys(server)).toHaveLength(before.length - 3)
    expect(await content(b, file._id)).toBe('v4')
  })

  it('given more files with versions than one scan groups, then the pass thins every one and lets requests run between its steps', async () => {
    const { id: owner } = await member(server, 'scan')
    const { db } = server.app.cumulus
    const now = Date.now()
    const files = 1_200
    const ids = Array.from({ length: files }, (_, i) => `scan-${String(i).padStart(5, '0')}-${owner}`)
    for (let i = 0; i < files; i += 200) {
      const chunk = ids.slice(i, i + 200)
      await db
        .insertInto('files')
        .values(
          chunk.map((id) => ({
            id,
            owner_id: owner,
            folder_id: null,
            filename: `${id}.bin`,
            name_key: `${id}.bin`,
            type_key: 'bin',
            size: 1,
            sha256: '',
            blob_key: `cur${id}`.replace(/[^A-Za-z0-9]/g, ''),
            mime: 'application/octet-stream',
            upload_date: now,
            taken_date: now,
            trashed: 0,
            trash_root: 0,
            is_video: 0,
            has_thumbnail: 0,
            media: 0,
            thumb_state: 'none',
          })) as never,
        )
        .execute()
      // Two versions of one day ten days ago, replaced long since: the older one goes.
      await db
        .insertInto('file_versions')
        .values(
          chunk.flatMap((id) =>
            [0, 1].map((h) => ({
              id: `${id}-v${h}`,
              file_id: id,
              owner_id: owner,
              blob_key: `v${h}${id}`.replace(/[^A-Za-z0-9]/g, ''),
              size: 1,
              sha256: '',
              enc: null,
              mime: 'application/octet-stream',
              created_at: now - 10 * DAY - h * 3_600_000,
              replaced_at: now - 2 * DAY,
              added_by: null,
            })),
          ),
        )
        .execute()
    }
    expect(await server.app.cumulus.versions.sweep()).toBe(files)
    // A pass with nothing to drop does no I/O of its own, yet gives the event loop back between its
    // queries (SQLite answers synchronously): the loop's turns come round while it works.
    let turns = 0
    let next: NodeJS.Immediate | undefined
    const turn = () => {
      turns++
      next = setImmediate(turn)
    }
    next = setImmediate(turn)
    const pass = server.app.cumulus.versions.sweep()
    turns = 0
    try {
      expect(await pass).toBe(0)
    } finally {
      clearImmediate(next)
    }
    expect(turns).toBeGreaterThan(0)
    const left = await db
      .selectFrom('file_versions')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('owner_id', '=', owner)
      .executeTakeFirstOrThrow()
    expect(Number(left.n)).toBe(files)
    await db.deleteFrom('file_versions').where('owner_id', '=', owner).execute()
    await db.deleteFrom('files').where('owner_id', '=', owner).execute()
  })

  it('given two versions of one day ten days ago, then the database names the file a candidate; one a day apart, it does not', async () => {
    const { browser: b, id: owner } = await member(server, 'candidate')
    const now = Date.now()
    const made = async (hoursApart: number) => {
      const file = (await b.upload(`pair-${hoursApart}.txt`, 'x')).body._id as string
      const at = (h: number) => now - 10 * DAY - h * 3_600_000
      await server.app.cumulus.db
        .insertInto('file_versions')
        .values(
          [0, hoursApart].map((h, i) => ({
            id: `${file}-${i}`,
            file_id: file,
            owner_id: owner,
            blob_key: `pair${i}${file}`.replace(/[^A-Za-z0-9]/g, ''),
            size: 1,
            sha256: '',
            enc: null,
            mime: 'text/plain',
            created_at: at(h),
            replaced_at: now - 2 * DAY,
            added_by: null,
          })),
        )
        .execute()
      return file
    }
    const sameDay = await made(1)
    const dayApart = await made(25)
    const candidates = await server.app.cumulus.drive.versions.candidates({ now, max: 50, enabled: true })
    expect(candidates).toContain(sameDay)
    expect(candidates).not.toContain(dayApart)
    await server.app.cumulus.db.deleteFrom('file_versions').where('file_id', 'in', [sameDay, dayApart]).execute()
  })

  it('given random version histories, then every file retention would thin is among the database’s candidates (property)', async () => {
    const { browser: b, id: userId } = await member(server, 'candidates')
    const repo = server.app.cumulus.drive
    const now = Date.now()
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.double({ min: 0, max: 60, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        async (ages, max, enabled) => {
          const file = (await b.upload(`prop-${Math.random()}.txt`, 'x')).body._id as string
          const rows = ages
            .map(([created, sinceReplaced]) => {
              const created_at = Math.round(now - created * DAY)
              return { created_at, replaced_at: Math.max(created_at, Math.round(now - sinceReplaced * DAY)) }
            })
            .sort((x, y) => y.created_at - x.created_at)
            .map((r, i) => ({
              ...r,
              id: `${file}-${String(i).padStart(2, '0')}`,
              file_id: file,
              owner_id: userId,
              blob_key: `k${file}${i}`.replace(/[^A-Za-z0-9]/g, ''),
              size: 1,
              sha256: '',
              enc: null,
              mime: 'text/plain',
              added_by: null,
            }))
          await server.app.cumulus.db.insertInto('file_versions').values(rows).execute()
          try {
            const thinned = versionsToDrop(rows, now, max, enabled).length > 0
            const candidates = await repo.versions.candidates({ now, max, enabled })
            if (thinned) expect(candidates).toContain(file)
          } finally {
            await server.app.cumulus.db.deleteFrom('file_versions').where('file_id', '=', file).execute()
          }
        },
      ),
      { numRuns: 100 },
    )
  })
})
