// What a member share allows to change (issue #39 "everything the role allows works"): rename,
// move, trash, create folder, copy and the multi-select's routes in a shared folder, each as the
// owner, an editor, a viewer and a stranger, with its exact status and what it did (or did not do)
// to the database. Restore, delete forever, links and sharing further stay the owner's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFamily, type Family } from '../family/family-helpers.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'

let f: Family
let anna: Member
let ben: Member // editor
let carla: Member // viewer
let dan: Member // stranger

/** A fresh shared folder per test: Holidays/{beach.txt, Sub/, Sub/deep.txt}, and Anna's private diary. */
let holidays: string
let sub: string
let beach: string
let deep: string
let secret: string
let privateFolder: string
let benShare: string

beforeAll(async () => {
  f = await startFamily()
  ;[anna, ben, carla, dan] = await Promise.all([
    member(f.server, 'anna'),
    member(f.server, 'ben'),
    member(f.server, 'carla'),
    member(f.server, 'dan'),
  ])
})
afterAll(() => f.server.close())

beforeEach(async () => {
  holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
  sub = (await anna.browser.post('/folder-service/create', { name: 'Sub', parent: holidays })).body._id
  beach = (await anna.browser.upload('beach.txt', 'sand', holidays)).body._id
  deep = (await anna.browser.upload('deep.txt', 'water', sub)).body._id
  secret = (await anna.browser.upload('diary.txt', 'mine', '/')).body._id
  privateFolder = (await anna.browser.post('/folder-service/create', { name: 'Private' })).body._id
  benShare = await shareWith(f.server, anna, { type: 'folder', id: holidays }, ben, 'editor')
  await shareWith(f.server, anna, { type: 'folder', id: holidays }, carla, 'viewer')
})

const db = () => f.server.app.cumulus.db
const fileRow = (id: string) => db().selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst()
const folderRow = (id: string) => db().selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst()
const filesIn = async (folderId: string) =>
  (await db().selectFrom('files').select('filename').where('folder_id', '=', folderId).execute())
    .map((r) => r.filename)
    .sort()

/** The status and error code of a reply. */
const outcome = (r: { status: number; body: any }) => [r.status, r.status >= 400 ? r.body?.code : undefined]
const NOT_FOUND = [404, 'NOT_FOUND']

describe('rename', () => {
  it('given an editor, then 200 with the owner and role on the reply and the new name stored; a viewer 403, a stranger 404', async () => {
    const r = await ben.browser.patch('/file-service/rename', { id: beach, title: 'shore.txt' })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ _id: beach, filename: 'shore.txt', role: 'editor', owner: { _id: anna.id } })
    expect((await fileRow(beach))!.filename).toBe('shore.txt')

    expect(outcome(await carla.browser.patch('/file-service/rename', { id: beach, title: 'x.txt' }))).toEqual([
      403,
      'VIEWER_ROLE',
    ])
    expect(outcome(await dan.browser.patch('/file-service/rename', { id: beach, title: 'x.txt' }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.patch('/file-service/rename', { id: secret, title: 'x.txt' }))).toEqual(NOT_FOUND)
    expect((await fileRow(beach))!.filename).toBe('shore.txt')
    expect((await fileRow(secret))!.filename).toBe('diary.txt')

    const folder = await ben.browser.patch('/folder-service/rename', { id: sub, title: 'Inner' })
    expect(folder.status).toBe(200)
    expect(folder.body).toMatchObject({ _id: sub, name: 'Inner', role: 'editor', parentList: ['/', holidays] })
    expect(outcome(await carla.browser.patch('/folder-service/rename', { id: sub, title: 'No' }))[0]).toBe(403)
    expect(outcome(await dan.browser.patch('/folder-service/rename', { id: sub, title: 'No' }))).toEqual(NOT_FOUND)
    expect((await folderRow(sub))!.name).toBe('Inner')

    const own = await anna.browser.patch('/file-service/rename', { id: beach, title: 'sea.txt' })
    expect(own.status).toBe(200)
    expect(own.body.owner).toBeUndefined()
  })
})

