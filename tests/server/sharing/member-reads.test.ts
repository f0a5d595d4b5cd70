// What a member share opens for reading: lists, info, downloads, thumbnails of the shared
// folder, with the owner and role on every item; nothing outside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let anna: Member
let ben: Member
let carla: Member
let holidays: string
let inside: string
let secret: string

beforeAll(async () => {
  server = await startServer()
  ;[anna, ben, carla] = await Promise.all([member(server, 'anna'), member(server, 'ben'), member(server, 'carla')])
  holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
  inside = (await anna.browser.upload('beach.txt', 'sand', holidays)).body._id
  secret = (await anna.browser.upload('diary.txt', 'mine', '/')).body._id
  await shareWith(server, anna, { type: 'folder', id: holidays }, ben, 'viewer')
})
afterAll(() => server.close())

describe('a member share, read', () => {
  it('given a folder shared with Ben, then he lists it with its owner and his role, and downloads inside it', async () => {
    const list = await ben.browser.get(`/file-service/list?parent=${holidays}`)
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({
      _id: inside,
      role: 'viewer',
      owner: { _id: anna.id, displayName: expect.stringMatching(/^anna-/) },
    })
    const info = await ben.browser.get(`/folder-service/info/${holidays}`)
    expect(info.body).toMatchObject({ _id: holidays, parent: '/', parentList: ['/'], role: 'viewer' })
    const bytes = await ben.browser.bytes(`/file-service/download/${inside}`)
    expect(bytes.status).toBe(200)
    expect(bytes.body.toString()).toBe('sand')
  })

  it('given the owner lists her Home, then the shared folder says so', async () => {
    const list = await anna.browser.get('/folder-service/list')
    expect(list.body.find((f: { _id: string }) => f._id === holidays)).toMatchObject({ shared: true })
    expect(list.body[0].owner).toBeUndefined()
  })

  it('given a stranger or an item outside the share, then 404', async () => {
    expect((await carla.browser.get(`/file-service/list?parent=${holidays}`)).status).toBe(404)
    expect((await carla.browser.bytes(`/file-service/download/${inside}`)).status).toBe(404)
    expect((await ben.browser.bytes(`/file-service/download/${secret}`)).status).toBe(404)
    expect((await ben.browser.get(`/file-service/info/${secret}`)).status).toBe(404)
  })
})
