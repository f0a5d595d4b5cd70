// A member's writes across two instances (PostgreSQL): a change one makes is on the other's next
// list, and an ended share or an item moved out of the share refuses the member's next write on
// the other instance (no instance keeps access or a list another person's change made stale).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startPair } from '../helpers/instances.ts'
import { pgUrl } from '../helpers/server.ts'

/** The same signed-in account, talking to another instance. */
function on(url: string, m: Member): Browser {
  const b = new Browser(url, m.browser.uuid)
  for (const [k, v] of m.browser.cookies) b.cookies.set(k, v)
  return b
}

describe.skipIf(!pgUrl)('member writes across instances (PostgreSQL)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  let anna: Member
  let ben: Member
  let benOnB: Browser
  beforeAll(async () => {
    // One deployment, one secret: a session signed in through A holds on B.
    pair = await startPair({ SECRET: 's'.repeat(40) })
    ;[anna, ben] = await Promise.all([member(pair.a, 'anna'), member(pair.a, 'ben')])
    benOnB = on(pair.b.url, ben)
  })
  afterAll(() => pair.close())

  const names = async (b: Browser, folder: string) =>
    (await b.get(`/file-service/list?parent=${folder}`)).body.map((f: { filename: string }) => f.filename)

  it("given Ben renames on B, then Anna's next list on A shows it; Anna moves it out on A, then Ben's next write on B is 404", async () => {
    const holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
    const other = (await anna.browser.post('/folder-service/create', { name: 'Other' })).body._id
    const beach = (await anna.browser.upload('beach.txt', 'sand', holidays)).body._id
    await shareWith(pair.a, anna, { type: 'folder', id: holidays }, ben, 'editor')

    expect(await names(anna.browser, holidays)).toEqual(['beach.txt'])
    expect(await names(benOnB, holidays)).toEqual(['beach.txt'])
    expect((await benOnB.patch('/file-service/rename', { id: beach, title: 'shore.txt' })).status).toBe(200)
    expect(await names(anna.browser, holidays)).toEqual(['shore.txt'])

    expect((await anna.browser.patch('/file-service/move', { id: beach, parentID: other })).status).toBe(200)
    expect(await names(benOnB, holidays)).toEqual([])
    expect((await benOnB.patch('/file-service/rename', { id: beach, title: 'x.txt' })).status).toBe(404)
    expect((await benOnB.patch('/file-service/trash', { id: beach })).status).toBe(404)
  })

  it("given the share ends through A, then Ben's next write on B is 404 and changes nothing", async () => {
    const folder = (await anna.browser.post('/folder-service/create', { name: 'Shared' })).body._id
    const note = (await anna.browser.upload('note.txt', 'n', folder)).body._id
    const id = await shareWith(pair.a, anna, { type: 'folder', id: folder }, ben, 'editor')
    expect((await benOnB.post('/folder-service/create', { name: 'By Ben', parent: folder })).status).toBe(201)
    await pair.a.app.cumulus.drive.memberShares.remove(id)
    expect((await benOnB.patch('/file-service/rename', { id: note, title: 'x.txt' })).status).toBe(404)
    expect((await benOnB.post('/folder-service/create', { name: 'Again', parent: folder })).status).toBe(404)
    expect(await names(anna.browser, folder)).toEqual(['note.txt'])
  })
})