describe('move', () => {
  it('given an editor, then a move inside the share is 200 and stored', async () => {
    expect((await ben.browser.patch('/file-service/move', { id: beach, parentID: sub })).status).toBe(200)
    expect((await fileRow(beach))!.folder_id).toBe(sub)
    expect((await ben.browser.patch('/file-service/move', { id: beach, parentID: holidays })).status).toBe(200)
    expect((await fileRow(beach))!.folder_id).toBe(holidays)
  })

  it('given an editor moving out of the share, or the shared folder itself, then 403 OUTSIDE_SHARE and nothing moves', async () => {
    const benFolder = (await ben.browser.post('/folder-service/create', { name: 'Mine' })).body._id
    for (const parentID of ['/', privateFolder, benFolder, 'no-such-folder-id']) {
      expect(outcome(await ben.browser.patch('/file-service/move', { id: beach, parentID }))).toEqual([
        403,
        'OUTSIDE_SHARE',
      ])
    }
    expect(outcome(await ben.browser.patch('/folder-service/move', { id: holidays, parentID: benFolder }))).toEqual([
      403,
      'OUTSIDE_SHARE',
    ])
    expect(outcome(await ben.browser.patch('/folder-service/move', { id: sub, parentID: '/' }))).toEqual([
      403,
      'OUTSIDE_SHARE',
    ])
    expect((await fileRow(beach))!.folder_id).toBe(holidays)
    expect((await folderRow(holidays))!.parent_id).toBeNull()
    expect((await folderRow(sub))!.parent_id).toBe(holidays)
  })

  it('given a viewer 403 VIEWER_ROLE, a stranger 404, and nothing moves', async () => {
    expect(outcome(await carla.browser.patch('/file-service/move', { id: beach, parentID: sub }))).toEqual([
      403,
      'VIEWER_ROLE',
    ])
    expect(outcome(await dan.browser.patch('/file-service/move', { id: beach, parentID: sub }))).toEqual(NOT_FOUND)
    expect(outcome(await dan.browser.patch('/folder-service/move', { id: sub, parentID: '/' }))).toEqual(NOT_FOUND)
    expect((await fileRow(beach))!.folder_id).toBe(holidays)
  })

  it("given a move across owners (the owner into a folder shared with her, a member's own file into the share), then 404, never a 500", async () => {
    const bens = (await ben.browser.post('/folder-service/create', { name: 'Ben shares' })).body._id
    await shareWith(f.server, ben, { type: 'folder', id: bens }, anna, 'editor')
    expect(outcome(await anna.browser.patch('/file-service/move', { id: secret, parentID: bens }))).toEqual(NOT_FOUND)
    expect(outcome(await anna.browser.patch('/folder-service/move', { id: privateFolder, parentID: bens }))).toEqual(
      NOT_FOUND,
    )
    expect((await fileRow(secret))!.folder_id).toBeNull()

    const own = (await ben.browser.upload('mine.txt', 'ben', '/')).body._id
    expect(outcome(await ben.browser.patch('/file-service/move', { id: own, parentID: holidays }))).toEqual(NOT_FOUND)
    expect(
      outcome(
        await ben.browser.patch('/file-service/move-multi', { items: [{ id: own, type: 'file' }], parentID: sub }),
      ),
    ).toEqual(NOT_FOUND)
    expect((await fileRow(own))!.folder_id).toBeNull()
    expect((await fileRow(own))!.owner_id).toBe(ben.id)
  })

  it('given the owner moves an item out of the shared folder, then the members lose it on their next request', async () => {
    expect((await ben.browser.get(`/file-service/info/${beach}`)).status).toBe(200)
    expect((await anna.browser.patch('/file-service/move', { id: beach, parentID: privateFolder })).status).toBe(200)
    expect((await ben.browser.get(`/file-service/info/${beach}`)).status).toBe(404)
    expect(outcome(await ben.browser.patch('/file-service/rename', { id: beach, title: 'x' }))).toEqual(NOT_FOUND)
    expect((await carla.browser.bytes(`/file-service/download/${beach}`)).status).toBe(404)
  })
})

