import { createHash } from 'node:crypto'
import { request } from 'node:http'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { blobKeys, expectConsistent, randomBytes } from '../helpers/drive.ts'
import { startServer, useS3, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer({ env: { MAX_UPLOAD_BYTES: String(4 * 1024 * 1024) } })
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('alice'))
})
afterAll(() => server.close())

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

describe('POST /file-service/upload', () => {
  it('given a file, then 201 with the file JSON, and it downloads back byte for byte', async () => {
    const data = randomBytes(1_500_000, 7)
    const r = await alice.upload('holiday photo.jpg', data)
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      _id: expect.any(String),
      filename: 'holiday photo.jpg',
      length: data.length,
      uploadDate: expect.any(String),
      // A .jpg is queued for a thumbnail in the upload's own commit.
      metadata: {
        parent: '/',
        size: data.length,
        hasThumbnail: false,
        isVideo: false,
        thumbnailID: '',
        preview: 'image',
        thumbnailPending: true,
      },
    })
    const back = await alice.bytes(`/file-service/download/${r.body._id}`)
    expect(back.status).toBe(200)
    expect(sha(back.body)).toBe(sha(data))
    // The same JSON, but for the flag: the queue may have tried (and failed on) these bytes since.
    const withoutFlag = (file: any) => ({ ...file, metadata: { ...file.metadata, thumbnailPending: undefined } })
    expect(withoutFlag((await alice.get(`/file-service/info/${r.body._id}`)).body)).toEqual(withoutFlag(r.body))
  })

  it('given an empty file and a unicode name, then both are kept exactly', async () => {
    const r = await alice.upload('日本語 ✓.txt', '')
    expect(r.status).toBe(201)
    expect(r.body.filename).toBe('日本語 ✓.txt')
    expect(r.body.length).toBe(0)
    expect((await alice.bytes(`/file-service/download/${r.body._id}`)).body.length).toBe(0)
  })

  it('given a video type, then isVideo comes from the type', async () => {
    const r = await alice.upload('clip.MP4', 'not really a video')
    expect(r.body.metadata.isVideo).toBe(true)
  })

  it('given a parent folder, then the file lands in it', async () => {
    const folder = await alice.post('/folder-service/create', { name: 'Docs', parent: '/' })
    const r = await alice.upload('a.txt', 'hello', folder.body._id)
    expect(r.body.metadata.parent).toBe(folder.body._id)
    const list = await alice.get(`/file-service/list?parent=${folder.body._id}`)
    expect(list.body.map((f: any) => f.filename)).toEqual(['a.txt'])
  })

  it('given an unknown, foreign or trashed parent, then 404 and nothing is kept', async () => {
    const before = await blobKeys(server)
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('bob'))
    const bobs = await bob.post('/folder-service/create', { name: 'Bob only' })
    const trashed = await alice.post('/folder-service/create', { name: 'Gone' })
    await alice.patch('/folder-service/trash', { id: trashed.body._id })
    for (const parent of ['no-such-folder', bobs.body._id, trashed.body._id]) {
      const r = await alice.upload('x.bin', randomBytes(10_000), parent)
      expect(r.status).toBe(404)
    }
    expect(await blobKeys(server)).toEqual(before)
    await expectConsistent(server, expect)
  })

  it('given a file over MAX_UPLOAD_BYTES, then 413 naming the limit as a person reads it, and nothing is kept', async () => {
    const before = await blobKeys(server)
    const big = randomBytes(4 * 1024 * 1024 + 10)
    const r = await alice.upload('big.bin', big)
    expect(r.status).toBe(413)
    expect(r.body.message).toBe('File is larger than the limit of 4 MB')
    // A client that lies about the size is caught by the byte count.
    const liar = await alice.upload('liar.bin', big, '/', {})
    expect(liar.status).toBe(413)
    expect(liar.body.message).toBe('File is larger than the limit of 4 MB')
    expect(await blobKeys(server)).toEqual(before)
  })

  it('given bad requests, then 400 with a message', async () => {
    expect((await alice.post('/file-service/upload', { filename: 'x' })).status).toBe(400)
    const form = new FormData()
    form.append('filename', 'nofile.txt')
    expect((await alice.request('POST', '/file-service/upload', { body: form })).status).toBe(400)
    const slash = await alice.upload('a/b.txt', 'x')
    expect(slash.status).toBe(400)
    expect(slash.body.message).toMatch(/\//)
  })

  it('given a multipart body on a route that is not an upload, then 415 with a message and nothing is kept', async () => {
    // Multipart is parsed by the two upload routes only (plugins/multipart.ts).
    const before = await blobKeys(server)
    const folders = (await alice.get('/folder-service/list')).body
    const form = new FormData()
    form.append('name', 'Holidays')
    form.append('file', new Blob(['data']), 'x.txt')
    const r = await alice.request('POST', '/folder-service/create', { body: form })
    expect(r.status).toBe(415)
    expect(r.body.message).toMatch(/multipart\/form-data/)
    expect(await blobKeys(server)).toEqual(before)
    expect((await alice.get('/folder-service/list')).body).toEqual(folders)
  })

  it('given no session, then 401 and nothing is kept', async () => {
    const before = await blobKeys(server)
    expect((await new Browser(server.url).upload('x.txt', 'data')).status).toBe(401)
    expect(await blobKeys(server)).toEqual(before)
  })

  it('given a client that aborts mid-upload, then no row, no blob and no temp file remain', async () => {
    const before = await blobKeys(server)
    const boundary = 'cumulusboundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\naborted.bin\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="parent"\r\n\r\n/\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="aborted.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    )
    const cookie = [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    await new Promise<void>((resolve) => {
      const req = request(`${server.url}/file-service/upload`, {
        method: 'POST',
        headers: {
          cookie,
          uuid: alice.uuid!,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 2_000_000),
        },
      })
      req.on('error', () => resolve())
      req.write(head)
      req.write(randomBytes(500_000))
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 300)
    })
    // Give the server a moment to notice the abort and clean up.
    for (let i = 0; i < 50 && (await blobKeys(server)).length !== before.length; i++)
      await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 300))
    expect(await blobKeys(server)).toEqual(before)
    const list = await alice.get('/file-service/list?search=aborted')
    expect(list.body).toEqual([])
    if (!useS3) {
      const left = await readdir(join(server.dataDir, 'tmp'), { recursive: true, withFileTypes: true }).catch(() => [])
      expect(left.filter((e) => e.isFile()).map((e) => e.name)).toEqual([])
    }
    await expectConsistent(server, expect)
  })
})

