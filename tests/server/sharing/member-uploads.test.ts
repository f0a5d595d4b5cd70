// Uploads into a folder shared with the caller (issue #39, DESIGN.md §8), by every way in: the
// multipart upload, the folder upload and tus. An editor's upload is the folder owner's file, in
// the owner's quota, added by the editor, and an event in the owner's activity log; a viewer gets
// 403, a stranger 404, a full owner 507, and none of them leaves a byte or a row behind.
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectConsistent, randomBytes } from '../helpers/drive.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { cuttingProxy, tusUpload } from '../helpers/tus.ts'

const MiB = 1024 * 1024

let server: TestServer
let admin: Member
let anna: Member
let ben: Member
let carla: Member
let dan: Member
let holidays: string
let bensShare: string

beforeAll(async () => {
  server = await startServer()
  // The first account is the admin, who sets quotas.
  admin = await member(server, 'admin')
  anna = await member(server, 'anna')
  ben = await member(server, 'ben')
  carla = await member(server, 'carla')
  dan = await member(server, 'dan')
  holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
  bensShare = await shareWith(server, anna, { type: 'folder', id: holidays }, ben, 'editor')
  await shareWith(server, anna, { type: 'folder', id: holidays }, carla, 'viewer')
  // Ben's own space is nearly nil: what he puts in Anna's folder never counts there. Anna has
  // room (an account with a quota records its reservations).
  await setQuota(ben, 10)
  await setQuota(anna, 100 * MiB)
})
afterAll(() => server.close())

const db = () => server.app.cumulus.db
const setQuota = async (who: Member, quota: number) =>
  expect((await admin.browser.patch(`/admin/users/${who.id}`, { quota })).status).toBe(200)
const counters = (who: Member) =>
  db()
    .selectFrom('users')
    .select(['used_bytes', 'reserved_bytes'])
    .where('id', '=', who.id)
    .executeTakeFirstOrThrow()
    .then((r) => ({ used: Number(r.used_bytes), reserved: Number(r.reserved_bytes) }))
const fileRow = (id: string) =>
  db().selectFrom('files').select(['owner_id', 'added_by', 'folder_id']).where('id', '=', id).executeTakeFirstOrThrow()
const folderRows = (names: string[]) =>
  db()
    .selectFrom('folders')
    .select(['name', 'owner_id', 'added_by'])
    .where('name', 'in', names)
    .orderBy('name')
    .execute()
const fileCount = async () => (await db().selectFrom('files').select('id').execute()).length
const uploadRows = () => db().selectFrom('uploads').select(['id', 'owner_id', 'added_by']).execute()

/** Nothing was kept: no file, no upload, no reservation, no blob without its row. */
async function expectNothingKept(before: { files: number; uploads: number }, owner: Member) {
  expect(await fileCount()).toBe(before.files)
  expect((await uploadRows()).length).toBe(before.uploads)
  expect((await counters(owner)).reserved).toBe(0)
  await expectConsistent(server, expect)
}
const snapshot = async () => ({ files: await fileCount(), uploads: (await uploadRows()).length })

/** The owner's activity log, as the app's Activity list reads it. */
const activity = async (who: Member) => (await who.browser.get('/user-service/audit')).body.events as any[]

