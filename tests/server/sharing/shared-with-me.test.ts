// "Shared with me" and the people picker (DESIGN.md §8): what an account receives, newest first
// in keyset pages (no duplicate, no gap), each item with its owner and role; and the accounts
// and groups one may share with, never shown to anonymous callers or listing disabled accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { group, member, named, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let anna: Member
let ben: Member
let carla: Member

const page = (m: Member, query = '') => m.browser.get(`/share-service/shared-with-me${query}`)

beforeAll(async () => {
  server = await startServer()
  ;[anna, ben, carla] = await Promise.all([member(server, 'anna'), member(server, 'ben'), member(server, 'carla')])
  await named(server, anna, 'Anna <script>alert(1)</script>')
})
afterAll(() => server.close())

describe('GET /share-service/shared-with-me', () => {
  it('given a folder and a file shared with Carla, then she gets both newest first, with owner, role and item JSON', async () => {
    const trip = (await anna.browser.post('/folder-service/create', { name: 'Trip' })).body._id
    const photo = (await anna.browser.upload('photo.txt', 'p', '/')).body._id
    await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: trip,
      userId: carla.id,
      role: 'editor',
    })
    await anna.browser.post('/share-service/members', {
      itemType: 'file',
      itemId: photo,
      userId: carla.id,
      role: 'viewer',
    })
    const r = await page(carla)
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.body.next).toBeUndefined()
    const owner = { _id: anna.id, displayName: 'Anna <script>alert(1)</script>' }
    expect(r.body.items).toEqual([
      {
        share: expect.objectContaining({ itemType: 'file', itemId: photo, role: 'viewer' }),
        item: expect.objectContaining({
          _id: photo,
          filename: 'photo.txt',
          metadata: expect.objectContaining({ parent: '/' }),
          owner,
          role: 'viewer',
        }),
        owner,
      },
      {
        share: expect.objectContaining({
          itemType: 'folder',
          itemId: trip,
          role: 'editor',
          recipient: { type: 'user', _id: carla.id, displayName: expect.any(String), email: carla.email },
        }),
        item: expect.objectContaining({
          _id: trip,
          name: 'Trip',
          parent: '/',
          parentList: ['/'],
          owner,
          role: 'editor',
        }),
        owner,
      },
    ])
    // The names are data: the JSON carries them as text, never markup.
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('given an item shared twice (to her and to her group), then it is listed once, with the strongest role; trashed items are left out', async () => {
    const m = await member(server, 'twice')
    const fam = await group(server, 'Fam', [m])
    const both = (await anna.browser.upload('both.txt', 'b', '/')).body._id
    await shareWith(server, anna, { type: 'file', id: both }, { id: fam, type: 'group' }, 'editor')
    await shareWith(server, anna, { type: 'file', id: both }, m, 'viewer')
    const binned = (await anna.browser.upload('binned.txt', 'x', '/')).body._id
    await shareWith(server, anna, { type: 'file', id: binned }, m, 'viewer')
    await anna.browser.patch('/file-service/trash', { id: binned })
    const r = await page(m)
    expect(r.body.items.map((i: { item: { _id: string } }) => i.item._id)).toEqual([both])
    expect(r.body.items[0].item.role).toBe('editor')
    // The owner's link on the file is hers: a member is not shown it.
    await anna.browser.post('/share-service/links', { itemType: 'file', itemId: both })
    expect((await page(m)).body.items[0].item.metadata.link).toBeUndefined()
  })

  it('given 7 shares and pages of 3, then 3 pages hold every share once, newest first, with no gap', async () => {
    const m = await member(server, 'pager')
    const ids: string[] = []
    for (let i = 0; i < 7; i++) {
      const f = (await anna.browser.upload(`p${i}.txt`, String(i), '/')).body._id
      ids.push(f)
      await anna.browser.post('/share-service/members', { itemType: 'file', itemId: f, userId: m.id, role: 'viewer' })
    }
    const seen: string[] = []
    let next: string | undefined
    let pages = 0
    do {
      const r = await page(m, `?limit=3${next ? `&startAt=${next}` : ''}`)
      expect(r.status).toBe(200)
      expect(r.body.items.length).toBeLessThanOrEqual(3)
      seen.push(...r.body.items.map((i: { item: { _id: string } }) => i.item._id))
      next = r.body.next
      pages++
    } while (next)
    expect(pages).toBe(3)
    expect(seen).toEqual([...ids].reverse())
  })

  it('given bad paging input, then 400; anonymous, 401', async () => {
    expect((await page(ben, '?limit=0')).status).toBe(400)
    expect((await page(ben, '?limit=201')).status).toBe(400)
    expect((await page(ben, '?startAt=bm9wZQ')).status).toBe(400)
    expect((await page(ben, `?startAt=${'x'.repeat(201)}`)).status).toBe(400)
    expect((await new Browser(server.url).get('/share-service/shared-with-me')).status).toBe(401)
    expect((await page(ben)).body).toEqual({ items: [] })
  })
})

describe('GET /share-service/people', () => {
  it('given a name, an email part, another case or no accents, then the matching accounts then groups; never the caller', async () => {
    const elodie = await member(server, 'elodie')
    await named(server, elodie, 'Élodie Durand')
    const gid = await group(server, 'Élodie’s friends', [ben])
    const find = async (q: string) =>
      (await ben.browser.get(`/share-service/people?q=${encodeURIComponent(q)}`)).body.people as Array<{
        type: string
        _id: string
      }>
    for (const q of ['elo', 'ÉLO', 'durand', elodie.email.slice(0, 8).toUpperCase()]) {
      const found = await find(q)
      expect(found[0], q).toEqual({ type: 'user', _id: elodie.id, displayName: 'Élodie Durand', email: elodie.email })
    }
    const both = await find('elodie')
    expect(both.map((p) => p.type)).toEqual(['user', 'group'])
    expect(both[1]).toEqual({ type: 'group', _id: gid, name: 'Élodie’s friends', members: 1 })
    expect((await find(ben.email)).some((p) => p._id === ben.id)).toBe(false)
    expect(await find('no such person')).toEqual([])
  })

  it('given no query, then at most 20; a disabled account is never listed; the names come back as sent', async () => {
    for (let i = 0; i < 20; i++) await member(server, 'crowd')
    const all = (await ben.browser.get('/share-service/people')).body.people
    expect(all).toHaveLength(20)
    const hidden = await member(server, 'hidden')
    await named(server, hidden, '<img src=x onerror=alert(1)>')
    expect((await ben.browser.get('/share-service/people?q=onerror')).body.people).toEqual([
      { type: 'user', _id: hidden.id, displayName: '<img src=x onerror=alert(1)>', email: hidden.email },
    ])
    await server.app.cumulus.db.updateTable('users').set({ disabled: 1 }).where('id', '=', hidden.id).execute()
    expect((await ben.browser.get('/share-service/people?q=onerror')).body.people).toEqual([])
    expect((await ben.browser.get(`/share-service/people?q=${hidden.email}`)).body.people).toEqual([])
  })

  it('given anonymous callers or a too-long query, then 401 and 400', async () => {
    expect((await new Browser(server.url).get('/share-service/people?q=a')).status).toBe(401)
    expect((await new Browser(server.url, null).get('/share-service/people')).status).toBe(401)
    expect((await ben.browser.get(`/share-service/people?q=${'a'.repeat(101)}`)).status).toBe(400)
  })
})
