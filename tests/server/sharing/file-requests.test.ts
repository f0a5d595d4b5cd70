// File requests (DESIGN.md §7): an upload link on a folder takes one file per POST into that
// folder, named as sent and numbered on a clash, within the link's limits, and shows nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { expectConsistent, randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, file, folder, owner, share } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = await owner(server)
})
afterAll(() => server.close())

/** POST …/upload as a browser form sends it: filename, size, then the file. */
function send(b: Browser, token: string, name: string, data: Uint8Array | string, extra: Record<string, string> = {}) {
  const form = new FormData()
  form.append('filename', name)
  form.append('size', String(typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength))
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  form.append('file', new Blob([data as BlobPart]), name)
  return b.request('POST', `/share-service/public/${token}/upload`, { body: form })
}

const namesIn = async (folderId: string) =>
  ((await alice.get(`/file-service/list?parent=${folderId}&sortBy=alp_asc&limit=1000`)).body as any[]).map(
    (f) => f.filename,
  )

describe('an upload link', () => {
  it('stores each file in the folder under the name sent, numbered on a clash; the visitor learns only name and size', async () => {
    const inbox = await folder(alice, 'Inbox')
    await file(alice, 'report.pdf', 'already here', inbox)
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const visitor = anon(server)
    const first = await send(visitor, link.token, 'report.pdf', 'one')
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ filename: 'report (1).pdf', size: 3 })
    expect((await send(visitor, link.token, 'REPORT.pdf', 'two')).body.filename).toBe('REPORT (2).pdf')
    expect((await send(visitor, link.token, 'notes', 'three', { currentID: 'ignored' })).body.filename).toBe('notes')
    expect((await send(visitor, link.token, 'notes', 'four')).body.filename).toBe('notes (1)')
    expect(await namesIn(inbox)).toEqual(['notes', 'notes (1)', 'report (1).pdf', 'REPORT (2).pdf', 'report.pdf'])
    const stored = (await alice.get(`/file-service/list?parent=${inbox}&limit=1000`)).body.find(
      (f: any) => f.filename === 'report (1).pdf',
    )
    expect((await alice.bytes(`/file-service/download/${stored._id}`)).body.toString()).toBe('one')
    expect(
      (await alice.get('/share-service/links')).body.links.find((l: any) => l._id === link._id).uploadedBytes,
    ).toBe(3 + 3 + 5 + 4)
    await expectConsistent(server, expect)
  })

  it('lists nothing: info says it is an upload link, and list, downloads and zips are refused', async () => {
    const inbox = await folder(alice, 'Private inbox')
    const inside = await file(alice, 'private.txt', 'private', inbox)
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    expect((await anon(server).get(`/share-service/public/${link.token}`)).body).toEqual({
      itemType: 'folder',
      name: 'Private inbox',
      access: 'upload',
      expiresAt: null,
      maxFileSize: null,
      maxTotalBytes: null,
      remainingBytes: null,
      maxFiles: null,
      remainingFiles: null,
    })
    for (const rest of ['/list', `/download/${inside}`, `/thumbnail/${inside}`, `/preview/${inside}`, '/zip']) {
      const r = await anon(server).get(`/share-service/public/${link.token}${rest}`)
      expect(r.status, rest).toBe(403)
      expect(r.text).not.toContain('private.txt')
    }
  })

  it('refuses a file past the link’s per-file limit or its total with 413 and a message naming the limit, keeping nothing', async () => {
    const inbox = await folder(alice, 'Limited inbox')
    const link = await share(alice, {
      itemType: 'folder',
      itemId: inbox,
      access: 'upload',
      maxFileSize: 1000,
      maxTotalBytes: 2500,
    })
    const big = await send(anon(server), link.token, 'big.bin', randomBytes(1001))
    expect(big.status).toBe(413)
    expect(big.body.message).toBe("File is larger than this link's limit of 1000 B per file")
    // A size field that lies is caught by the bytes themselves.
    const form = new FormData()
    form.append('filename', 'liar.bin')
    form.append('size', '10')
    form.append('file', new Blob([randomBytes(1500)]), 'liar.bin')
    expect(
      (await anon(server).request('POST', `/share-service/public/${link.token}/upload`, { body: form })).status,
    ).toBe(413)
    expect((await send(anon(server), link.token, 'a.bin', randomBytes(1000))).status).toBe(201)
    expect((await send(anon(server), link.token, 'b.bin', randomBytes(1000))).status).toBe(201)
    const over = await send(anon(server), link.token, 'c.bin', randomBytes(600))
    expect(over.status).toBe(413)
    expect(over.body.message).toBe('This link takes 2.44 KB in all, and 500 B are left')
    expect((await send(anon(server), link.token, 'd.bin', randomBytes(500))).status).toBe(201)
    expect(await namesIn(inbox)).toEqual(['a.bin', 'b.bin', 'd.bin'])
    await expectConsistent(server, expect)
  })

  it('states its limits on the page: per file, in all, and what is left of the total as files arrive', async () => {
    const inbox = await folder(alice, 'Stated inbox')
    const link = await share(alice, {
      itemType: 'folder',
      itemId: inbox,
      access: 'upload',
      maxFileSize: 1000,
      maxTotalBytes: 2500,
    })
    const info = async () => (await anon(server).get(`/share-service/public/${link.token}`)).body
    expect(await info()).toEqual({
      itemType: 'folder',
      name: 'Stated inbox',
      access: 'upload',
      expiresAt: null,
      maxFileSize: 1000,
      maxTotalBytes: 2500,
      remainingBytes: 2500,
      maxFiles: null,
      remainingFiles: null,
    })
    expect((await send(anon(server), link.token, 'a.bin', randomBytes(900))).status).toBe(201)
    expect(await info()).toMatchObject({ maxFileSize: 1000, maxTotalBytes: 2500, remainingBytes: 1600 })
    // The owner changes a limit: the page says so at once.
    await alice.patch(`/share-service/links/${link._id}`, { maxFileSize: null, maxTotalBytes: 900 })
    expect(await info()).toMatchObject({ maxFileSize: null, maxTotalBytes: 900, remainingBytes: 0 })
  })

  it('given a server cap on uploads (MAX_UPLOAD_BYTES), then the page’s per-file limit is the tighter of it and the link’s', async () => {
    const capped = await startServer({ env: { MAX_UPLOAD_BYTES: '5000' }, limits: { publicPerIp: 10_000 } })
    try {
      const bob = await owner(capped, 'capped')
      const inbox = await folder(bob, 'Capped inbox')
      const info = async (body: Record<string, unknown>) => {
        const link = await share(bob, { itemType: 'folder', itemId: inbox, access: 'upload', ...body })
        return (await anon(capped).get(`/share-service/public/${link.token}`)).body
      }
      expect(await info({})).toMatchObject({ maxFileSize: 5000, maxTotalBytes: null, remainingBytes: null })
      expect(await info({ maxFileSize: 100_000 })).toMatchObject({ maxFileSize: 5000 })
      expect(await info({ maxFileSize: 1200 })).toMatchObject({ maxFileSize: 1200 })
    } finally {
      await capped.close()
    }
  })

  it('given parallel uploads that together pass the total, then only what fits is kept', async () => {
    const inbox = await folder(alice, 'Race inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload', maxTotalBytes: 3000 })
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(anon(server), link.token, `r${i}.bin`, randomBytes(1000, i + 1))),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    expect(results.filter((r) => r.status === 413)).toHaveLength(5)
    expect(await namesIn(inbox)).toHaveLength(3)
    await expectConsistent(server, expect)
  })

  it('needs the password when it has one, is refused on a view link, and dies with its folder or its revoke', async () => {
    const inbox = await folder(alice, 'Locked inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload', password: 'drop here' })
    const visitor = anon(server)
    const locked = await send(visitor, link.token, 'x.txt', 'x')
    expect(locked.status).toBe(401)
    expect(locked.body.code).toBe('SHARE_PASSWORD_REQUIRED')
    await visitor.post(`/share-service/public/${link.token}/unlock`, { password: 'drop here' })
    expect((await send(visitor, link.token, 'x.txt', 'x')).status).toBe(201)
    const view = await share(alice, { itemType: 'folder', itemId: inbox })
    const refused = await send(anon(server), view.token, 'y.txt', 'y')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This link does not take uploads')
    await alice.delete(`/share-service/links/${link._id}`)
    expect((await send(visitor, link.token, 'z.txt', 'z')).status).toBe(404)
    expect(await namesIn(inbox)).toEqual(['x.txt'])
  })

  it('refuses bad forms by name: no file, two files, a parent field', async () => {
    const inbox = await folder(alice, 'Form inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const url = `/share-service/public/${link.token}/upload`
    const empty = new FormData()
    empty.append('filename', 'a')
    expect((await anon(server).request('POST', url, { body: empty })).body.message).toBe('The upload has no file')
    const two = new FormData()
    two.append('file', new Blob(['a']), 'a')
    two.append('file', new Blob(['b']), 'b')
    expect((await anon(server).request('POST', url, { body: two })).status).toBe(400)
    const parent = new FormData()
    parent.append('parent', '/')
    parent.append('file', new Blob(['a']), 'a')
    const r = await anon(server).request('POST', url, { body: parent })
    expect(r.status).toBe(400)
    expect(r.body.message).toContain('Unknown field "parent"')
    expect((await anon(server).request('POST', url, { json: { file: 'x' } })).status).toBe(400)
    expect(await namesIn(inbox)).toEqual([])
  })
})