const b64 = (s: string) => Buffer.from(s).toString('base64')
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')
const tus = (who: Member, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
  who.browser.request(method, path, {
    headers: { 'tus-resumable': '1.0.0', ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  })
const create = (who: Member, length: number, m: Record<string, string>) =>
  tus(who, 'POST', '/file-service/uploads', { 'upload-length': String(length), 'upload-metadata': meta(m) })
const patch = (who: Member, url: string, offset: number, body: Buffer) =>
  tus(who, 'PATCH', url, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body)

describe('the multipart upload into a shared folder', () => {
  it('given the owner, then the file is hers with no adder, and her activity log stays quiet', async () => {
    const r = await anna.browser.upload('own.txt', 'mine', holidays)
    expect(r.status, r.text).toBe(201)
    expect(r.body.owner).toBeUndefined()
    expect(await fileRow(r.body._id)).toMatchObject({ owner_id: anna.id, added_by: null, folder_id: holidays })
    expect((await activity(anna)).filter((e) => e.type.startsWith('member.'))).toEqual([])
  })

  it('given the editor, then the file is the owner’s, added by him, in her quota and not his, and in her activity log', async () => {
    const [annaBefore, benBefore] = [await counters(anna), await counters(ben)]
    const r = await ben.browser.upload('beach.jpg', randomBytes(2_000), holidays)
    expect(r.status, r.text).toBe(201)
    expect(r.body).toMatchObject({
      filename: 'beach.jpg',
      role: 'editor',
      owner: { _id: anna.id },
      addedBy: { _id: ben.id, displayName: expect.stringMatching(/^ben-/) },
    })
    expect(await fileRow(r.body._id)).toMatchObject({ owner_id: anna.id, added_by: ben.id, folder_id: holidays })
    expect((await counters(anna)).used).toBe(annaBefore.used + 2_000)
    expect(await counters(ben)).toEqual(benBefore)

    // The owner's list names who added it.
    const list = await anna.browser.get(`/file-service/list?parent=${holidays}`)
    const listed = list.body.find((f: { _id: string }) => f._id === r.body._id)
    expect(listed).toMatchObject({ addedBy: { _id: ben.id, displayName: expect.stringMatching(/^ben-/) } })
    expect(listed.owner).toBeUndefined()

    const [event] = (await activity(anna)).filter((e) => e.type === 'drive.upload')
    expect(event).toMatchObject({ email: anna.email, actorEmail: ben.email, detail: '"beach.jpg" into "Holidays"' })
  })

  it('given a name the folder holds already, then as for the owner: a second file of that name', async () => {
    const first = await anna.browser.upload('same.txt', 'hers', holidays)
    const second = await ben.browser.upload('same.txt', 'his', holidays)
    expect([first.status, second.status]).toEqual([201, 201])
    const list = await anna.browser.get(`/file-service/list?parent=${holidays}`)
    expect(list.body.filter((f: { filename: string }) => f.filename === 'same.txt')).toHaveLength(2)
  })

  it('given a folder shared with Everyone as editor, then any account may upload there', async () => {
    const open = (await anna.browser.post('/folder-service/create', { name: 'Open' })).body._id
    await shareWith(server, anna, { type: 'folder', id: open }, { id: 'everyone', type: 'group' }, 'editor')
    const r = await dan.browser.upload('hello.txt', 'hi', open)
    expect(r.status, r.text).toBe(201)
    expect(await fileRow(r.body._id)).toMatchObject({ owner_id: anna.id, added_by: dan.id })
  })

  it('given the viewer, then 403 VIEWER_ROLE and nothing kept', async () => {
    const before = await snapshot()
    const r = await carla.browser.upload('no.txt', 'nope', holidays)
    expect(r.status, r.text).toBe(403)
    expect(r.body.code).toBe('VIEWER_ROLE')
    await expectNothingKept(before, anna)
  })

  it('given a stranger, an unknown folder or a trashed one, then 404 and nothing kept', async () => {
    const before = await snapshot()
    expect((await dan.browser.upload('no.txt', 'nope', holidays)).status).toBe(404)
    expect((await ben.browser.upload('no.txt', 'nope', 'no-such-folder')).status).toBe(404)
    const trashed = (await anna.browser.post('/folder-service/create', { name: 'Old', parent: holidays })).body._id
    await db().updateTable('folders').set({ trashed: 1 }).where('id', '=', trashed).execute()
    expect((await ben.browser.upload('no.txt', 'nope', trashed)).status).toBe(404)
    await expectNothingKept(before, anna)
  })

  it('given a file part before the parent field, then the existing order rules apply (Home, then the late field is refused)', async () => {
    const before = await snapshot()
    const form = new FormData()
    form.append('filename', 'late.txt')
    form.append('file', new Blob(['x']), 'late.txt')
    form.append('parent', holidays)
    const r = await carla.browser.request('POST', '/file-service/upload', { body: form })
    expect(r.status, r.text).toBe(400)
    await expectNothingKept(before, anna)
  })
})

describe('the folder upload into a shared folder', () => {
  it('given the editor, then the folders and files are the owner’s, added by him, and one event in her log', async () => {
    const [annaBefore, benBefore] = [await counters(anna), await counters(ben)]
    const r = await ben.browser.uploadFolder({ 'Trip/day1/a.txt': 'aaaa', 'Trip/day2/b.txt': 'bb' }, holidays)
    expect(r.status, r.text).toBe(201)
    expect(r.body).toMatchObject({ name: 'Trip', role: 'editor', addedBy: { _id: ben.id } })
    expect(await folderRows(['Trip', 'day1', 'day2'])).toEqual([
      { name: 'Trip', owner_id: anna.id, added_by: ben.id },
      { name: 'day1', owner_id: anna.id, added_by: ben.id },
      { name: 'day2', owner_id: anna.id, added_by: ben.id },
    ])
    const files = await db()
      .selectFrom('files')
      .select(['filename', 'owner_id', 'added_by'])
      .where('filename', 'in', ['a.txt', 'b.txt'])
      .orderBy('filename')
      .execute()
    expect(files).toEqual([
      { filename: 'a.txt', owner_id: anna.id, added_by: ben.id },
      { filename: 'b.txt', owner_id: anna.id, added_by: ben.id },
    ])
    expect((await counters(anna)).used).toBe(annaBefore.used + 6)
    expect(await counters(ben)).toEqual(benBefore)

    const folders = await anna.browser.get(`/folder-service/list?parent=${holidays}`)
    expect(folders.body.find((f: { name: string }) => f.name === 'Trip')).toMatchObject({ addedBy: { _id: ben.id } })
    const events = (await activity(anna)).filter((e) => e.type === 'drive.folder-upload')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ actorEmail: ben.email, detail: '"Trip" (2 files) into "Holidays"' })
  })

  it('given the owner, then hers with no adder', async () => {
    const r = await anna.browser.uploadFolder({ 'Mine/x.txt': 'x' }, holidays)
    expect(r.status, r.text).toBe(201)
    expect(await folderRows(['Mine'])).toEqual([{ name: 'Mine', owner_id: anna.id, added_by: null }])
  })

  it('given the viewer or a stranger, then 403 and 404, and nothing kept', async () => {
    const before = await snapshot()
    const viewer = await carla.browser.uploadFolder({ 'No/x.txt': 'x' }, holidays)
    expect(viewer.status, viewer.text).toBe(403)
    expect(viewer.body.code).toBe('VIEWER_ROLE')
    expect((await dan.browser.uploadFolder({ 'No/x.txt': 'x' }, holidays)).status).toBe(404)
    expect(await folderRows(['No'])).toEqual([])
    await expectNothingKept(before, anna)
  })
})

