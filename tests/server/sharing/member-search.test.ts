// A member's search inside a folder shared with them (DESIGN.md §8: a viewer "searches inside"):
// the list, the relevance order and the suggestions cover the share's live subtree and nothing
// else of the owner's; paths start at the share; snippets come from files inside it alone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Browser } from '../helpers/client.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let owner: Member
let guest: Member
let outsider: Member
const ids: Record<string, string> = {}

const q = encodeURIComponent

async function upload(browser: Browser, name: string, data: string, parent: string) {
  const r = await browser.upload(name, data, parent)
  expect(r.status, r.text).toBe(201)
  return r.body._id as string
}

async function folder(browser: Browser, name: string, parent?: string) {
  const r = await browser.post('/folder-service/create', { name, ...(parent ? { parent } : {}) })
  expect(r.status, r.text).toBe(201)
  return r.body._id as string
}

/** Waits until the content queue has ended this file's job (vi.waitFor: it runs in beforeAll). */
async function indexed(id: string) {
  await vi.waitFor(
    async () => {
      const s = (await server.app.cumulus.drive.contentIndex.state(id))?.state
      if (s === undefined || s === 'pending' || s.startsWith('working:')) throw new Error(`${id}: ${s}`)
    },
    { timeout: 30_000, interval: 50 },
  )
}

async function list(browser: Browser, service: 'file' | 'folder', search: string, extra: string) {
  const r = await browser.get(`/${service}-service/list?search=${q(search)}${extra}`)
  expect(r.status, r.text).toBe(200)
  return r.body as any[]
}
const names = (rows: any[]) => rows.map((r) => r.filename ?? r.name).sort()

beforeAll(async () => {
  server = await startServer()
  owner = await member(server, 'owner')
  guest = await member(server, 'guest')
  outsider = await member(server, 'outsider')
  const b = owner.browser
  // Family/Photos is shared; Family itself and its other contents are the owner's alone.
  ids.family = await folder(b, 'Family')
  ids.photos = await folder(b, 'Photos', ids.family)
  ids.y2024 = await folder(b, '2024', ids.photos)
  ids.beach = await upload(b, 'beach holiday.jpg', 'x', ids.y2024)
  ids.notes = await upload(b, 'notes.txt', 'packing list for the holiday by the sea', ids.y2024)
  ids.subFolder = await folder(b, 'Holiday album', ids.y2024)
  ids.secret = await upload(b, 'secret holiday.jpg', 'x', ids.family)
  ids.diary = await upload(b, 'diary.txt', 'a holiday nobody may read about', ids.family)
  await folder(b, 'Holiday plans', ids.family)
  // Trashed inside the share: a file, and a folder with a file in it.
  ids.binned = await upload(b, 'binned holiday.jpg', 'x', ids.y2024)
  expect((await b.patch('/file-service/trash', { id: ids.binned })).status).toBe(200)
  ids.oldFolder = await folder(b, 'Old', ids.photos)
  await upload(b, 'old holiday.jpg', 'x', ids.oldFolder)
  expect((await b.patch('/folder-service/trash', { id: ids.oldFolder })).status).toBe(200)
  await indexed(ids.notes)
  await indexed(ids.diary)
  await shareWith(server, { id: owner.id }, { type: 'folder', id: ids.photos }, guest, 'viewer')
})
afterAll(() => server?.close())

describe('a member searching a shared folder', () => {
  it('given a file in a subfolder of the share, then relevance search finds it with a path starting at the share', async () => {
    const rows = await list(guest.browser, 'file', 'holiday', `&sortBy=relevance&parent=${ids.photos}`)
    expect(names(rows)).toEqual(['beach holiday.jpg', 'notes.txt'])
    const beach = rows.find((r) => r._id === ids.beach)
    expect(beach.path).toEqual([
      { _id: ids.photos, name: 'Photos' },
      { _id: ids.y2024, name: '2024' },
    ])
    expect(beach.owner._id).toBe(owner.id)
    expect(beach.role).toBe('viewer')
    // The content match says why, from the file inside the share.
    const notes = rows.find((r) => r._id === ids.notes)
    expect(notes.snippet.text).toContain('holiday by the sea')
    expect(JSON.stringify(rows)).not.toContain('nobody may read')
    expect(JSON.stringify(rows)).not.toContain(ids.family)
  })

  it('given the plain list sort, then the search covers the same subtree', async () => {
    const rows = await list(guest.browser, 'file', 'holiday', `&sortBy=alp_asc&parent=${ids.photos}`)
    expect(names(rows)).toEqual(['beach holiday.jpg'])
    expect(rows[0].path.map((p: any) => p.name)).toEqual(['Photos', '2024'])
  })

  it('given folders below the share, then the folder search finds them, not the owner’s outside it', async () => {
    for (const sortBy of ['relevance', 'alp_asc']) {
      const rows = await list(guest.browser, 'folder', 'holiday', `&sortBy=${sortBy}&parent=${ids.photos}`)
      expect(names(rows)).toEqual(['Holiday album'])
      expect(rows[0].path.map((p: any) => p.name)).toEqual(['Photos', '2024'])
    }
  })

  it('given a search from a folder inside the share, then it covers that folder and paths still start at the share', async () => {
    const rows = await list(guest.browser, 'file', 'beach', `&sortBy=relevance&parent=${ids.y2024}`)
    expect(names(rows)).toEqual(['beach holiday.jpg'])
    expect(rows[0].path.map((p: any) => p.name)).toEqual(['Photos', '2024'])
    expect(await list(guest.browser, 'file', 'beach', `&sortBy=relevance&parent=${ids.subFolder}`)).toEqual([])
  })

  it('given the suggestions with the shared folder, then they come from inside it alone', async () => {
    const r = await guest.browser.get(`/file-service/suggested-list?search=holiday&parent=${ids.photos}`)
    expect(r.status, r.text).toBe(200)
    expect(names(r.body.fileList)).toEqual(['beach holiday.jpg', 'notes.txt'])
    expect(names(r.body.folderList)).toEqual(['Holiday album'])
    expect(r.body.fileList.find((f: any) => f._id === ids.beach).path.map((p: any) => p.name)).toEqual([
      'Photos',
      '2024',
    ])
    // Without the folder, the member's own drive: none of the owner's.
    const own = await guest.browser.get('/file-service/suggested-list?search=holiday')
    expect(own.body).toEqual({ folderList: [], fileList: [] })
  })

  it('given the owner, then the same query still searches their whole drive, trash left out', async () => {
    const rows = await list(owner.browser, 'file', 'holiday', `&sortBy=relevance&parent=${ids.photos}`)
    expect(names(rows)).toEqual(['beach holiday.jpg', 'diary.txt', 'notes.txt', 'secret holiday.jpg'])
  })

  it('given an outsider or a folder outside the share, then the folder id answers 404', async () => {
    for (const url of [
      `/file-service/list?search=holiday&sortBy=relevance&parent=${ids.photos}`,
      `/folder-service/list?search=holiday&sortBy=relevance&parent=${ids.photos}`,
      `/file-service/suggested-list?search=holiday&parent=${ids.photos}`,
    ])
      expect((await outsider.browser.get(url)).status, url).toBe(404)
    expect((await guest.browser.get(`/file-service/list?search=holiday&parent=${ids.family}`)).status).toBe(404)
    expect(
      (await guest.browser.get(`/file-service/suggested-list?search=holiday&parent=${ids.oldFolder}`)).status,
    ).toBe(404)
  })
})
