// Member shares across instances, read side (PostgreSQL + Redis): a member's change in a shared folder is in
// the owner's and every other member's next list on the other instance, whatever either list
// cache holds; a share removed, a group left or an owner disabled on one instance ends access on
// the other at the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { startPair } from '../helpers/instances.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { pgUrl } from '../helpers/server.ts'

/** The same account signed in on the other instance (its cookies work there: one deployment). */
function on(url: string, m: Member): Browser {
  const b = new Browser(url)
  for (const [k, v] of m.browser.cookies) b.cookies.set(k, v)
  return b
}

/** Lists a folder twice, so the list cache keeps it (it keeps a reply asked for a second time). */
async function listTwice(b: Browser, folder: string): Promise<string[]> {
  await b.get(`/file-service/list?parent=${folder}`)
  const r = await b.get(`/file-service/list?parent=${folder}`)
  expect(r.status).toBe(200)
  return r.body.map((f: { filename: string }) => f.filename).sort()
}

describe.skipIf(!pgUrl)('member shares across instances (PostgreSQL)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  let anna: Member
  let ben: Member
  let carla: Member
  let holidays: string
  beforeAll(async () => {
    pair = await startPair()
    ;[anna, ben, carla] = await Promise.all([member(pair.a, 'anna'), member(pair.a, 'ben'), member(pair.a, 'carla')])
    holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
    await anna.browser.upload('first.txt', '1', holidays)
    await shareWith(pair.a, anna, { type: 'folder', id: holidays }, ben, 'editor')
    await shareWith(pair.a, anna, { type: 'folder', id: holidays }, carla, 'viewer')
  })
  afterAll(() => pair.close())

  it("given Ben uploads on A, then Anna's and Carla's cached lists on B show it at once", async () => {
    const annaB = on(pair.b.url, anna)
    const carlaB = on(pair.b.url, carla)
    expect(await listTwice(annaB, holidays)).toEqual(['first.txt'])
    expect(await listTwice(carlaB, holidays)).toEqual(['first.txt'])
    expect((await ben.browser.upload('from-ben.txt', 'b', holidays)).status).toBe(201)
    expect(await listTwice(annaB, holidays)).toEqual(['first.txt', 'from-ben.txt'])
    expect(await listTwice(carlaB, holidays)).toEqual(['first.txt', 'from-ben.txt'])
  })

  it('given the share removed on A, then Carla’s next request on B is 404, cached list or not', async () => {
    const carlaB = on(pair.b.url, carla)
    await listTwice(carlaB, holidays)
    await pair.a.app.cumulus.db.deleteFrom('member_shares').where('recipient_id', '=', carla.id).execute()
    expect((await carlaB.get(`/file-service/list?parent=${holidays}`)).status).toBe(404)
  })

  it('given a group left on A, then its member loses access on B at the next request', async () => {
    const dan = await member(pair.a, 'dan')
    const group = 'g-' + Date.now().toString(36)
    const { db } = pair.a.app.cumulus
    await db.insertInto('groups').values({ id: group, name: group, name_key: group, created_at: Date.now() }).execute()
    await db.insertInto('group_members').values({ group_id: group, user_id: dan.id, added_at: Date.now() }).execute()
    await shareWith(pair.a, anna, { type: 'folder', id: holidays }, { id: group, type: 'group' }, 'viewer')
    const danB = on(pair.b.url, dan)
    expect(await listTwice(danB, holidays)).toContain('first.txt')
    await db.deleteFrom('group_members').where('group_id', '=', group).where('user_id', '=', dan.id).execute()
    expect((await danB.get(`/file-service/list?parent=${holidays}`)).status).toBe(404)
  })

  it("given the owner's account disabled on A, then her shares end on B", async () => {
    const benB = on(pair.b.url, ben)
    await listTwice(benB, holidays)
    const { db } = pair.a.app.cumulus
    await db.updateTable('users').set({ disabled: 1 }).where('id', '=', anna.id).execute()
    try {
      expect((await benB.get(`/file-service/list?parent=${holidays}`)).status).toBe(404)
    } finally {
      await db.updateTable('users').set({ disabled: 0 }).where('id', '=', anna.id).execute()
    }
  })
})