describe('tus into a shared folder', () => {
  it('given the owner, then her upload and her file, with no adder', async () => {
    const created = await create(anna, 4, { filename: 'own.bin', parent: holidays })
    expect(created.status, created.text).toBe(201)
    const done = await patch(anna, created.headers.get('location')!, 0, Buffer.from('mine'))
    expect(done.status, done.text).toBe(204)
    expect(await fileRow(done.headers.get('cumulus-file-id')!)).toMatchObject({ owner_id: anna.id, added_by: null })
  })

  it('given the editor, then the upload is the owner’s, held in her quota, and only he may touch it', async () => {
    const data = randomBytes(3_000, 7)
    const [annaBefore, benBefore] = [await counters(anna), await counters(ben)]
    const created = await create(ben, data.length, { filename: 'tus.bin', parent: holidays })
    expect(created.status, created.text).toBe(201)
    const url = created.headers.get('location')!
    const id = url.split('/').at(-1)!
    expect((await uploadRows()).find((u) => u.id === id)).toMatchObject({ owner_id: anna.id, added_by: ben.id })
    expect(await counters(anna)).toEqual({ used: annaBefore.used, reserved: data.length })
    expect(await counters(ben)).toEqual(benBefore)

    // Not the owner's to touch, nor anyone else's.
    for (const who of [anna, carla, dan]) {
      expect((await tus(who, 'HEAD', url)).status).toBe(404)
      expect((await patch(who, url, 0, data)).status).toBe(404)
      expect((await tus(who, 'DELETE', url)).status).toBe(404)
    }
    expect((await tus(ben, 'HEAD', url)).headers.get('upload-offset')).toBe('0')

    expect((await patch(ben, url, 0, data.subarray(0, 1_000))).status).toBe(204)
    const done = await patch(ben, url, 1_000, data.subarray(1_000))
    expect(done.status, done.text).toBe(204)
    const fileId = done.headers.get('cumulus-file-id')!
    expect(await fileRow(fileId)).toMatchObject({ owner_id: anna.id, added_by: ben.id, folder_id: holidays })
    expect(await counters(anna)).toEqual({ used: annaBefore.used + data.length, reserved: 0 })
    expect(await counters(ben)).toEqual(benBefore)
    const events = (await activity(anna)).filter((e) => e.type === 'drive.upload')
    expect(events[0]).toMatchObject({ actorEmail: ben.email, detail: '"tus.bin" into "Holidays"' })
  })

  it('given the editor creating with the body, small or not, then each is a file of the owner’s added by him', async () => {
    for (const size of [10, MiB + 10]) {
      const data = randomBytes(size, 3)
      const r = await tus(
        ben,
        'POST',
        '/file-service/uploads',
        {
          'upload-length': String(size),
          'upload-metadata': meta({ filename: `whole-${size}.bin`, parent: holidays }),
          'content-type': 'application/offset+octet-stream',
        },
        data,
      )
      expect(r.status, r.text).toBe(201)
      expect(await fileRow(r.headers.get('cumulus-file-id')!)).toMatchObject({ owner_id: anna.id, added_by: ben.id })
    }
    expect((await counters(anna)).reserved).toBe(0)
    await expectConsistent(server, expect)
  })

  it('given the editor’s folder upload by tus, then its folders are added by him too', async () => {
    const r = await tus(
      ben,
      'POST',
      '/file-service/uploads',
      {
        'upload-length': '3',
        'upload-metadata': meta({ filename: 'c.txt', parent: holidays, relativePath: 'Tus trip/inner/c.txt' }),
        'content-type': 'application/offset+octet-stream',
      },
      Buffer.from('ccc'),
    )
    expect(r.status, r.text).toBe(201)
    expect(await folderRows(['Tus trip', 'inner'])).toEqual([
      { name: 'Tus trip', owner_id: anna.id, added_by: ben.id },
      { name: 'inner', owner_id: anna.id, added_by: ben.id },
    ])

    // A second file of the same folder upload finds its folders: one of each, still his.
    const again = await tus(
      ben,
      'POST',
      '/file-service/uploads',
      {
        'upload-length': '1',
        'upload-metadata': meta({ filename: 'd.txt', parent: holidays, relativePath: 'Tus trip/inner/d.txt' }),
        'content-type': 'application/offset+octet-stream',
      },
      Buffer.from('d'),
    )
    expect(again.status, again.text).toBe(201)
    expect(await folderRows(['Tus trip', 'inner'])).toHaveLength(2)
  })

  it('given the viewer or a stranger, then 403 and 404 at creation, and nothing kept', async () => {
    const before = await snapshot()
    const viewer = await create(carla, 10, { filename: 'no.bin', parent: holidays })
    expect(viewer.status, viewer.text).toBe(403)
    expect(viewer.body.code).toBe('VIEWER_ROLE')
    expect((await create(dan, 10, { filename: 'no.bin', parent: holidays })).status).toBe(404)
    const withBody = await tus(
      dan,
      'POST',
      '/file-service/uploads',
      {
        'upload-length': '4',
        'upload-metadata': meta({ filename: 'no.bin', parent: holidays }),
        'content-type': 'application/offset+octet-stream',
      },
      Buffer.from('nope'),
    )
    expect(withBody.status).toBe(404)
    await expectNothingKept(before, anna)
  })

  it('given the editor’s termination, then his upload and the owner’s reservation go', async () => {
    const created = await create(ben, 500, { filename: 'gone.bin', parent: holidays })
    expect((await counters(anna)).reserved).toBe(500)
    expect((await tus(ben, 'DELETE', created.headers.get('location')!)).status).toBe(204)
    expect((await counters(anna)).reserved).toBe(0)
    expect((await uploadRows()).map((u) => u.id)).not.toContain(created.headers.get('location')!.split('/').at(-1))
  })

  it('given the share removed mid-upload, then the next PATCH is 404 and the upload, its bytes and reservation are gone', async () => {
    const data = randomBytes(4_000, 9)
    const created = await create(ben, data.length, { filename: 'cut.bin', parent: holidays })
    const url = created.headers.get('location')!
    expect((await patch(ben, url, 0, data.subarray(0, 1_500))).status).toBe(204)
    const share = (await server.app.cumulus.drive.memberShares.byId(bensShare))!
    await server.app.cumulus.drive.memberShares.remove(bensShare)
    try {
      const refused = await patch(ben, url, 1_500, data.subarray(1_500))
      expect(refused.status, refused.text).toBe(404)
      expect((await tus(ben, 'HEAD', url)).status).toBe(404)
      expect((await uploadRows()).map((u) => u.id)).not.toContain(url.split('/').at(-1))
      expect((await counters(anna)).reserved).toBe(0)
      const staged: string[] = []
      for await (const id of server.app.cumulus.store.stagedIds()) staged.push(id)
      expect(staged).not.toContain(url.split('/').at(-1))
      await expectConsistent(server, expect)
    } finally {
      await server.app.cumulus.drive.memberShares.insert(share)
    }
  })

  it('given the editor made a viewer mid-upload, then the next PATCH is 403 VIEWER_ROLE and the upload ends', async () => {
    const created = await create(ben, 100, { filename: 'demoted.bin', parent: holidays })
    const url = created.headers.get('location')!
    expect((await counters(anna)).reserved).toBe(100)
    await server.app.cumulus.drive.memberShares.setRole(bensShare, 'viewer')
    try {
      const refused = await patch(ben, url, 0, randomBytes(100))
      expect(refused.status, refused.text).toBe(403)
      expect(refused.body.code).toBe('VIEWER_ROLE')
      expect((await counters(anna)).reserved).toBe(0)
      expect((await tus(ben, 'HEAD', url)).status).toBe(404)
    } finally {
      await server.app.cumulus.drive.memberShares.setRole(bensShare, 'editor')
    }
    await expectConsistent(server, expect)
  })

  it('given the editor’s connection dropped mid-PATCH, then he resumes from what arrived', async () => {
    const data = randomBytes(2 * MiB + 321, 11)
    const created = await create(ben, data.length, { filename: 'dropped.bin', parent: holidays })
    const url = created.headers.get('location')!
    const half = MiB + 99
    await new Promise<void>((resolve) => {
      const req = httpRequest(server.url + url, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(data.length),
          uuid: ben.browser.uuid!,
          cookie: [...ben.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      })
      req.on('error', () => resolve())
      req.write(data.subarray(0, half), () => setTimeout(() => req.destroy(), 300))
    })
    let offset = 0
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100))
      const head = await tus(ben, 'HEAD', url)
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'))
    }
    expect(offset).toBe(half)
    const rest = await patch(ben, url, offset, data.subarray(offset))
    expect(rest.status, rest.text).toBe(204)
    const fileId = rest.headers.get('cumulus-file-id')!
    expect(await fileRow(fileId)).toMatchObject({ owner_id: anna.id, added_by: ben.id })
    expect((await anna.browser.bytes(`/file-service/download/${fileId}`)).body.equals(data)).toBe(true)
  })

  it(
    'given tus-js-client as the editor through cuts, then it completes as the owner’s file',
    { timeout: 60_000 },
    async () => {
      const data = randomBytes(6 * MiB, 13)
      const proxy = await cuttingProxy(Number(new URL(server.url).port), [2 * MiB, 4 * MiB])
      try {
        const fileId = await tusUpload(proxy.url, ben.browser, data, { filename: 'client.bin', parent: holidays }, MiB)
        expect(proxy.cutsLeft()).toBe(0)
        expect(await fileRow(fileId)).toMatchObject({ owner_id: anna.id, added_by: ben.id, folder_id: holidays })
        expect((await ben.browser.bytes(`/file-service/download/${fileId}`)).body.equals(data)).toBe(true)
      } finally {
        await proxy.close()
      }
      await expectConsistent(server, expect)
    },
  )
})

