// Issue 16, points 9 and 10: zip entries never climb out of the extraction folder, share links
// stay out of caches, and no reply gives away a file's content hash.
import { createHash } from 'node:crypto'
import { isAbsolute, relative, resolve } from 'node:path'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipSegment } from '../../../server/services/drive/zip.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer()
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('dlh'))
})
afterAll(() => server.close())

/** Entry names as a strict extractor reads them: yauzl refuses absolute and `..` paths always, and `\` with strictFileNames. */
function strictEntryNames(buf: Buffer): Promise<string[]> {
  return new Promise((done, fail) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, strictFileNames: true }, (err, zip) => {
      if (err || !zip) return fail(err)
      const names: string[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on('end', () => done(names))
      zip.on('error', fail)
      zip.readEntry()
    })
  })
}

describe('zip entry names (point 9)', () => {
  it('given names with \\, .. and a drive prefix, then a strict extractor keeps every entry inside its target folder', async () => {
    const mk = async (name: string, parent = '/') => {
      const r = await alice.post('/folder-service/create', { name, parent })
      expect(r.status, r.text).toBe(201)
      return r.body._id as string
    }
    const top = await mk('Top')
    const sneaky = await mk('..\\up', top)
    for (const [name, parent] of [
      ['..\\..\\evil.txt', top],
      ['x\\..\\..\\..\\deep.txt', sneaky],
      ['C:evil.txt', top],
      ['..\\', top],
    ] as const) {
      expect((await alice.upload(name, 'payload', parent)).status).toBe(201)
    }
    const loose = (await alice.upload('..\\..\\loose.txt', 'x')).body._id
    const drive = (await alice.upload('C:\\Windows\\win.ini', 'x')).body._id

    const r = await alice.bytes(`/folder-service/download-zip?folderIDs[]=${top}&fileIDs[]=${loose}&fileIDs[]=${drive}`)
    expect(r.status).toBe(200)
    const names = await strictEntryNames(r.body)
    const target = resolve('/tmp/extract-here')
    for (const name of names) {
      expect(name).not.toMatch(/\\|^\/|(^|\/)\.\.(\/|$)|^\w+:/)
      const rel = relative(target, resolve(target, name))
      expect(rel === '..' || rel.startsWith('../') || isAbsolute(rel), name).toBe(false)
    }
    expect(names.sort()).toEqual(
      [
        'Top/',
        'Top/.._up/',
        'Top/.._up/x_.._.._.._deep.txt',
        'Top/.._.._evil.txt',
        'Top/C_evil.txt',
        'Top/.._',
        '.._.._loose.txt',
        'C__Windows_win.ini',
      ].sort(),
    )
  })

  it('zipSegment: one literal segment whatever the name', () => {
    expect(zipSegment('..')).toBe('__')
    expect(zipSegment('.')).toBe('_')
    expect(zipSegment('a\\b')).toBe('a_b')
    expect(zipSegment('tab\there')).toBe('tab_here')
    expect(zipSegment('D:x')).toBe('D_x')
    expect(zipSegment('Meeting 10:30.txt')).toBe('Meeting 10:30.txt')
    expect(zipSegment('.hidden')).toBe('.hidden')
    expect(zipSegment('')).toBe('_')
  })
})

describe('share link replies (point 10)', () => {
  const sha = (s: string) => [
    createHash('sha256').update(s).digest('hex'),
    createHash('sha256').update(s).digest('base64url'),
  ]

  it('given a public link, then the download is no-store, and no validator is the content hash', async () => {
    const body = 'shared secret bytes'
    const file = (await alice.upload('public.txt', body)).body
    const shared = (await alice.patch(`/file-service/make-public/${file._id}`)).body.file
    const r = await new Browser(server.url).bytes(`/file-service/public/download/${file._id}/${shared.metadata.link}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('cache-control')).toBe('no-store')
    const etag = r.headers.get('etag')!.replaceAll('"', '')
    expect(etag.length).toBeGreaterThan(8)
    expect(sha(body)).not.toContain(etag)
  })

  it('given a HEAD on a one-time link, then an opaque ETag, no-store, and the link still works once', async () => {
    const body = 'one-time bytes'
    const file = (await alice.upload('once.txt', body)).body
    const once = (await alice.patch(`/file-service/make-one/${file._id}`)).body.file
    const url = `${server.url}/file-service/public/download/${file._id}/${once.metadata.link}`
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('cache-control')).toBe('no-store')
    const etag = head.headers.get('etag')!.replaceAll('"', '')
    expect(sha(body)).not.toContain(etag)
    // The owner's download carries the same validator: it names the stored blob, not its content.
    expect((await alice.bytes(`/file-service/download/${file._id}`)).headers.get('etag')).toBe(`"${etag}"`)
    expect((await fetch(url)).status).toBe(200)
    expect((await fetch(url)).status).toBe(404)
  })
})
