import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { blobKeys, expectConsistent } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

async function user() {
  const b = new Browser(server.url)
  await b.signup(uniqueEmail('tree'))
  const mk = async (name: string, parent = '/') => {
    const r = await b.post('/folder-service/create', { name, parent })
    if (r.status !== 201) throw new Error(r.text)
    return r.body._id as string
  }
  const put = async (name: string, parent = '/') =>
    (await b.upload(name, `bytes of ${name}`, parent)).body._id as string
  const files = (parent: string, trash = false) =>
    b
      .get(`/file-service/list?parent=${parent}&sortBy=alp_asc${trash ? '&trashMode=true' : ''}`)
      .then((r) => r.body.map((f: any) => f.filename))
  const folders = (parent: string, trash = false) =>
    b
      .get(`/folder-service/list?parent=${parent}&sortBy=alp_asc${trash ? '&trashMode=true' : ''}`)
      .then((r) => r.body.map((f: any) => f.name))
  return { b, mk, put, files, folders }
}

describe('create and rename', () => {
  it('given a name with spaces around it, then it is trimmed; bad names are 400', async () => {
    const { b } = await user()
    const r = await b.post('/folder-service/create', { name: '  Photos  ' })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ name: 'Photos', parent: '/', parentList: ['/'] })
    for (const name of ['', '   ', 'a/b', 'x'.repeat(256), 'nul\u0000', '..']) {
      const bad = await b.post('/folder-service/create', { name })
      expect(bad.status, JSON.stringify(name)).toBe(400)
      expect(bad.body.message).toEqual(expect.any(String))
    }
    expect((await b.post('/folder-service/create', { name: 'x'.repeat(255) })).status).toBe(201)
  })

  it('renames files and folders with the same rules', async () => {
    const { b, mk, put } = await user()
    const f = await put('old.txt')
    const d = await mk('Old')
    expect((await b.patch('/file-service/rename', { id: f, title: ' new.txt ' })).body.filename).toBe('new.txt')
    expect((await b.patch('/folder-service/rename', { id: d, title: 'New' })).body.name).toBe('New')
    expect((await b.patch('/file-service/rename', { id: f, title: '' })).status).toBe(400)
    expect((await b.patch('/folder-service/rename', { id: d, title: 'a/b' })).status).toBe(400)
    expect((await b.get(`/file-service/info/${f}`)).body.filename).toBe('new.txt')
  })
})

describe('move', () => {
  it('moves files and folders, and keeps parentList of everything below right', async () => {
    const { b, mk, put, files } = await user()
    const a = await mk('A')
    const sub = await mk('Sub', a)
    const deep = await mk('Deep', sub)
    const dest = await mk('Dest')
    const f = await put('f.txt')
    expect((await b.patch('/file-service/move', { id: f, parentID: dest })).status).toBe(200)
    expect(await files(dest)).toEqual(['f.txt'])
    expect((await b.patch('/folder-service/move', { id: sub, parentID: dest })).status).toBe(200)
    expect((await b.get(`/folder-service/info/${deep}`)).body.parentList).toEqual(['/', dest, sub])
    expect((await b.patch('/folder-service/move', { id: sub, parentID: '/' })).status).toBe(200)
    expect((await b.get(`/folder-service/info/${deep}`)).body.parentList).toEqual(['/', sub])
    expect((await b.get(`/folder-service/info/${sub}`)).body.parent).toBe('/')
    void a
  })

  it('given a folder moved into itself or below itself, then 400 and nothing changes', async () => {
    const { b, mk } = await user()
    const a = await mk('A')
    const child = await mk('Child', a)
    const grandchild = await mk('Grandchild', child)
    for (const target of [a, child, grandchild]) {
      const r = await b.patch('/folder-service/move', { id: a, parentID: target })
      expect(r.status).toBe(400)
    }
    expect(
      (await b.patch('/file-service/move-multi', { items: [{ id: a, type: 'folder' }], parentID: grandchild })).status,
    ).toBe(400)
    expect((await b.get(`/folder-service/info/${a}`)).body.parent).toBe('/')
  })

  it('given a trashed or unknown destination, then 404', async () => {
    const { b, mk, put } = await user()
    const t = await mk('T')
    await b.patch('/folder-service/trash', { id: t })
    const f = await put('f.txt')
    expect((await b.patch('/file-service/move', { id: f, parentID: t })).status).toBe(404)
    expect((await b.patch('/file-service/move', { id: f, parentID: 'nowhere' })).status).toBe(404)
  })

  it('move-multi moves a mixed selection in one go, all or nothing', async () => {
    const { b, mk, put, files, folders } = await user()
    const dest = await mk('Dest')
    const d1 = await mk('D1')
    const f1 = await put('f1.txt')
    const f2 = await put('f2.txt')
    const bad = await b.patch('/file-service/move-multi', {
      items: [
        { id: f1, type: 'file' },
        { id: 'missing', type: 'file' },
      ],
      parentID: dest,
    })
    expect(bad.status).toBe(404)
    expect(await files(dest)).toEqual([])
    const r = await b.patch('/file-service/move-multi', {
      items: [
        { id: f1, type: 'file' },
        { id: f2, type: 'quick-item' },
        { id: d1, type: 'folder' },
      ],
      parentID: dest,
    })
    expect(r.status).toBe(200)
    expect(await files(dest)).toEqual(['f1.txt', 'f2.txt'])
    expect(await folders(dest)).toEqual(['D1'])
  })
})