describe('a full owner', () => {
  let fay: Member
  let garden: string
  beforeAll(async () => {
    fay = await member(server, 'fay')
    garden = (await fay.browser.post('/folder-service/create', { name: 'Garden' })).body._id
    await shareWith(server, fay, { type: 'folder', id: garden }, ben, 'editor')
    expect((await fay.browser.upload('seed.bin', randomBytes(900), garden)).status).toBe(201)
    await setQuota(fay, 1_000)
  })

  it('given the editor’s upload past the owner’s quota, by any way in, then 507 naming none of her numbers, and nothing kept', async () => {
    const before = await snapshot()
    const message = 'There is no room for this upload: the storage it goes to is full'
    const multipart = await ben.browser.upload('big.bin', randomBytes(500), garden)
    expect(multipart.status, multipart.text).toBe(507)
    expect(multipart.body).toMatchObject({ code: 'QUOTA_EXCEEDED', message })
    const folder = await ben.browser.uploadFolder({ 'Big/a.bin': randomBytes(500) }, garden)
    expect(folder.status, folder.text).toBe(507)
    const resumable = await create(ben, 500, { filename: 'big.bin', parent: garden })
    expect(resumable.status, resumable.text).toBe(507)
    expect(resumable.body).toMatchObject({ code: 'QUOTA_EXCEEDED', message })
    expect(await folderRows(['Big'])).toEqual([])
    await expectNothingKept(before, fay)
    expect((await counters(fay)).used).toBe(900)
  })

  it('given the owner with room and the editor without any, then the owner’s room decides', async () => {
    // Ben's own quota is 10 bytes; Anna has no quota.
    expect((await ben.browser.upload('fits.bin', randomBytes(50), holidays)).status).toBe(201)
    expect((await ben.browser.upload('mine.bin', randomBytes(50), '/')).status).toBe(507)
  })
})