describe('trash, restore and delete forever', () => {
  it("given an editor trashes inside the share, then 200 and it is in the owner's trash, which only she restores or deletes", async () => {
    expect((await ben.browser.patch('/file-service/trash', { id: beach })).status).toBe(200)
    expect((await fileRow(beach))!.trashed).toBe(1)
    // Someone else's trash is not the member's to see.
    expect((await ben.browser.get(`/file-service/info/${beach}`)).status).toBe(404)
    expect(outcome(await ben.browser.patch('/file-service/restore', { id: beach }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.delete('/file-service/remove', { id: beach }))).toEqual(NOT_FOUND)
    expect((await fileRow(beach))!.trashed).toBe(1)
    expect((await anna.browser.patch('/file-service/restore', { id: beach })).status).toBe(200)
    expect((await fileRow(beach))!.trashed).toBe(0)

    expect((await ben.browser.patch('/folder-service/trash', { id: sub })).status).toBe(200)
    expect((await folderRow(sub))!.trashed).toBe(1)
    expect((await fileRow(deep))!.trashed).toBe(1)
    expect(outcome(await ben.browser.patch('/folder-service/restore', { id: sub }))).toEqual(NOT_FOUND)
    expect((await anna.browser.delete('/folder-service/remove', { id: sub })).status).toBe(200)
    expect(await folderRow(sub)).toBeUndefined()
  })

  it('given the shared folder itself, a viewer or a stranger, then the trash is refused and nothing changes', async () => {
    expect(outcome(await ben.browser.patch('/folder-service/trash', { id: holidays }))).toEqual([403, 'OUTSIDE_SHARE'])
    expect(outcome(await carla.browser.patch('/file-service/trash', { id: beach }))).toEqual([403, 'VIEWER_ROLE'])
    expect(outcome(await carla.browser.patch('/folder-service/trash', { id: sub }))).toEqual([403, 'VIEWER_ROLE'])
    expect(outcome(await dan.browser.patch('/file-service/trash', { id: beach }))).toEqual(NOT_FOUND)
    expect((await folderRow(holidays))!.trashed).toBe(0)
    expect((await folderRow(sub))!.trashed).toBe(0)
    expect((await fileRow(beach))!.trashed).toBe(0)
  })

  it("given a live shared item, then restore and delete forever are the owner's: a member 403 OWNER_ONLY, a stranger 404", async () => {
    for (const m of [ben, carla]) {
      expect(outcome(await m.browser.delete('/file-service/remove', { id: beach }))).toEqual([403, 'OWNER_ONLY'])
      expect(outcome(await m.browser.delete('/folder-service/remove', { id: sub }))).toEqual([403, 'OWNER_ONLY'])
      expect(outcome(await m.browser.patch('/file-service/restore', { id: beach }))).toEqual([403, 'OWNER_ONLY'])
    }
    expect(outcome(await dan.browser.delete('/file-service/remove', { id: beach }))).toEqual(NOT_FOUND)
    expect(await fileRow(beach)).toBeDefined()
    expect(await folderRow(sub)).toBeDefined()
  })

  it("given a member empties their trash, then the owner's trash is untouched", async () => {
    await ben.browser.patch('/file-service/trash', { id: beach })
    expect((await ben.browser.delete('/file-service/empty-trash')).status).toBe(200)
    expect((await fileRow(beach))!.trashed).toBe(1)
  })
})

describe('create folder', () => {
  it("given an editor, then 201 in the owner's drive, added by him; a viewer 403, a stranger 404; no parent is his own Home", async () => {
    const r = await ben.browser.post('/folder-service/create', { name: 'From Ben', parent: holidays })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      name: 'From Ben',
      parent: holidays,
      role: 'editor',
      owner: { _id: anna.id },
      addedBy: { _id: ben.id },
    })
    expect(await folderRow(r.body._id)).toMatchObject({ owner_id: anna.id, parent_id: holidays, added_by: ben.id })

    expect(outcome(await carla.browser.post('/folder-service/create', { name: 'No', parent: holidays }))).toEqual([
      403,
      'VIEWER_ROLE',
    ])
    expect(outcome(await dan.browser.post('/folder-service/create', { name: 'No', parent: holidays }))).toEqual(
      NOT_FOUND,
    )
    expect(outcome(await ben.browser.post('/folder-service/create', { name: 'No', parent: privateFolder }))).toEqual(
      NOT_FOUND,
    )
    const names = await db().selectFrom('folders').select('name').where('owner_id', '=', anna.id).execute()
    expect(names.filter((n) => n.name === 'No')).toEqual([])

    const home = await ben.browser.post('/folder-service/create', { name: 'Ben home' })
    expect(await folderRow(home.body._id)).toMatchObject({ owner_id: ben.id, parent_id: null, added_by: null })
  })
})

