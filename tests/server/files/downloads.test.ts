import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
let fileId: string
const data = randomBytes(100_000, 11)
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('dl'))
  fileId = (await alice.upload('Résumé "final".pdf', data)).body._id
})
afterAll(() => server.close())

describe('GET /file-service/download/:id', () => {
  it('sends the whole file with headers that keep it from running in our origin', async () => {
    const r = await alice.bytes(`/file-service/download/${fileId}`)
    expect(r.status).toBe(200)
    expect(r.body.equals(data)).toBe(true)
    expect(r.headers.get('content-length')).toBe(String(data.length))
    expect(r.headers.get('accept-ranges')).toBe('bytes')
    expect(r.headers.get('content-type')).toBe('application/octet-stream')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`,
    )
  })

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=5000-5999', 5000, 5999],
    ['bytes=99900-', 99900, 99999],
    ['bytes=-100', 99900, 99999],
    ['bytes=99990-200000', 99990, 99999],
    ['bytes=-500000', 0, 99999],
  ])('given Range %s, then 206 with exactly those bytes', async (range, start, end) => {
    const r = await alice.bytes(`/file-service/download/${fileId}`, { range })
    expect(r.status).toBe(206)
    expect(r.headers.get('content-range')).toBe(`bytes ${start}-${end}/${data.length}`)
    expect(r.body.equals(data.subarray(start, end + 1))).toBe(true)
  })

  it.each(['bytes=100000-', 'bytes=200000-300000', 'bytes=-0'])(
    'given an unsatisfiable Range %s, then 416',
    async (range) => {
      const r = await alice.bytes(`/file-service/download/${fileId}`, { range })
      expect(r.status).toBe(416)
      expect(r.headers.get('content-range')).toBe(`bytes */${data.length}`)
    },
  )

  it.each(['items=0-5', 'bytes=5-2', 'bytes=0-1,5-6', 'garbage'])(
    'given an unusable Range %s, then the whole file',
    async (range) => {
      const r = await alice.bytes(`/file-service/download/${fileId}`, { range })
      expect(r.status).toBe(200)
      expect(r.body.length).toBe(data.length)
    },
  )

  it('given a file of many read chunks, then the whole file and a range across chunks are exact', async () => {
    const big = randomBytes(3 * (1 << 20) + 777, 12)
    const id = (await alice.upload('big.bin', big)).body._id
    const whole = await alice.bytes(`/file-service/download/${id}`)
    expect(whole.status).toBe(200)
    expect(whole.body.equals(big)).toBe(true)
    const part = await alice.bytes(`/file-service/download/${id}`, { range: 'bytes=262000-2100000' })
    expect(part.status).toBe(206)
    expect(part.body.equals(big.subarray(262_000, 2_100_001))).toBe(true)
  })

  it('given HEAD, then the same headers (ranges too) and not a byte of the blob read', async () => {
    // Whatever the store (disk or S3), a blob is read only through its get(); the content index,
    // which reads a new PDF too, has had its turn.
    await server.app.cumulus.contentIndex.idle()
    const get = vi.spyOn(server.app.cumulus.store, 'get')
    const whole = await alice.request('HEAD', `/file-service/download/${fileId}`)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe(String(data.length))
    expect(whole.headers.get('content-security-policy')).toMatch(/sandbox/)
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment;/)
    const part = await alice.request('HEAD', `/file-service/download/${fileId}`, { headers: { range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${data.length}`)
    expect(get).not.toHaveBeenCalled()
    // The spy does see a GET, so its silence above means something.
    await alice.bytes(`/file-service/download/${fileId}`)
    expect(get).toHaveBeenCalledTimes(1)
    vi.restoreAllMocks()
  })

  it('given an unknown id or no session, then 404 / 401', async () => {
    expect((await alice.bytes('/file-service/download/unknown')).status).toBe(404)
    expect((await new Browser(server.url).bytes(`/file-service/download/${fileId}`)).status).toBe(401)
  })
})

function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err)
      const out = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out.set(entry.fileName, Buffer.alloc(0))
          return zip.readEntry()
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e)
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(out))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

describe('GET /folder-service/download-zip', () => {
  it('zips folders from the selected folder down plus loose files, renames duplicates, skips the trash', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('zip'))
    const mk = async (name: string, parent = '/') => (await b.post('/folder-service/create', { name, parent })).body._id
    const album = await mk('Album')
    const sub = await mk('Sub', album)
    await mk('Empty', album)
    const photo = randomBytes(50_000, 5)
    await b.upload('photo.jpg', photo, album)
    await b.upload('notes.txt', 'first', sub)
    await b.upload('notes.txt', 'second', sub)
    const gone = (await b.upload('gone.txt', 'trashed', album)).body._id
    await b.patch('/file-service/trash', { id: gone })
    const loose = (await b.upload('photo.jpg', 'a loose file')).body._id
    const readme = (await b.upload('readme.md', '# hi')).body._id

    const r = await b.bytes(`/folder-service/download-zip?folderIDs[]=${album}&fileIDs[]=${loose}&fileIDs[]=${readme}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/zip')
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="Cumulus.zip"/)
    const entries = await unzip(r.body)
    expect([...entries.keys()].sort()).toEqual(
      [
        'Album/',
        'Album/Empty/',
        'Album/Sub/',
        'Album/Sub/notes (1).txt',
        'Album/Sub/notes.txt',
        'Album/photo.jpg',
        'photo.jpg',
        'readme.md',
      ].sort(),
    )
    expect(entries.get('Album/photo.jpg')!.equals(photo)).toBe(true)
    expect(['first', 'second']).toContain(entries.get('Album/Sub/notes.txt')!.toString())
    expect(entries.get('photo.jpg')!.toString()).toBe('a loose file')

    const single = await b.bytes(`/folder-service/download-zip?folderIDs[]=${sub}`)
    expect(single.headers.get('content-disposition')).toMatch(/filename="Sub.zip"/)
  })

  it('given an unknown, foreign or trashed id, then 404 before any byte; nothing selected is 400', async () => {
    const b = new Browser(server.url)
    await b.signup(uniqueEmail('zip2'))
    const mine = (await b.upload('mine.txt', 'x')).body._id
    const trashed = (await b.upload('t.txt', 'x')).body._id
    await b.patch('/file-service/trash', { id: trashed })
    for (const qs of [
      `fileIDs[]=${mine}&fileIDs[]=nope`,
      `fileIDs[]=${fileId}`,
      `folderIDs[]=nope`,
      `fileIDs[]=${trashed}`,
    ]) {
      const r = await b.get(`/folder-service/download-zip?${qs}`)
      expect(r.status, qs).toBe(404)
      expect(r.headers.get('content-type')).toMatch(/json/)
    }
    expect((await b.get('/folder-service/download-zip')).status).toBe(400)
  })
})
