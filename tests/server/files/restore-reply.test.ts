// A restore's reply says how many items went to Home because their folder is gone or trashed,
// so the app can say where they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

async function user() {
  const b = new Browser(server.url)
  await b.signup(uniqueEmail('restore-reply'))
  const mk = async (name: string, parent = '/') =>
    (await b.post('/folder-service/create', { name, parent })).body._id as string
  const put = async (name: string, parent = '/') =>
    (await b.upload(name, `bytes of ${name}`, parent)).body._id as string
  return { b, mk, put }
}

describe('restore reply', () => {
  it('given items whose folders are still there (or Home), then toHome is 0', async () => {
    const { b, mk, put } = await user()
    const box = await mk('Box')
    const f = await put('f.txt', box)
    const sub = await mk('Sub', box)
    const loose = await put('loose.txt')
    await b.patch('/file-service/trash', { id: f })
    await b.patch('/folder-service/trash', { id: sub })
    await b.patch('/file-service/trash', { id: loose })
    expect((await b.patch('/file-service/restore', { id: f })).body).toEqual({ message: 'Restored', toHome: 0 })
    expect((await b.patch('/folder-service/restore', { id: sub })).body).toEqual({ message: 'Restored', toHome: 0 })
    expect((await b.patch('/file-service/restore', { id: loose })).body).toEqual({ message: 'Restored', toHome: 0 })
    expect((await b.get(`/file-service/info/${f}`)).body.metadata.parent).toBe(box)
  })

  it('given a file and a folder whose folder is trashed, then each says it went to Home', async () => {
    const { b, mk, put } = await user()
    const box = await mk('Box')
    const f = await put('f.txt', box)
    const inner = await mk('Inner', box)
    await b.patch('/file-service/trash', { id: f })
    await b.patch('/folder-service/trash', { id: inner })
    await b.patch('/folder-service/trash', { id: box })

    expect((await b.patch('/file-service/restore', { id: f })).body).toEqual({ message: 'Restored', toHome: 1 })
    expect((await b.get(`/file-service/info/${f}`)).body.metadata.parent).toBe('/')
    expect((await b.patch('/folder-service/restore', { id: inner })).body).toEqual({ message: 'Restored', toHome: 1 })
    expect((await b.get(`/folder-service/info/${inner}`)).body.parent).toBe('/')
  })

  it('given a selection, then restore-multi counts the items that went to Home, and an unknown id changes nothing', async () => {
    const { b, mk, put } = await user()
    const box = await mk('Box')
    const keep = await mk('Keep')
    const a = await put('a.txt', box)
    const c = await put('c.txt', keep)
    const d = await mk('D', box)
    const items = [
      { id: a, type: 'file' },
      { id: d, type: 'folder' },
      { id: c, type: 'file' },
    ]
    await b.patch('/file-service/trash-multi', { items })
    await b.patch('/folder-service/trash', { id: box })
    const missing = await b.patch('/file-service/restore-multi', { items: [...items, { id: 'nope', type: 'file' }] })
    expect(missing.status).toBe(404)
    expect((await b.get(`/file-service/info/${c}`)).body.metadata.trashed).toBe(true)

    expect((await b.patch('/file-service/restore-multi', { items })).body).toEqual({ message: 'Restored', toHome: 2 })
    expect((await b.get(`/file-service/info/${a}`)).body.metadata.parent).toBe('/')
    expect((await b.get(`/folder-service/info/${d}`)).body.parent).toBe('/')
    expect((await b.get(`/file-service/info/${c}`)).body.metadata.parent).toBe(keep)
    // Already restored: nothing moves again.
    expect((await b.patch('/file-service/restore-multi', { items })).body).toEqual({ message: 'Restored', toHome: 0 })
  })
})
