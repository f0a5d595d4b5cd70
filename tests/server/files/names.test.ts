// The name rule at every door a name comes in by (util/names.ts checkName): control characters
// and bidi overrides are refused by uploads (multipart, folder, tus), folder create, rename, and
// WebDAV's PUT, MKCOL, MOVE and COPY; a name stored before the rule still lists and downloads.
// One server for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basic, dav, davAccount, type DavAccount } from '../dav/dav-helpers.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: DavAccount
let auth: string
beforeAll(async () => {
  server = await startServer()
  alice = await davAccount(server, 'names')
  auth = basic(alice.email, alice.write)
})
afterAll(() => server.close())

/** One name per class the rule refuses, with the message's tail. */
const BAD: Array<[string, string, RegExp]> = [
  ['NUL', 'nul\0.txt', /NUL characters|The path must not contain/],
  ['LF', 'line\nbreak.txt', /control characters/],
  ['CR', 'carriage\rreturn.txt', /control characters/],
  ['CRLF at the end', 'trailing.txt\r\n', /control characters/],
  ['tab', 'tab\there.txt', /control characters/],
  ['escape', 'esc\u001b[31m.txt', /control characters/],
  ['DEL', 'del\u007f.txt', /control characters/],
  ['C1 (NEL)', 'nel\u0085.txt', /control characters/],
  ['line separator', 'ls\u2028.txt', /control characters/],
  ['paragraph separator', 'ps\u2029.txt', /control characters/],
  ['right-to-left override', 'invoice\u202Efdp.exe', /reverse the text direction/],
  ['left-to-right embedding', 'lre\u202A.txt', /reverse the text direction/],
  ['right-to-left isolate', 'rli\u2067.txt', /reverse the text direction/],
]

const b64 = (s: string) => Buffer.from(s).toString('base64')
const upload = (name: string) => {
  const form = new FormData()
  form.append('filename', name)
  form.append('parent', '/')
  form.append('file', new Blob(['x']), 'x.txt')
  return alice.browser.request('POST', '/file-service/upload', { body: form })
}
const tus = (meta: Record<string, string>) =>
  alice.browser.request('POST', '/file-service/uploads', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '1',
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  })
const enc = encodeURIComponent

describe('a name with a control character or a bidi override', () => {
  let fileId: string
  let folderId: string
  beforeAll(async () => {
    fileId = (await alice.browser.upload('plain.txt', 'p')).body._id
    folderId = (await alice.browser.post('/folder-service/create', { name: 'Plain' })).body._id
    expect((await dav(server, auth, 'PUT', '/dav/source.txt', { body: 's' })).status).toBe(201)
  })

  for (const [label, name, message] of BAD) {
    it(`given ${label}, then every way in refuses it with 400 and makes nothing`, async () => {
      const doors: Array<[string, { status: number; text: string }]> = [
        ['upload', await upload(name)],
        ['folder upload', await alice.browser.uploadFolder({ [`Top/${name}`]: 'x' })],
        ['folder upload (folder)', await alice.browser.uploadFolder({ [`${name}/a.txt`]: 'x' })],
        ['tus filename', await tus({ filename: name })],
        ['tus relativePath', await tus({ filename: 'a.txt', relativePath: `${name}/a.txt` })],
        ['folder create', await alice.browser.post('/folder-service/create', { name })],
        ['file rename', await alice.browser.patch('/file-service/rename', { id: fileId, title: name })],
        ['folder rename', await alice.browser.patch('/folder-service/rename', { id: folderId, title: name })],
        ['WebDAV PUT', await dav(server, auth, 'PUT', `/dav/${enc(name)}`, { body: 'x' })],
        ['WebDAV MKCOL', await dav(server, auth, 'MKCOL', `/dav/${enc(name)}`)],
        [
          'WebDAV COPY',
          await dav(server, auth, 'COPY', '/dav/source.txt', {
            headers: { destination: `${server.url}/dav/${enc(name)}` },
          }),
        ],
        [
          'WebDAV MOVE',
          await dav(server, auth, 'MOVE', '/dav/source.txt', {
            headers: { destination: `${server.url}/dav/${enc(name)}` },
          }),
        ],
      ]
      for (const [door, r] of doors) {
        expect(r.status, `${door}: ${r.text}`).toBe(400)
        expect(r.text, door).toMatch(message)
      }
      const list = await alice.browser.get('/file-service/list?parent=/')
      const folders = await alice.browser.get('/folder-service/list?parent=/')
      const names = [...list.body, ...folders.body].map(
        (i: { filename?: string; name?: string }) => i.filename ?? i.name,
      )
      expect(names.sort()).toEqual(['Plain', 'plain.txt', 'source.txt'])
    })
  }

  it('given right-to-left text with the weak direction marks (RLM, LRM), then it is a good name', async () => {
    const r = await upload('\u05E9\u05DC\u05D5\u05DD\u200F.txt')
    expect(r.status, r.text).toBe(201)
    const f = await alice.browser.post('/folder-service/create', { name: '\u0645\u0631\u062D\u0628\u0627\u200E' })
    expect(f.status, f.text).toBe(201)
  })

  it('given a name stored before the rule, then it still lists and downloads, by the web app and WebDAV', async () => {
    const bad = 'old\nname.txt'
    const id = (await alice.browser.upload('old-name.txt', 'kept')).body._id
    await server.app.cumulus.db
      .updateTable('files')
      .set({ filename: bad, name_key: bad })
      .where('id', '=', id)
      .execute()
    const list = await alice.browser.get('/file-service/list?parent=/')
    expect(list.body.map((f: { filename: string }) => f.filename)).toContain(bad)
    const download = await alice.browser.bytes(`/file-service/download/${id}`)
    expect(download.status).toBe(200)
    expect(download.body.toString()).toBe('kept')
    const got = await dav(server, auth, 'GET', `/dav/${enc(bad)}`)
    expect(got.status).toBe(200)
    expect(got.text).toBe('kept')
  })
})
