// The family timeline (issue #39 point 5): Media with include=shared lists the caller's photos and
// those shared with them in one taken-date order, keyset paged across owners, each item knowing
// its owner; nothing of anyone else's drive leaks in, and an ended share leaves the next page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileRow } from '../../../server/db/schema.ts'
import { randomId } from '../../../server/util/crypto.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let anna: Member
let ben: Member
let carla: Member
let dan: Member
/** Anna's shared folder, a folder inside it, and one she keeps to herself. */
let holidays: string
let beach: string
let privateFolder: string
const names = new Map<string, string>()

const DAY = 86_400_000
const BASE = Date.UTC(2026, 0, 1)

/** A photo (or video) row straight in the database, taken at `taken`. */
async function photo(owner: Member, folder: string | null, name: string, taken: number, video = false) {
  const id = randomId()
  const row: FileRow = {
    id,
    owner_id: owner.id,
    added_by: null,
    folder_id: folder,
    filename: name,
    name_key: name.toLowerCase(),
    accent_key: null,
    type_key: video ? 'mp4' : 'jpg',
    size: 10,
    sha256: 'seed',
    blob_key: `seed-${id}`,
    mime: video ? 'video/mp4' : 'image/jpeg',
    upload_date: BASE,
    taken_date: taken,
    trashed: 0,
    trash_root: 0,
    trashed_at: null,
    link_type: null,
    link_token: null,
    is_video: video ? 1 : 0,
    has_thumbnail: 0,
    thumbnail_id: null,
    width: null,
    height: null,
    media_info: null,
    thumbnail_key: null,
    media: 1,
    enc: null,
    thumb_state: 'none',
    thumb_enc: null,
    thumb_size: null,
    preview_key: null,
    preview_enc: null,
    preview_size: null,
    preview_type: null,
  }
  await server.app.cumulus.db.insertInto('files').values(row).execute()
  names.set(id, name)
  return id
}

interface Item {
  _id: string
  filename: string
  uploadDate: string
  metadata: { takenDate?: string; parent: string; isVideo: boolean }
  owner?: { _id: string; displayName: string }
  role?: string
}

const takenOf = (i: Item) => Date.parse(i.metadata.takenDate ?? i.uploadDate)

/** Every page of the timeline, by the keyset cursor, as the app walks it. */
async function walk(who: Member, extra = '', limit = 3): Promise<Item[]> {
  const out: Item[] = []
  let cursor = ''
  for (let n = 0; n < 100; n++) {
    const r = await who.browser.get(`/file-service/list?mediaMode=true&include=shared&limit=${limit}${extra}${cursor}`)
    expect(r.status, r.text).toBe(200)
    const page = r.body as Item[]
    out.push(...page)
    if (page.length < limit) return out
    const last = page.at(-1)!
    cursor = `&startAtDate=${takenOf(last)}&startAtId=${last._id}`
  }
  throw new Error('timeline did not end')
}

const folder = async (m: Member, name: string, parent?: string) =>
  (await m.browser.post('/folder-service/create', { name, ...(parent ? { parent } : {}) })).body._id as string

let annaShared: string[]
let benOwn: string[]
let tie: string[]
let carlaFile: string

beforeAll(async () => {
  server = await startServer()
  ;[anna, ben, carla, dan] = await Promise.all([
    member(server, 'anna'),
    member(server, 'ben'),
    member(server, 'carla'),
    member(server, 'dan'),
  ])
  holidays = await folder(anna, 'Holidays')
  beach = await folder(anna, 'Beach', holidays)
  privateFolder = await folder(anna, 'Private')
  // Equal taken dates across owners and folders: the page boundaries must break ties on the id.
  annaShared = [
    await photo(anna, holidays, 'a1.jpg', BASE + 5 * DAY),
    await photo(anna, beach, 'a2.jpg', BASE + 3 * DAY),
    await photo(anna, beach, 'a3.mp4', BASE + 2 * DAY, true),
  ]
  tie = [
    await photo(anna, holidays, 'tie-a.jpg', BASE + 4 * DAY),
    await photo(anna, beach, 'tie-b.jpg', BASE + 4 * DAY),
    await photo(ben, null, 'tie-c.jpg', BASE + 4 * DAY),
    await photo(ben, null, 'tie-d.jpg', BASE + 4 * DAY),
  ]
  await photo(anna, privateFolder, 'secret.jpg', BASE + 6 * DAY)
  await photo(anna, null, 'home.jpg', BASE + 6 * DAY)
  benOwn = [await photo(ben, null, 'b1.jpg', BASE + 7 * DAY), await photo(ben, null, 'b2.jpg', BASE + 1 * DAY)]
  // Carla shares one photo on its own, and keeps another.
  carlaFile = await photo(carla, null, 'c1.jpg', BASE + 4 * DAY)
  await photo(carla, null, 'c2.jpg', BASE + 4 * DAY)
  await shareWith(server, anna, { type: 'folder', id: holidays }, ben, 'viewer')
  await shareWith(server, anna, { type: 'folder', id: beach }, ben, 'editor')
  await shareWith(server, carla, { type: 'file', id: carlaFile }, ben, 'viewer')
})
afterAll(() => server.close())