describe('POST /folder-service/upload', () => {
  it('given a nested tree, then it is recreated and the new top folder is returned', async () => {
    const files = {
      'Trip/day1/a.txt': 'A',
      'Trip/day1/b.txt': randomBytes(200_000, 3),
      'Trip/notes.md': '# notes',
      'Trip/day2/deep/c.txt': 'C',
    }
    const r = await alice.uploadFolder(files)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ name: 'Trip', parent: '/', parentList: ['/'] })
    const top = r.body._id
    const sub = await alice.get(`/folder-service/list?parent=${top}&sortBy=alp_asc`)
    expect(sub.body.map((f: any) => f.name)).toEqual(['day1', 'day2'])
    expect(sub.body[0].parentList).toEqual(['/', top])
    const rootFiles = await alice.get(`/file-service/list?parent=${top}`)
    expect(rootFiles.body.map((f: any) => f.filename)).toEqual(['notes.md'])
    const day1 = await alice.get(`/file-service/list?parent=${sub.body[0]._id}&sortBy=alp_asc`)
    expect(day1.body.map((f: any) => f.filename)).toEqual(['a.txt', 'b.txt'])
    const b = await alice.bytes(`/file-service/download/${day1.body[1]._id}`)
    expect(sha(b.body)).toBe(sha(files['Trip/day1/b.txt'] as Buffer))
  })

  it('given a path that climbs out with "..", then 400 and nothing is kept', async () => {
    const before = await blobKeys(server)
    const r = await alice.uploadFolder({ 'Top/ok.txt': 'fine', 'Top/../../etc/passwd': 'evil' })
    expect(r.status).toBe(400)
    expect(await blobKeys(server)).toEqual(before)
    expect((await alice.get('/folder-service/list?search=Top')).body).toEqual([])
  })

  it('given fewer files than total-files announced, then 400 and nothing is kept', async () => {
    const before = await blobKeys(server)
    const form = new FormData()
    form.append('parent', '/')
    form.append('total-files', '3')
    form.append(
      'file-data',
      JSON.stringify({ name: 'a.txt', size: 1, type: 'text/plain', path: 'Partial/a.txt', index: 0 }),
    )
    form.append('file', new Blob(['a']), 'a.txt')
    const r = await alice.request('POST', '/folder-service/upload', { body: form })
    expect(r.status).toBe(400)
    expect(await blobKeys(server)).toEqual(before)
  })

  it('given absolute and empty segments, then they are dropped', async () => {
    const r = await alice.uploadFolder({ '/Clean//x.txt': 'x', 'Clean/./y.txt': 'y' })
    expect(r.status).toBe(201)
    expect(r.body.name).toBe('Clean')
    const files = await alice.get(`/file-service/list?parent=${r.body._id}&sortBy=alp_asc`)
    expect(files.body.map((f: any) => f.filename)).toEqual(['x.txt', 'y.txt'])
  })
})