describe('copy', () => {
  it("given an editor, then 201 beside the original, the owner's, added by him; a viewer 403, a stranger 404", async () => {
    const r = await ben.browser.post(`/file-service/${beach}/copy`, {})
    expect(r.status).toBe(201)
    expect(r.body.file).toMatchObject({ filename: 'beach (copy).txt', role: 'editor', addedBy: { _id: ben.id } })
    expect(await fileRow(r.body.file._id)).toMatchObject({ owner_id: anna.id, folder_id: holidays, added_by: ben.id })

    expect(outcome(await carla.browser.post(`/file-service/${beach}/copy`, {}))).toEqual([403, 'VIEWER_ROLE'])
    expect(outcome(await dan.browser.post(`/file-service/${beach}/copy`, {}))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.post(`/file-service/${secret}/copy`, {}))).toEqual(NOT_FOUND)
    expect(await filesIn(holidays)).toEqual(['beach (copy).txt', 'beach.txt'])
  })

  it("given the owner's quota is full, then an editor's copy is still made: it shares the blob and costs no bytes", async () => {
    const used = (await anna.browser.get('/user-service/user-detailed')).body.used
    expect((await f.admin.patch(`/admin/users/${anna.id}`, { quota: used })).status).toBe(200)
    try {
      const r = await ben.browser.post(`/file-service/${beach}/copy`, {})
      expect(r.status).toBe(201)
      expect(await filesIn(holidays)).toEqual(['beach (copy).txt', 'beach.txt'])
      expect((await anna.browser.get('/user-service/user-detailed')).body.used).toBe(used)
      expect((await anna.browser.delete('/file-service/remove', { id: r.body.file._id })).status).toBe(200)
      expect(await filesIn(holidays)).toEqual(['beach.txt'])
    } finally {
      await f.admin.patch(`/admin/users/${anna.id}`, { quota: null })
    }
  })
})