describe('the family timeline', () => {
  it('given shares from two owners, then Ben sees his own and theirs in one taken-date order, across pages without gaps or repeats', async () => {
    const items = await walk(ben)
    const ids = items.map((i) => i._id)
    const expected = [...annaShared, ...tie.slice(0, 2), carlaFile, ...tie.slice(2), ...benOwn]
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(ids)).toEqual(new Set(expected))
    const dates = items.map(takenOf)
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    // The same list in one page: paging by 3 split nothing differently.
    expect((await walk(ben, '', 50)).map((i) => i._id)).toEqual(ids)
  })

  it('given a shared folder, then the photos of its subfolders come with the owner and the strongest role on the path', async () => {
    const items = await walk(ben)
    const byId = new Map(items.map((i) => [i._id, i]))
    expect(byId.get(annaShared[0]!)).toMatchObject({
      owner: { _id: anna.id },
      role: 'viewer',
      metadata: { parent: holidays },
    })
    expect(byId.get(annaShared[1]!)).toMatchObject({
      owner: { _id: anna.id },
      role: 'editor',
      metadata: { parent: beach },
    })
    expect(byId.get(carlaFile)).toMatchObject({ owner: { _id: carla.id }, role: 'viewer', metadata: { parent: '/' } })
    expect(byId.get(benOwn[0]!)!.owner).toBeUndefined()
    expect(byId.get(benOwn[0]!)!.role).toBeUndefined()
  })

  it("given nothing else of the owners is shared, then none of it leaks: not her Home, her other folders, nor Carla's other photo", async () => {
    const filenames = (await walk(ben)).map((i) => i.filename)
    expect(filenames).not.toContain('secret.jpg')
    expect(filenames).not.toContain('home.jpg')
    expect(filenames).not.toContain('c2.jpg')
    // Dan has nothing shared: his timeline is his own (empty) gallery.
    expect(await walk(dan)).toEqual([])
  })

  it("given the person filter, then one owner at a time; the caller's own id means only theirs", async () => {
    expect((await walk(ben, `&person=${anna.id}`)).map((i) => i._id).sort()).toEqual(
      [...annaShared, ...tie.slice(0, 2)].sort(),
    )
    expect((await walk(ben, `&person=${ben.id}`)).map((i) => i._id).sort()).toEqual([...tie.slice(2), ...benOwn].sort())
    expect(await walk(ben, `&person=${dan.id}`)).toEqual([])
  })

  it('given oldest first, then the same items in the reverse order, paged', async () => {
    const newest = (await walk(ben, '', 50)).map((i) => i._id)
    const items: Item[] = []
    let cursor = ''
    for (;;) {
      const r = await ben.browser.get(
        `/file-service/list?mediaMode=true&include=shared&sortBy=date_asc&limit=4${cursor}`,
      )
      items.push(...(r.body as Item[]))
      if (r.body.length < 4) break
      const last = r.body.at(-1) as Item
      cursor = `&startAtDate=${takenOf(last)}&startAtId=${last._id}`
    }
    expect(items.map((i) => i._id)).toEqual([...newest].reverse())
  })

  it('given mediaFilter, then photos or videos only, across owners', async () => {
    const videos = await walk(ben, '&mediaFilter=videos')
    expect(videos.map((i) => i._id)).toEqual([annaShared[2]])
    const photos = await walk(ben, '&mediaFilter=photos')
    expect(photos.every((i) => !i.metadata.isVideo)).toBe(true)
    expect(photos).toHaveLength(9)
  })

  it('given a shared photo trashed, then it leaves the timeline', async () => {
    const doomed = await photo(anna, beach, 'doomed.jpg', BASE + 8 * DAY)
    expect((await walk(ben)).map((i) => i._id)).toContain(doomed)
    expect((await anna.browser.patch('/file-service/trash', { id: doomed })).status).toBe(200)
    expect((await walk(ben)).map((i) => i._id)).not.toContain(doomed)
  })

  it('given a share ended between two pages, then its photos leave the next page', async () => {
    const eve = await member(server, 'eve')
    const album = await folder(anna, 'Album')
    const shot = [
      await photo(anna, album, 'e1.jpg', BASE + 30 * DAY),
      await photo(anna, album, 'e2.jpg', BASE + 29 * DAY),
      await photo(anna, album, 'e3.jpg', BASE + 28 * DAY),
    ]
    await photo(eve, null, 'eve.jpg', BASE + 20 * DAY)
    const shareId = await shareWith(server, anna, { type: 'folder', id: album }, eve, 'viewer')
    const first = await eve.browser.get('/file-service/list?mediaMode=true&include=shared&limit=1')
    expect(first.body.map((i: Item) => i._id)).toEqual([shot[0]])
    await server.app.cumulus.drive.memberShares.remove(shareId)
    const next = await eve.browser.get(
      `/file-service/list?mediaMode=true&include=shared&limit=5&startAtDate=${BASE + 30 * DAY}&startAtId=${shot[0]}`,
    )
    expect(next.body.map((i: Item) => i.filename)).toEqual(['eve.jpg'])
  })

  it('given the owner disabled, then her photos leave the timeline', async () => {
    const fay = await member(server, 'fay')
    const gus = await member(server, 'gus')
    const f = await folder(fay, 'Shared')
    await photo(fay, f, 'fay.jpg', BASE)
    await shareWith(server, fay, { type: 'folder', id: f }, gus, 'viewer')
    expect((await walk(gus)).map((i) => i.filename)).toEqual(['fay.jpg'])
    await server.app.cumulus.db.updateTable('users').set({ disabled: 1 }).where('id', '=', fay.id).execute()
    expect(await walk(gus)).toEqual([])
  })

  it('given bad input, then 400', async () => {
    expect((await ben.browser.get('/file-service/list?mediaMode=true&include=everything')).status).toBe(400)
    expect((await ben.browser.get('/file-service/list?mediaMode=true&include=shared&startAtDate=soon')).status).toBe(
      400,
    )
  })
})