describe('trash, restore and delete', () => {
  it('trashing a folder takes its subtree; restoring brings back exactly what went with it', async () => {
    const { b, mk, put, files, folders } = await user()
    const top = await mk('Top')
    const mid = await mk('Mid', top)
    const own = await mk('TrashedOnItsOwn', mid)
    await put('top.txt', top)
    await put('mid.txt', mid)
    const alone = await put('alone.txt', mid)
    await put('own.txt', own)
    // Trashed earlier on their own: they stay in the trash when Top is restored.
    await b.patch('/folder-service/trash', { id: own })
    await b.patch('/file-service/trash', { id: alone })
    await b.patch('/folder-service/trash', { id: top })

    expect(await folders('/')).toEqual([])
    expect((await folders('/', true)).sort()).toEqual(['Top', 'TrashedOnItsOwn'])
    expect(await files('/', true)).toEqual(['alone.txt'])

    expect((await b.patch('/folder-service/restore', { id: top })).status).toBe(200)
    expect(await folders('/')).toEqual(['Top'])
    expect(await folders(top)).toEqual(['Mid'])
    expect(await files(top)).toEqual(['top.txt'])
    expect(await files(mid)).toEqual(['mid.txt'])
    expect(await folders(mid)).toEqual([])
    expect(await folders('/', true)).toEqual(['TrashedOnItsOwn'])
    expect(await files('/', true)).toEqual(['alone.txt'])
    expect(await files(own, true)).toEqual(['own.txt'])
  })

  it('restoring an item whose folder is gone or trashed puts it in Home', async () => {
    const { b, mk, put, files, folders } = await user()
    const box = await mk('Box')
    const inner = await mk('Inner', box)
    const f = await put('f.txt', box)
    await b.patch('/file-service/trash', { id: f })
    await b.patch('/folder-service/trash', { id: inner })
    await b.patch('/folder-service/trash', { id: box })
    expect((await b.patch('/file-service/restore', { id: f })).status).toBe(200)
    expect((await b.patch('/folder-service/restore', { id: inner })).status).toBe(200)
    expect(await files('/')).toEqual(['f.txt'])
    expect(await folders('/')).toEqual(['Inner'])
    expect((await b.get(`/folder-service/info/${inner}`)).body.parentList).toEqual(['/'])
  })

  it('multi variants trash and restore mixed selections', async () => {
    const { b, mk, put, files, folders } = await user()
    const d = await mk('D')
    const f = await put('f.txt')
    const items = [
      { id: d, type: 'folder' },
      { id: f, type: 'file' },
    ]
    expect((await b.patch('/file-service/trash-multi', { items })).status).toBe(200)
    expect(await files('/')).toEqual([])
    expect(await folders('/')).toEqual([])
    expect((await b.patch('/file-service/restore-multi', { items })).status).toBe(200)
    expect(await files('/')).toEqual(['f.txt'])
    expect(await folders('/')).toEqual(['D'])
    expect((await b.patch('/file-service/trash-multi', { items: [] })).status).toBe(400)
  })

  it('permanent delete removes rows and frees blobs, for files, folder subtrees and selections', async () => {
    const { b, mk, put, files } = await user()
    const before = (await blobKeys(server)).length
    const d = await mk('D')
    const sub = await mk('Sub', d)
    await put('a.txt', d)
    await put('b.txt', sub)
    const loose = await put('loose.txt')
    const l2 = await put('l2.txt')
    const l3 = await put('l3.txt', sub)
    expect((await blobKeys(server)).length).toBe(before + 5)
    expect((await b.delete('/file-service/remove', { id: loose })).status).toBe(200)
    expect((await blobKeys(server)).length).toBe(before + 4)
    // A selection holding a folder and a file inside it is fine.
    expect(
      (
        await b.delete('/file-service/remove-multi', {
          items: [
            { id: d, type: 'folder' },
            { id: l3, type: 'file' },
            { id: l2, type: 'file' },
          ],
        })
      ).status,
    ).toBe(200)
    expect((await blobKeys(server)).length).toBe(before)
    expect((await b.get(`/folder-service/info/${sub}`)).status).toBe(404)
    expect(await files('/')).toEqual([])
    expect((await b.delete('/folder-service/remove', { id: d })).status).toBe(404)
    await expectConsistent(server, expect)
  })

  it("empty trash deletes forever everything in the caller's trash, in one request, and nothing else", async () => {
    const alice = await user()
    const bob = await user()
    const before = (await blobKeys(server)).length
    const box = await alice.mk('Box')
    await alice.put('in-box.txt', await alice.mk('Inner', box))
    const loose = await alice.put('loose.txt')
    await alice.put('kept.txt')
    const bobs = await bob.put('bobs.txt')
    await alice.b.patch('/folder-service/trash', { id: box })
    await alice.b.patch('/file-service/trash', { id: loose })
    await bob.b.patch('/file-service/trash', { id: bobs })
    expect((await blobKeys(server)).length).toBe(before + 4)

    const r = await alice.b.delete('/file-service/empty-trash')
    expect(r.status, r.text).toBe(200)
    expect(r.body).toEqual({ message: 'Trash emptied' })
    expect(await alice.folders('/', true)).toEqual([])
    expect(await alice.files('/', true)).toEqual([])
    expect(await alice.files('/')).toEqual(['kept.txt'])
    expect((await alice.b.get(`/folder-service/info/${box}`)).status).toBe(404)
    // Another user's trash is not touched; the blobs of what went are released.
    expect(await bob.files('/', true)).toEqual(['bobs.txt'])
    expect((await blobKeys(server)).length).toBe(before + 2)
    // An empty trash empties again without a fuss; without the uuid header it is refused.
    expect((await alice.b.delete('/file-service/empty-trash')).status).toBe(200)
    expect((await alice.b.request('DELETE', '/file-service/empty-trash', { headers: { uuid: '' } })).status).toBe(403)
    await expectConsistent(server, expect)
  })

  it('trashed items carry when they were trashed, and user-detailed the retention the trash states', async () => {
    const { b, mk, put } = await user()
    const d = await mk('D')
    const f = await put('f.txt')
    const at = Date.now()
    await b.patch('/folder-service/trash', { id: d })
    await b.patch('/file-service/trash', { id: f })
    const [file] = (await b.get('/file-service/list?parent=/&trashMode=true')).body
    const [folder] = (await b.get('/folder-service/list?parent=/&trashMode=true')).body
    for (const trashedAt of [file.metadata.trashedAt, folder.trashedAt])
      expect(Math.abs(Date.parse(trashedAt) - at)).toBeLessThan(5_000)
    // Live items carry none.
    await b.patch('/file-service/restore', { id: f })
    expect((await b.get('/file-service/list?parent=/')).body[0].metadata.trashedAt).toBeUndefined()
    // TRASH_RETENTION_DAYS' default.
    expect((await b.get('/user-service/user-detailed')).body.trashRetentionDays).toBe(30)
  })

  it('the retention sweep deletes trash older than TRASH_RETENTION_DAYS only', async () => {
    const { b, mk, put } = await user()
    const old = await mk('Old')
    await put('inside.txt', old)
    const fresh = await put('fresh.txt')
    await b.patch('/folder-service/trash', { id: old })
    await b.patch('/file-service/trash', { id: fresh })
    const db = server.app.cumulus.db
    const longAgo = Date.now() - 31 * 86_400_000
    await db.updateTable('folders').set({ trashed_at: longAgo }).where('id', '=', old).execute()
    await db.updateTable('files').set({ trashed_at: longAgo }).where('folder_id', '=', old).execute()
    const purged = await server.app.cumulus.tree.purgeTrash(30)
    expect(purged).toBeGreaterThanOrEqual(1)
    expect((await b.get(`/folder-service/info/${old}`)).status).toBe(404)
    expect((await b.get(`/file-service/info/${fresh}`)).status).toBe(200)
    await expectConsistent(server, expect)
  })
})
