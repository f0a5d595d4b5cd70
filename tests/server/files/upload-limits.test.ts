// Uploads take only their own forms (SPEC §7) and bounded ones: unknown, repeated or oversized
// fields, surplus files, too many files, too deep or too long folder paths are a 400 naming the
// rule, nothing is stored, and the server's memory does not follow the size of a flood.
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { connect } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBacking, startChild, type Backing, type ChildServer } from '../helpers/child-server.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { blobKeys, expectConsistent } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

const BOUNDARY = 'cumulus-limits-boundary'
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`
const fieldPart = (name: string, value: string | Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ])
/** A file part's head, with `filename` written byte for byte (NUL included). */
const fileHead = (filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    'latin1',
  )
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)

const authHeaders = (b: Browser) => ({ cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '), uuid: b.uuid! })

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer({
    limits: {
      uploadFieldBytes: 256,
      maxFilesPerUpload: 3,
      maxFoldersPerUpload: 4,
      maxFolderDepth: 4,
      maxPathLength: 60,
    },
  })
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('limits'))
})
afterAll(() => server.close())

/** The rows and blobs that a refused upload must leave exactly as they were. */
async function snapshot() {
  const db = server.app.cumulus.db
  return {
    blobs: await blobKeys(server),
    files: (await db.selectFrom('files').select('id').execute()).length,
    folders: (await db.selectFrom('folders').select('id').execute()).length,
    outbox: await db.selectFrom('blob_outbox').selectAll().execute(),
  }
}

async function expectRefused(send: () => Promise<{ status: number; body: any }>, message: RegExp) {
  const before = await snapshot()
  const r = await send()
  expect(r.status).toBe(400)
  expect(r.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: expect.stringMatching(message) })
  expect(await snapshot()).toEqual(before)
  await expectConsistent(server, expect)
}

const post = (path: string, form: FormData) => alice.request('POST', path, { body: form })
const fileForm = (fields: Array<[string, string]>, files: Array<[string, string]> = [['file', 'data']]) => {
  const form = new FormData()
  for (const [k, v] of fields) form.append(k, v)
  for (const [k, name] of files) form.append(k, new Blob([`bytes of ${name}`]), name)
  return form
}
const spec = (name = 'a.txt'): Array<[string, string]> => [
  ['filename', name],
  ['parent', '/'],
  ['currentID', '/'],
  ['size', '10'],
]

describe('POST /file-service/upload takes its own form only', () => {
  it('given two files, then 400 and neither is kept (no row, no blob, no outbox entry)', async () => {
    await expectRefused(
      () =>
        post(
          '/file-service/upload',
          fileForm(spec('twice.txt'), [
            ['file', 'one.txt'],
            ['file', 'two.txt'],
          ]),
        ),
      /one file per upload/,
    )
    expect((await alice.get('/file-service/list?search=twice')).body).toEqual([])
  })

  it('given a field the form does not have, then 400 naming it', async () => {
    await expectRefused(
      () => post('/file-service/upload', fileForm([...spec(), ['junk', 'x']])),
      /Unknown field "junk"/,
    )
  })

  it('given a field twice, then 400 naming it', async () => {
    await expectRefused(
      () => post('/file-service/upload', fileForm([...spec(), ['filename', 'b.txt']])),
      /"filename" was sent more than once/,
    )
  })

  it('given a field over uploadFieldBytes, then 400 naming it and the limit (not a silently cut value)', async () => {
    await expectRefused(
      () =>
        post(
          '/file-service/upload',
          fileForm([
            ['filename', 'n'.repeat(300)],
            ['parent', '/'],
          ]),
        ),
      /"filename" must be at most 256 bytes/,
    )
  })

  it('given the file under another field name, then 400 naming it', async () => {
    await expectRefused(
      () => post('/file-service/upload', fileForm(spec(), [['upload', 'a.txt']])),
      /Unknown field "upload"/,
    )
  })

  it('given the spec client form, then 201 as before', async () => {
    const r = await alice.upload('fine.txt', 'fine')
    expect(r.status).toBe(201)
    expect(r.body.filename).toBe('fine.txt')
  })
})

/** A folder upload form as the app sends it; `extra` goes before the files. */
function folderForm(paths: string[], opts: { total?: string; extra?: Array<[string, string]> } = {}) {
  const form = new FormData()
  form.append('parent', '/')
  form.append('total-files', opts.total ?? String(paths.length))
  for (const [k, v] of opts.extra ?? []) form.append(k, v)
  paths.forEach((path, index) => {
    form.append('file-data', JSON.stringify({ name: path.split('/').at(-1), size: 1, type: 'text/plain', path, index }))
    form.append('file', new Blob(['x']), path.split('/').at(-1))
  })
  return form
}

describe('POST /folder-service/upload takes its own form, within the limits', () => {
  it('given total-files over maxFilesPerUpload, then 400 naming the limit', async () => {
    await expectRefused(
      () => post('/folder-service/upload', folderForm(['T/a', 'T/b', 'T/c', 'T/d'])),
      /total-files must be a whole number from 1 to 3/,
    )
  })

  it('given more files than total-files announced, then 400 and nothing is kept', async () => {
    await expectRefused(
      () => post('/folder-service/upload', folderForm(['T/a', 'T/b', 'T/c'], { total: '2' })),
      /More files than the 2 announced/,
    )
  })

  it('given a file-data that is not followed by its file, then 400', async () => {
    const form = new FormData()
    form.append('parent', '/')
    form.append('total-files', '2')
    for (const index of [0, 1]) form.append('file-data', JSON.stringify({ name: 'a', path: `T/${index}`, index }))
    await expectRefused(() => post('/folder-service/upload', form), /must be followed by its file/)
  })

  it('given an unknown field, then 400 naming it', async () => {
    await expectRefused(
      () => post('/folder-service/upload', folderForm(['T/a'], { extra: [['junk', 'x']] })),
      /Unknown field "junk"/,
    )
  })

  it('given a path deeper than maxFolderDepth, then 400 before any byte is stored', async () => {
    await expectRefused(
      () => post('/folder-service/upload', folderForm(['T/ok.txt', 'a/b/c/d/e/f.txt'])),
      /at most 4 levels deep/,
    )
  })

  it('given the parent folder own depth, then the depth counts from Home', async () => {
    const x = await alice.post('/folder-service/create', { name: 'X', parent: '/' })
    const y = await alice.post('/folder-service/create', { name: 'Y', parent: x.body._id })
    const into = (paths: string[]) => {
      const form = folderForm(paths)
      form.set('parent', y.body._id)
      return post('/folder-service/upload', form)
    }
    // Y is at depth 2: two more levels fit, three do not.
    await expectRefused(() => into(['a/b/c/f.txt']), /at most 4 levels deep/)
    const r = await into(['a/b/f.txt'])
    expect(r.status).toBe(201)
    expect(r.body.parentList).toEqual(['/', x.body._id, y.body._id])
  })

  it('given a path longer than maxPathLength, then 400 naming the limit', async () => {
    await expectRefused(
      () => post('/folder-service/upload', folderForm([`T/${'n'.repeat(60)}`])),
      /at most 60 characters/,
    )
  })

  it('given a file-data over its byte cap, then 400 naming it', async () => {
    const form = new FormData()
    form.append('parent', '/')
    form.append('file-data', JSON.stringify({ path: 'T/a', index: 0, pad: 'p'.repeat(2_000) }))
    form.append('file', new Blob(['x']), 'a')
    await expectRefused(() => post('/folder-service/upload', form), /"file-data" must be at most \d+ bytes/)
  })

  it('given paths that would create more than maxFoldersPerUpload folders, then 400 before any byte is stored', async () => {
    await expectRefused(
      () => post('/folder-service/upload', folderForm(['F/a/b/x.txt', 'F/c/y.txt', 'F/d/z.txt'])),
      /at most 4 folders/,
    )
  })

  it('given files at the limits, then 201 and the tree is made', async () => {
    const r = await post('/folder-service/upload', folderForm(['Deep/b/c/d/f.txt', 'Deep/b/g.txt', 'Deep/h.txt']))
    expect(r.status).toBe(201)
    expect(r.body.name).toBe('Deep')
    const sub = await alice.get(`/folder-service/list?parent=${r.body._id}`)
    expect(sub.body.map((f: any) => f.name)).toEqual(['b'])
  })
})

describe('deep folder-upload paths with the default limits', () => {
  let wide: TestServer
  let bob: Browser
  beforeAll(async () => {
    wide = await startServer()
    bob = new Browser(wide.url)
    await bob.signup(uniqueEmail('deep'))
  })
  afterAll(() => wide.close())

  /** One file at the bottom of a chain of `levels` folders named "d". */
  const uploadChain = (levels: number) => {
    const form = new FormData()
    form.append('parent', '/')
    form.append('total-files', '1')
    form.append('file-data', JSON.stringify({ path: `${'d/'.repeat(levels)}f.txt`, index: 0 }))
    form.append('file', new Blob(['x']), 'f.txt')
    return bob.request('POST', '/folder-service/upload', { body: form })
  }

  it.each([3_000, 8_000])(
    'given a %i-level path in one small request, then 400 and no folder is made',
    async (levels) => {
      const count = async () => (await wide.app.cumulus.db.selectFrom('folders').select('id').execute()).length
      const before = await count()
      const r = await uploadChain(levels)
      expect(r.status).toBe(400)
      expect(r.body.message).toMatch(/at most 4096 characters/)
      expect(await count()).toBe(before)
    },
  )

  // The default depth is what both databases can index: on PostgreSQL a 117-level chain's
  // ancestors overflowed the btree entry of (owner_id, ancestors) with a 500.
  it.each([
    [100, 201],
    [101, 400],
  ])('given a path whose folders reach level %i, then %i', async (levels, status) => {
    const r = await uploadChain(levels)
    expect(r.status, r.text).toBe(status)
    if (status === 400) expect(r.body.message).toMatch(/at most 100 levels deep/)
  })
})

/**
 * Sends `body` over a raw socket the way many scripts do: the whole request first, only then
 * reading the answer. Resolves with what came back, or the error that cut it.
 */
function writeThenRead(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ reply: string; error?: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    const chunks: Buffer[] = []
    let error: string | undefined
    socket.on('data', (d) => chunks.push(d))
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
    socket.on('close', () => resolve({ reply: Buffer.concat(chunks).toString('utf8'), ...(error ? { error } : {}) }))
    socket.pause()
    const head = Object.entries({ host: `${hostname}:${port}`, 'content-length': String(body.length), ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')
    socket.write(`POST /file-service/upload HTTP/1.1\r\n${head}\r\n`)
    socket.write(body, () => socket.resume())
  })
}

describe('a file name holding NUL', () => {
  const file = Buffer.alloc(12 * 1024 * 1024, 0x61)
  it.each([
    ['the part header', Buffer.concat([fieldPart('parent', '/'), fileHead('a\0b.txt'), file, closing])],
    [
      'the filename field',
      Buffer.concat([fieldPart('filename', 'a\0b.txt'), fieldPart('parent', '/'), fileHead('ok.txt'), file, closing]),
    ],
  ])(
    'given it in %s of a 12 MB upload sent before reading, then a readable 400 JSON and nothing kept',
    async (_where, body) => {
      const before = await snapshot()
      const { reply, error } = await writeThenRead(
        server.url,
        { ...authHeaders(alice), 'content-type': CONTENT_TYPE },
        body,
      )
      expect(error).toBeUndefined()
      expect(reply).toMatch(/^HTTP\/1\.1 400 /)
      expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/NUL/),
      })
      expect(await snapshot()).toEqual(before)
    },
  )
})

/** Resident memory of a process, now and at its peak since the last reset (Linux /proc). */
async function memory(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}
const procAvailable = existsSync('/proc/self/status')

/** A multipart field of the flood: its name and value for the i-th. */
type FloodField = (i: number) => [string, Buffer]

/** Streams a multipart flood of `count` fields; resolves with the status (or the error) once the server answers. */
function flood(url: string, headers: Record<string, string>, field: FloodField, count: number) {
  const parts = function* () {
    for (let i = 0; i < count; i++) yield fieldPart(...field(i))
    yield Buffer.from(`--${BOUNDARY}--\r\n`)
  }
  let length = 0
  for (const part of parts()) length += part.length
  return new Promise<{ status?: number; error?: string }>((resolve) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': CONTENT_TYPE, 'content-length': String(length) } },
      (res) => {
        res.resume()
        resolve({ status: res.statusCode! })
      },
    )
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
    Readable.from(parts()).pipe(req)
  })
}

describe.skipIf(!procAvailable)(
  'a flood of 5,000 form fields of 64 KiB (a child server, its own memory measured)',
  () => {
    let backing: Backing
    let child: ChildServer
    let carol: Browser
    beforeAll(async () => {
      backing = await createBacking()
      child = await startChild(backing)
      carol = new Browser(child.url)
      await carol.signup(uniqueEmail('flood'))
      // Warm up the upload path, so what follows measures the flood, not first use.
      expect((await carol.upload('warm.txt', 'warm')).status).toBe(201)
    }, 60_000)
    afterAll(async () => {
      await child?.stop()
      await backing?.close()
    })

    const KIB64 = 64 * 1024
    const filler = Buffer.alloc(KIB64, 0x7a)
    /** A well-formed file-data of 64 KiB: a long path, and the index the i-th file would have. */
    const fileData: FloodField = (i) => {
      const json = JSON.stringify({ path: `T/${'p'.repeat(KIB64)}`, index: i })
      return ['file-data', Buffer.from(json.slice(0, KIB64 - 40) + json.slice(-40))]
    }
    it.each<[string, string, FloodField]>([
      ['/file-service/upload', 'fields of unknown names', (i) => [`field${i}`, filler]],
      ['/folder-service/upload', 'file-data fields', fileData],
    ])(
      'given %s with %s, then 4xx and the server RSS grows under 20 MB',
      async (path, _what, field) => {
        const base = await memory(child.pid)
        // Restart the peak count from here (clear_refs 5), so a short spike is seen too.
        await writeFile(`/proc/${child.pid}/clear_refs`, '5')
        const answer = await flood(`${child.url}${path}`, authHeaders(carol), field, 5_000)
        await new Promise((r) => setTimeout(r, 500))
        const after = await memory(child.pid)
        const growth = Math.max(after.peak, after.rss) - base.rss
        console.info(
          `${path}: RSS ${(base.rss / 2 ** 20).toFixed(1)} MB, peak after ${(after.peak / 2 ** 20).toFixed(1)} MB, growth ${(growth / 2 ** 20).toFixed(1)} MB`,
        )
        expect(answer.status, JSON.stringify(answer)).toBeGreaterThanOrEqual(400)
        expect(answer.status).toBeLessThan(500)
        expect(growth).toBeLessThan(20 * 1024 * 1024)
        // Still serving.
        expect((await carol.get('/file-service/list')).status).toBe(200)
      },
      120_000,
    )
  },
)