describe('the multi-select', () => {
  const both = () => [
    { id: beach, type: 'file' },
    { id: sub, type: 'folder' },
  ]

  it('given an editor, then move-multi inside the share and trash-multi are 200 and stored', async () => {
    const target = (await anna.browser.post('/folder-service/create', { name: 'Target', parent: holidays })).body._id
    expect((await ben.browser.patch('/file-service/move-multi', { items: both(), parentID: target })).status).toBe(200)
    expect((await fileRow(beach))!.folder_id).toBe(target)
    expect((await folderRow(sub))!.parent_id).toBe(target)
    expect((await ben.browser.patch('/file-service/trash-multi', { items: both() })).status).toBe(200)
    expect((await fileRow(beach))!.trashed).toBe(1)
    expect((await folderRow(sub))!.trashed).toBe(1)
    expect(outcome(await ben.browser.patch('/file-service/restore-multi', { items: both() }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.delete('/file-service/remove-multi', { items: both() }))).toEqual(NOT_FOUND)
    expect((await anna.browser.patch('/file-service/restore-multi', { items: both() })).status).toBe(200)
    expect((await fileRow(beach))!.trashed).toBe(0)
  })

  it('given one item outside the share, the shared folder itself, or a viewer, then refused and nothing changes', async () => {
    const withSecret = [...both(), { id: secret, type: 'file' }]
    expect(outcome(await ben.browser.patch('/file-service/trash-multi', { items: withSecret }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.patch('/file-service/move-multi', { items: both(), parentID: '/' }))).toEqual([
      403,
      'OUTSIDE_SHARE',
    ])
    expect(
      outcome(await ben.browser.patch('/file-service/trash-multi', { items: [{ id: holidays, type: 'folder' }] })),
    ).toEqual([403, 'OUTSIDE_SHARE'])
    expect(outcome(await carla.browser.patch('/file-service/trash-multi', { items: both() }))).toEqual([
      403,
      'VIEWER_ROLE',
    ])
    expect(outcome(await dan.browser.patch('/file-service/trash-multi', { items: both() }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.delete('/file-service/remove-multi', { items: both() }))).toEqual([
      403,
      'OWNER_ONLY',
    ])
    expect(outcome(await dan.browser.delete('/file-service/remove-multi', { items: both() }))).toEqual(NOT_FOUND)
    const own = (await ben.browser.upload('mine.txt', 'ben', '/')).body._id
    const mixed = [{ id: own, type: 'file' }, ...both()]
    expect(outcome(await ben.browser.patch('/file-service/trash-multi', { items: mixed }))).toEqual(NOT_FOUND)
    expect((await fileRow(own))!.trashed).toBe(0)
    expect((await fileRow(beach))!.trashed).toBe(0)
    expect((await folderRow(sub))!.trashed).toBe(0)
    expect((await fileRow(secret))!.trashed).toBe(0)
  })
})

describe("the move dialog, zips and the caller's own lists", () => {
  it("given a member, then move-folder-list shows the share's folders only, and his own Home without a parent", async () => {
    const r = await ben.browser.get(`/folder-service/move-folder-list?parent=${holidays}`)
    expect(r.status).toBe(200)
    expect(r.body.map((x: { _id: string }) => x._id)).toEqual([sub])
    expect(r.body[0]).toMatchObject({ role: 'editor', owner: { _id: anna.id } })
    expect((await ben.browser.get(`/folder-service/move-folder-list?parent=${privateFolder}`)).status).toBe(404)
    expect((await dan.browser.get(`/folder-service/move-folder-list?parent=${holidays}`)).status).toBe(404)
    const search = await ben.browser.get(`/folder-service/move-folder-list?parent=${holidays}&search=Private`)
    expect(search.body).toEqual([])
    const home = await ben.browser.get('/folder-service/move-folder-list')
    const ids = home.body.map((x: { _id: string }) => x._id)
    expect(ids).not.toContain(holidays)
    expect(ids).not.toContain(privateFolder)
  })

  it('given a viewer, then the share zips; a stranger or a selection of two owners 404', async () => {
    const zip = await carla.browser.bytes(`/folder-service/download-zip?folderIDs[]=${holidays}`)
    expect(zip.status).toBe(200)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect((await dan.browser.bytes(`/folder-service/download-zip?folderIDs[]=${holidays}`)).status).toBe(404)
    expect((await carla.browser.bytes(`/folder-service/download-zip?fileIDs[]=${secret}`)).status).toBe(404)
    const own = (await carla.browser.upload('mine.txt', 'carla', '/')).body._id
    expect((await carla.browser.bytes(`/folder-service/download-zip?fileIDs[]=${own}&fileIDs[]=${beach}`)).status).toBe(
      404,
    )
  })

  it("given quick-list and suggested-list, then a member sees his own only, and the owner sees a member's change", async () => {
    const quick = await ben.browser.get('/file-service/quick-list')
    expect(quick.body.map((x: { _id: string }) => x._id)).not.toContain(beach)
    const suggested = await ben.browser.get('/file-service/suggested-list?search=beach')
    expect(suggested.body).toEqual({ folderList: [], fileList: [] })
    await anna.browser.get('/file-service/quick-list')
    await ben.browser.patch('/file-service/rename', { id: beach, title: 'renamed-by-ben.txt' })
    const names = (await anna.browser.get('/file-service/quick-list')).body.map((x: { filename: string }) => x.filename)
    expect(names).toContain('renamed-by-ben.txt')
  })
})

describe('links and sharing further', () => {
  it('given a member, then making or removing a link is 403 OWNER_ONLY, a stranger 404, the owner 200', async () => {
    for (const url of [`/file-service/make-public/${beach}`, `/file-service/make-one/${beach}`]) {
      expect(outcome(await ben.browser.patch(url, {}))).toEqual([403, 'OWNER_ONLY'])
      expect(outcome(await carla.browser.patch(url, {}))).toEqual([403, 'OWNER_ONLY'])
      expect(outcome(await dan.browser.patch(url, {}))).toEqual(NOT_FOUND)
    }
    expect((await fileRow(beach))!.link_type).toBeNull()
    expect((await anna.browser.patch(`/file-service/make-public/${beach}`, {})).status).toBe(200)
    expect(outcome(await ben.browser.patch(`/file-service/remove-link/${beach}`, {}))).toEqual([403, 'OWNER_ONLY'])
    expect(outcome(await dan.browser.patch(`/file-service/remove-link/${beach}`, {}))).toEqual(NOT_FOUND)
    expect((await fileRow(beach))!.link_type).toBe('public')
    // The owner's link is hers to hand out: members' views of the file do not carry it.
    const hers = (await anna.browser.get(`/file-service/info/${beach}`)).body.metadata
    expect(hers).toMatchObject({ linkType: 'public', link: expect.any(String) })
    for (const m of [ben, carla]) {
      const info = (await m.browser.get(`/file-service/info/${beach}`)).body.metadata
      const listed = (await m.browser.get(`/file-service/list?parent=${holidays}`)).body
      expect([info.link, info.linkType]).toEqual([undefined, undefined])
      expect(listed.find((x: { _id: string }) => x._id === beach).metadata.link).toBeUndefined()
      expect(JSON.stringify(listed)).not.toContain(hers.link)
    }
  })

  it("given a member, then a share link or a file request on the share is 403 OWNER_ONLY, a stranger 404, and the owner's link ids are hers", async () => {
    for (const body of [
      { itemType: 'folder', itemId: holidays },
      { itemType: 'folder', itemId: sub, access: 'upload' },
      { itemType: 'file', itemId: beach },
    ]) {
      expect(outcome(await ben.browser.post('/share-service/links', body))).toEqual([403, 'OWNER_ONLY'])
      expect(outcome(await dan.browser.post('/share-service/links', body))).toEqual(NOT_FOUND)
    }
    const made = await anna.browser.post('/share-service/links', { itemType: 'folder', itemId: holidays })
    expect(made.status).toBe(201)
    const id = made.body.link._id ?? made.body.link.id
    expect((await ben.browser.patch(`/share-service/links/${id}`, { maxDownloads: 1 })).status).toBe(404)
    expect((await ben.browser.delete(`/share-service/links/${id}`)).status).toBe(404)
    expect((await ben.browser.get('/share-service/links')).body.links).toEqual([])
    const links = await db().selectFrom('share_links').select('owner_id').where('item_id', '=', holidays).execute()
    expect(links).toEqual([{ owner_id: anna.id }])
  })
})

describe('who did what', () => {
  it("given an editor renames, moves and trashes in the share, then the owner's activity names him and the items", async () => {
    await ben.browser.patch('/file-service/rename', { id: beach, title: 'shore.txt' })
    await ben.browser.patch('/file-service/move', { id: beach, parentID: sub })
    await ben.browser.post('/folder-service/create', { name: 'Made by Ben', parent: holidays })
    await ben.browser.patch('/file-service/trash', { id: deep })
    // The owner's own changes are not logged as a member's.
    await anna.browser.patch('/file-service/rename', { id: secret, title: 'journal.txt' })
    const name = (await ben.browser.get('/user-service/user')).body.displayName ?? ben.email.split('@')[0]

    const driveEvents = async () =>
      (await anna.browser.get('/user-service/audit?limit=100')).body.events.filter((e: { type: string }) =>
        e.type.startsWith('drive.'),
      )
    const drive = await driveEvents()
    // Newest first; the earlier tests' entries follow.
    expect(drive.slice(0, 4).map((e: any) => [e.type, e.detail, e.actorName, e.actorEmail])).toEqual([
      ['drive.trash', 'deep.txt', name, ben.email],
      ['drive.create-folder', 'Made by Ben', name, ben.email],
      ['drive.move', 'shore.txt', name, ben.email],
      ['drive.rename', 'beach.txt → shore.txt', name, ben.email],
    ])
    expect(drive[0].ip).toBeNull()
    // A refused change is no event.
    await carla.browser.patch('/file-service/rename', { id: beach, title: 'x' })
    await dan.browser.patch('/file-service/trash', { id: beach })
    expect((await driveEvents())[0]._id).toBe(drive[0]._id)
    // The member's own log has what he did too; the viewer's has nothing of it.
    const bens = (await ben.browser.get('/user-service/audit?limit=100')).body.events
    expect(bens.find((e: { _id: string }) => e._id === drive[0]._id)).toBeDefined()
    const carlas = (await carla.browser.get('/user-service/audit?limit=100')).body.events
    expect(carlas.filter((e: { type: string }) => e.type.startsWith('drive.'))).toEqual([])
  })

  it('given a multi-select trash by a member, then one entry names the first items and counts the rest', async () => {
    const extra = []
    for (const n of ['a.txt', 'b.txt', 'c.txt']) extra.push((await anna.browser.upload(n, n, holidays)).body._id)
    const items = [beach, ...extra].map((id) => ({ id, type: 'file' }))
    expect((await ben.browser.patch('/file-service/trash-multi', { items })).status).toBe(200)
    const log = (await anna.browser.get('/user-service/audit?limit=5')).body.events
    expect(log[0]).toMatchObject({ type: 'drive.trash', detail: 'beach.txt, a.txt, b.txt and 1 more' })
  })
})

describe('through a group', () => {
  it('given a folder shared with Everyone as editor, then any account changes inside it, and the stronger role wins', async () => {
    const family = (await anna.browser.post('/folder-service/create', { name: 'Family' })).body._id
    const note = (await anna.browser.upload('note.txt', 'hi', family)).body._id
    await shareWith(f.server, anna, { type: 'folder', id: family }, { id: 'everyone', type: 'group' }, 'editor')
    const r = await dan.browser.patch('/file-service/rename', { id: note, title: 'from-dan.txt' })
    expect(r.status).toBe(200)
    expect(r.body.role).toBe('editor')
    // Carla is a viewer of Holidays; Everyone's edit on Family is hers too, not on Holidays.
    expect((await carla.browser.post('/folder-service/create', { name: 'C', parent: family })).status).toBe(201)
    expect(outcome(await carla.browser.post('/folder-service/create', { name: 'C', parent: holidays }))).toEqual([
      403,
      'VIEWER_ROLE',
    ])
    // Between two shares of one owner, a move is still inside what the mover may edit.
    expect(outcome(await dan.browser.patch('/file-service/move', { id: note, parentID: holidays }))).toEqual([
      403,
      'OUTSIDE_SHARE',
    ])
    expect((await ben.browser.patch('/file-service/move', { id: note, parentID: holidays })).status).toBe(200)
    expect((await fileRow(note))!.folder_id).toBe(holidays)
    // Everyone may view Holidays too: Ben's own editor share is still the stronger.
    await shareWith(f.server, anna, { type: 'folder', id: holidays }, { id: 'everyone', type: 'group' }, 'viewer')
    const again = await ben.browser.patch('/file-service/rename', { id: beach, title: 'still-ben.txt' })
    expect([again.status, again.body.role]).toEqual([200, 'editor'])
    expect(outcome(await dan.browser.patch('/file-service/rename', { id: beach, title: 'x.txt' }))).toEqual([
      403,
      'VIEWER_ROLE',
    ])
  })
})

describe('a share ended', () => {
  it("given the share row is gone, then the member's next write is a 404 and changes nothing", async () => {
    expect((await ben.browser.patch('/file-service/rename', { id: beach, title: 'one.txt' })).status).toBe(200)
    await db().deleteFrom('member_shares').where('id', '=', benShare).execute()
    expect(outcome(await ben.browser.patch('/file-service/rename', { id: beach, title: 'two.txt' }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.patch('/file-service/trash', { id: beach }))).toEqual(NOT_FOUND)
    expect(outcome(await ben.browser.post('/folder-service/create', { name: 'x', parent: holidays }))).toEqual(
      NOT_FOUND,
    )
    expect(outcome(await ben.browser.post(`/file-service/${beach}/copy`, {}))).toEqual(NOT_FOUND)
    expect(await fileRow(beach)).toMatchObject({ filename: 'one.txt', trashed: 0 })
  })

  it("given the owner is disabled, then a member's next write is a 404; enabled again, it works", async () => {
    expect((await f.admin.patch(`/admin/users/${anna.id}`, { disabled: true })).status).toBe(200)
    try {
      expect(outcome(await ben.browser.patch('/file-service/rename', { id: beach, title: 'x.txt' }))).toEqual(NOT_FOUND)
      expect(outcome(await ben.browser.post('/folder-service/create', { name: 'x', parent: holidays }))).toEqual(
        NOT_FOUND,
      )
      expect((await fileRow(beach))!.filename).toBe('beach.txt')
    } finally {
      await f.admin.patch(`/admin/users/${anna.id}`, { disabled: false })
    }
    expect((await ben.browser.patch('/file-service/rename', { id: beach, title: 'y.txt' })).status).toBe(200)
  })
})
