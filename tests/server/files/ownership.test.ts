// The ownership matrix (DESIGN.md §4: "another user's id → 404, never 403"). Alice owns a drive;
// Bob, logged in, calls every id-taking route of /file-service and /folder-service with Alice's
// ids. Each call must be a 404 with the same body a made-up id gets (no existence oracle), and
// afterwards Alice's drive — and Bob's own items named in the same request — must be exactly as
// before: same info JSON, same lists, same bytes, same blobs.
//
// Every row is also run by an owner on a fresh drive of their own, where it must succeed: a
// row that 404s for a malformed request instead of for ownership would be caught there.
// Adding a route is one line in `rows`.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail, type Reply } from '../helpers/client.ts'
import { blobKeys, expectConsistent, randomBytes } from '../helpers/drive.ts'
import { makeImage } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

/** The victim's items. */
interface Drive {
  folder: string
  sub: string
  fileInFolder: string
  fileInSub: string
  rootFile: string
  trashedFile: string
  trashedFolder: string
  fileInTrashedFolder: string
  /** An image with a thumbnail, a video, and a file with a public link. */
  image: string
  thumbnailID: string
  video: string
  sharedFile: string
  /** A share link on the folder, and an unfinished resumable upload into it. */
  link: string
  upload: string
}

/** The caller's own items, for requests that mix them with the victim's. */
interface Own {
  folder: string
  file: string
  trashedFile: string
}

/** A route call; `media` marks rows that need the image, the video or the shared file. */
type Row = [what: string, call: (u: Browser, a: Drive, own: Own) => Promise<Reply>, needs?: 'media']

const file = (id: string) => ({ id, type: 'file' })
const folder = (id: string) => ({ id, type: 'folder' })
const zip = (folderIDs: string[], fileIDs: string[]) =>
  `/folder-service/download-zip?${[...folderIDs.map((id) => `folderIDs[]=${id}`), ...fileIDs.map((id) => `fileIDs[]=${id}`)].join('&')}`

/** A tus request on /file-service/uploads (the protocol header, and a piece's content type when there is a body). */
const tus = (u: Browser, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  u.request(method, `/file-service/uploads${path}`, {
    headers: {
      'tus-resumable': '1.0.0',
      ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      ...headers,
    },
    ...(body ? { body } : {}),
  })
const b64 = (s: string) => Buffer.from(s).toString('base64')

const rows: Row[] = [
  // /file-service
  ['GET file info of a file', (u, a) => u.get(`/file-service/info/${a.rootFile}`)],
  ['GET file info of a trashed file', (u, a) => u.get(`/file-service/info/${a.trashedFile}`)],
  ['GET download of a file', (u, a) => u.get(`/file-service/download/${a.rootFile}`)],
  ['GET download of a file, ranged', (u, a) => u.get(`/file-service/download/${a.fileInSub}`, { range: 'bytes=0-9' })],
  ['GET file list of a folder', (u, a) => u.get(`/file-service/list?parent=${a.folder}`)],
  [
    'GET file list of a subfolder, sorted by name',
    (u, a) => u.get(`/file-service/list?parent=${a.sub}&sortBy=alp_asc`),
  ],
  [
    'GET file list of a trashed folder in trash mode',
    (u, a) => u.get(`/file-service/list?parent=${a.trashedFolder}&trashMode=true`),
  ],
  ['PATCH file rename', (u, a) => u.patch('/file-service/rename', { id: a.rootFile, title: 'mine now.txt' })],
  [
    'PATCH file move of an own file into their folder',
    (u, a, own) => u.patch('/file-service/move', { id: own.file, parentID: a.folder }),
  ],
  [
    'PATCH file move of their file into an own folder',
    (u, a, own) => u.patch('/file-service/move', { id: a.rootFile, parentID: own.folder }),
  ],
  [
    'PATCH file move of their file to the root',
    (u, a) => u.patch('/file-service/move', { id: a.fileInFolder, parentID: '/' }),
  ],
  [
    'PATCH move-multi of their file to the root',
    (u, a) => u.patch('/file-service/move-multi', { items: [file(a.fileInSub)], parentID: '/' }),
  ],
  [
    'PATCH move-multi of their folder into an own folder',
    (u, a, own) => u.patch('/file-service/move-multi', { items: [folder(a.sub)], parentID: own.folder }),
  ],
  [
    'PATCH move-multi of an own file into their folder',
    (u, a, own) => u.patch('/file-service/move-multi', { items: [file(own.file)], parentID: a.folder }),
  ],
  [
    'PATCH move-multi of an own file and their file',
    (u, a, own) =>
      u.patch('/file-service/move-multi', { items: [file(own.file), file(a.rootFile)], parentID: own.folder }),
  ],
  ['PATCH file trash', (u, a) => u.patch('/file-service/trash', { id: a.rootFile })],
  ['PATCH trash-multi of a file', (u, a) => u.patch('/file-service/trash-multi', { items: [file(a.rootFile)] })],
  ['PATCH trash-multi of a folder', (u, a) => u.patch('/file-service/trash-multi', { items: [folder(a.folder)] })],
  [
    'PATCH trash-multi of a quick item',
    (u, a) => u.patch('/file-service/trash-multi', { items: [{ id: a.fileInFolder, type: 'quick-item' }] }),
  ],
  [
    'PATCH trash-multi of an own file and their file',
    (u, a, own) => u.patch('/file-service/trash-multi', { items: [file(own.file), file(a.rootFile)] }),
  ],
  ['PATCH file restore', (u, a) => u.patch('/file-service/restore', { id: a.trashedFile })],
  ['PATCH restore-multi of a file', (u, a) => u.patch('/file-service/restore-multi', { items: [file(a.trashedFile)] })],
  [
    'PATCH restore-multi of a folder',
    (u, a) => u.patch('/file-service/restore-multi', { items: [folder(a.trashedFolder)] }),
  ],
  [
    'PATCH restore-multi of an own trashed file and theirs',
    (u, a, own) => u.patch('/file-service/restore-multi', { items: [file(own.trashedFile), file(a.trashedFile)] }),
  ],
  ['DELETE file remove', (u, a) => u.delete('/file-service/remove', { id: a.rootFile })],
  ['DELETE file remove of a trashed file', (u, a) => u.delete('/file-service/remove', { id: a.trashedFile })],
  ['DELETE remove-multi of a file', (u, a) => u.delete('/file-service/remove-multi', { items: [file(a.fileInSub)] })],
  ['DELETE remove-multi of a folder', (u, a) => u.delete('/file-service/remove-multi', { items: [folder(a.folder)] })],
  [
    'DELETE remove-multi of an own file and their file',
    (u, a, own) => u.delete('/file-service/remove-multi', { items: [file(own.file), file(a.rootFile)] }),
  ],
  [
    'DELETE remove-multi of an own file and their folder',
    (u, a, own) => u.delete('/file-service/remove-multi', { items: [file(own.file), folder(a.trashedFolder)] }),
  ],
  ['POST file upload into their folder', (u, a) => u.upload('planted.bin', randomBytes(20_000, 5), a.folder)],
  ['POST file upload into their subfolder', (u, a) => u.upload('planted.bin', randomBytes(20_000, 5), a.sub)],
  ['GET thumbnail', (u, a) => u.get(`/file-service/thumbnail/${a.thumbnailID}`), 'media'],
  ['GET full-thumbnail', (u, a) => u.get(`/file-service/full-thumbnail/${a.image}`), 'media'],
  [
    'GET stream-video with a stream token',
    async (u, a) => (
      await u.get('/file-service/download/access-token-stream-video'),
      u.get(`/file-service/stream-video/${a.video}`)
    ),
    'media',
  ],
  [
    'GET stream-video with the access cookie only',
    (u, a) =>
      u.get(`/file-service/stream-video/${a.video}`, { cookie: `access-token=${u.cookies.get('access-token')}` }),
    'media',
  ],
  ['PATCH make-public', (u, a) => u.patch(`/file-service/make-public/${a.rootFile}`)],
  ['PATCH make-one', (u, a) => u.patch(`/file-service/make-one/${a.sharedFile}`), 'media'],
  ['PATCH remove-link', (u, a) => u.patch(`/file-service/remove-link/${a.sharedFile}`), 'media'],
  [
    'POST tus upload into their folder',
    (u, a) =>
      tus(u, 'POST', '', {
        'upload-length': '4',
        'upload-metadata': `filename ${b64('planted.bin')},parent ${b64(a.folder)}`,
      }),
  ],
  ['PATCH tus upload', (u, a) => tus(u, 'PATCH', `/${a.upload}`, { 'upload-offset': '0' }, 'data')],
  ['DELETE tus upload', (u, a) => tus(u, 'DELETE', `/${a.upload}`)],
  // /share-service
  ['POST share link on their file', (u, a) => u.post('/share-service/links', { itemType: 'file', itemId: a.rootFile })],
  [
    'POST upload link on their folder',
    (u, a) => u.post('/share-service/links', { itemType: 'folder', itemId: a.sub, access: 'upload' }),
  ],
  ['PATCH share link', (u, a) => u.patch(`/share-service/links/${a.link}`, { maxDownloads: 5 })],
  ['DELETE share link', (u, a) => u.delete(`/share-service/links/${a.link}`)],
  // /folder-service
  ['GET folder info', (u, a) => u.get(`/folder-service/info/${a.folder}`)],
  ['GET folder info of a trashed folder', (u, a) => u.get(`/folder-service/info/${a.trashedFolder}`)],
  ['GET folder list of a folder', (u, a) => u.get(`/folder-service/list?parent=${a.folder}`)],
  [
    'GET folder list of a trashed folder in trash mode',
    (u, a) => u.get(`/folder-service/list?parent=${a.trashedFolder}&trashMode=true`),
  ],
  ['GET move-folder-list of a folder', (u, a) => u.get(`/folder-service/move-folder-list?parent=${a.folder}`)],
  ['GET download-zip of a folder', (u, a) => u.get(zip([a.folder], []))],
  ['GET download-zip of a file', (u, a) => u.get(zip([], [a.rootFile]))],
  ['GET download-zip of an own file and their file', (u, a, own) => u.get(zip([], [own.file, a.rootFile]))],
  ['GET download-zip of an own folder and their folder', (u, a, own) => u.get(zip([own.folder, a.sub], []))],
  [
    'POST folder create in their folder',
    (u, a) => u.post('/folder-service/create', { name: 'planted', parent: a.folder }),
  ],
  [
    'POST folder create in their subfolder',
    (u, a) => u.post('/folder-service/create', { name: 'planted', parent: a.sub }),
  ],
  [
    'POST folder upload into their folder',
    (u, a) => u.uploadFolder({ 'Planted/a.bin': randomBytes(20_000, 6), 'Planted/b/c.txt': 'c' }, a.folder),
  ],
  ['PATCH folder rename', (u, a) => u.patch('/folder-service/rename', { id: a.folder, title: 'mine now' })],
  [
    'PATCH folder move of their folder to the root',
    (u, a) => u.patch('/folder-service/move', { id: a.sub, parentID: '/' }),
  ],
  [
    'PATCH folder move of their folder into an own folder',
    (u, a, own) => u.patch('/folder-service/move', { id: a.folder, parentID: own.folder }),
  ],
  [
    'PATCH folder move of an own folder into their folder',
    (u, a, own) => u.patch('/folder-service/move', { id: own.folder, parentID: a.folder }),
  ],
  ['PATCH folder trash', (u, a) => u.patch('/folder-service/trash', { id: a.folder })],
  ['PATCH folder restore', (u, a) => u.patch('/folder-service/restore', { id: a.trashedFolder })],
  ['DELETE folder remove', (u, a) => u.delete('/folder-service/remove', { id: a.folder })],
  ['DELETE folder remove of a trashed folder', (u, a) => u.delete('/folder-service/remove', { id: a.trashedFolder })],
]

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function created(r: Promise<Reply>): Promise<string> {
  const reply = await r
  if (reply.status !== 201) throw new Error(`setup failed: ${reply.status} ${reply.text}`)
  return reply.body._id as string
}
async function ok(r: Promise<Reply>): Promise<void> {
  const reply = await r
  if (reply.status !== 200) throw new Error(`setup failed: ${reply.status} ${reply.text}`)
}

/**
 * A folder with a subfolder and files inside, a root file, a trashed file and a trashed folder;
 * with `media`, also an image with its thumbnail, a video and a shared file (slower to make).
 */
async function makeDrive(u: Browser, seed: number, media = true): Promise<Drive> {
  const folder = await created(u.post('/folder-service/create', { name: 'Projects', parent: '/' }))
  const sub = await created(u.post('/folder-service/create', { name: 'Drafts', parent: folder }))
  const fileInFolder = await created(u.upload('plan.txt', randomBytes(3_000, seed), folder))
  const fileInSub = await created(u.upload('draft.bin', randomBytes(70_000, seed + 1), sub))
  const rootFile = await created(u.upload('notes.md', randomBytes(1_000, seed + 2)))
  const trashedFile = await created(u.upload('old.txt', randomBytes(500, seed + 3)))
  await ok(u.patch('/file-service/trash', { id: trashedFile }))
  const trashedFolder = await created(u.post('/folder-service/create', { name: 'Archive', parent: '/' }))
  const fileInTrashedFolder = await created(u.upload('archived.bin', randomBytes(2_000, seed + 4), trashedFolder))
  await ok(u.patch('/folder-service/trash', { id: trashedFolder }))
  const link = (await u.post('/share-service/links', { itemType: 'folder', itemId: folder })).body.link._id as string
  const upload = await tus(u, 'POST', '', {
    'upload-length': '4',
    'upload-metadata': `filename ${b64('pending.bin')},parent ${b64(folder)}`,
  })
  if (upload.status !== 201) throw new Error(`setup failed: ${upload.status} ${upload.text}`)
  const base = {
    folder,
    sub,
    fileInFolder,
    fileInSub,
    rootFile,
    trashedFile,
    trashedFolder,
    fileInTrashedFolder,
    link,
    upload: upload.headers.get('location')!.split('/').at(-1)!,
  }
  if (!media)
    return { ...base, image: 'no-image', thumbnailID: 'no-thumbnail', video: 'no-video', sharedFile: 'no-shared-file' }
  const image = await created(u.upload('photo.png', png))
  const video = await created(u.upload('clip.mp4', randomBytes(30_000, seed + 5)))
  const sharedFile = await created(u.upload('shared.txt', randomBytes(700, seed + 6), folder))
  await ok(u.patch(`/file-service/make-public/${sharedFile}`))
  await server.app.cumulus.thumbnails.idle()
  const thumbnailID = (await u.get(`/file-service/info/${image}`)).body.metadata.thumbnailID as string
  if (!thumbnailID) throw new Error('setup failed: no thumbnail')
  return { ...base, image, thumbnailID, video, sharedFile }
}

async function makeOwn(u: Browser, seed: number): Promise<Own> {
  const folder = await created(u.post('/folder-service/create', { name: 'Mine', parent: '/' }))
  const file = await created(u.upload('mine.txt', randomBytes(800, seed)))
  const trashedFile = await created(u.upload('mine-trashed.txt', randomBytes(600, seed + 1)))
  await ok(u.patch('/file-service/trash', { id: trashedFile }))
  return { folder, file, trashedFile }
}

/** Everything a user can observe about the given items: info, lists, bytes, usage. */
async function observe(u: Browser, fileIds: string[], folderIds: string[]) {
  const seen: Record<string, unknown> = {}
  const json = async (path: string) => {
    const r = await u.get(path)
    seen[path] = { status: r.status, body: r.body }
  }
  for (const id of fileIds) {
    await json(`/file-service/info/${id}`)
    const bytes = await u.bytes(`/file-service/download/${id}`)
    seen[`download ${id}`] = { status: bytes.status, sha: sha(bytes.body) }
  }
  for (const id of folderIds) {
    const info = await u.get(`/folder-service/info/${id}`)
    seen[`/folder-service/info/${id}`] = { status: info.status, body: info.body }
    const trashMode = info.body?.trashed === true
    await json(`/file-service/list?parent=${id}&trashMode=${trashMode}`)
    await json(`/folder-service/list?parent=${id}&trashMode=${trashMode}`)
  }
  for (const trashMode of [false, true]) {
    await json(`/file-service/list?parent=/&trashMode=${trashMode}`)
    await json(`/folder-service/list?parent=/&trashMode=${trashMode}`)
  }
  await json('/file-service/quick-list')
  await json('/share-service/links')
  for (const id of fileIds) {
    const info = seen[`/file-service/info/${id}`] as { body?: { metadata?: { thumbnailID?: string } } }
    const thumb = info.body?.metadata?.thumbnailID
    if (thumb) {
      const bytes = await u.bytes(`/file-service/thumbnail/${thumb}`)
      seen[`thumbnail ${thumb}`] = { status: bytes.status, sha: sha(bytes.body) }
    }
  }
  const user = await u.get('/user-service/user-detailed')
  seen.usage = user.body.storage
  return seen
}

const driveFiles = (d: Drive) => [
  d.fileInFolder,
  d.fileInSub,
  d.rootFile,
  d.trashedFile,
  d.fileInTrashedFolder,
  d.image,
  d.video,
  d.sharedFile,
]
const driveFolders = (d: Drive) => [d.folder, d.sub, d.trashedFolder]

let server: TestServer
let alice: Browser
let bob: Browser
let aliceDrive: Drive
let bobOwn: Own
/** The same shape as Alice's drive, but every id made up. */
let ghost: Drive
let png: Buffer
let aliceBefore: Record<string, unknown>
let bobBefore: Record<string, unknown>
let keysBefore: string[]

beforeAll(async () => {
  png = await makeImage('png')
  server = await startServer()
  alice = new Browser(server.url)
  bob = new Browser(server.url)
  const bobEmail = uniqueEmail('bob')
  await alice.signup(uniqueEmail('alice'))
  await bob.signup(bobEmail)
  // Bob as a returning user, with a fresh login session.
  expect((await bob.login(bobEmail)).status).toBe(200)
  aliceDrive = await makeDrive(alice, 10)
  ghost = Object.fromEntries(
    Object.keys(aliceDrive).map((k) => [k, createHash('sha256').update(k).digest('base64url').slice(0, 22)]),
  ) as unknown as Drive
  bobOwn = await makeOwn(bob, 50)
  aliceBefore = await observe(alice, driveFiles(aliceDrive), driveFolders(aliceDrive))
  bobBefore = await observe(bob, [bobOwn.file, bobOwn.trashedFile], [bobOwn.folder])
  keysBefore = await blobKeys(server)
})
afterAll(() => server?.close())

describe('ownership: another user’s ids are 404 on every route', () => {
  it('given the fixture, then Alice sees all her items (the matrix below is not vacuous)', () => {
    for (const [what, v] of Object.entries(aliceBefore)) {
      if (what === 'usage') continue
      expect({ what, status: (v as { status: number }).status }).toEqual({ what, status: 200 })
    }
    expect((aliceBefore[`/file-service/info/${aliceDrive.trashedFile}`] as any).body.metadata.trashed).toBe(true)
    expect((aliceBefore[`/folder-service/info/${aliceDrive.trashedFolder}`] as any).body.trashed).toBe(true)
    expect(
      (aliceBefore[`/file-service/list?parent=${aliceDrive.trashedFolder}&trashMode=true`] as any).body,
    ).toHaveLength(1)
    expect((aliceBefore[`/file-service/list?parent=${aliceDrive.sub}&trashMode=false`] as any).body).toHaveLength(1)
    expect((aliceBefore[`thumbnail ${aliceDrive.thumbnailID}`] as any).status).toBe(200)
    expect((aliceBefore[`/file-service/info/${aliceDrive.sharedFile}`] as any).body.metadata.linkType).toBe('public')
    // Alice's 8 files and one thumbnail; Bob's 2 files.
    expect(keysBefore).toHaveLength(8 + 1 + 2)
  })

  it.each(rows)(
    'given Bob’s session and Alice’s ids, when %s, then 404 like a made-up id, and nothing changes',
    async (_what, call) => {
      const real = await call(bob, aliceDrive, bobOwn)
      expect({ status: real.status, body: real.body }).toEqual({
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) },
      })
      // No existence oracle: a made-up id gets the very same answer.
      const made = await call(bob, ghost, bobOwn)
      expect({ status: made.status, body: made.body }).toEqual({ status: real.status, body: real.body })
      expect(real.text).not.toContain(aliceDrive.folder)
      expect(await observe(alice, driveFiles(aliceDrive), driveFolders(aliceDrive))).toEqual(aliceBefore)
      expect(await observe(bob, [bobOwn.file, bobOwn.trashedFile], [bobOwn.folder])).toEqual(bobBefore)
      expect(await blobKeys(server)).toEqual(keysBefore)
    },
  )

  it('given the whole matrix ran, then the store and the database still agree', async () => {
    expect(await blobKeys(server)).toEqual(keysBefore)
    await expectConsistent(server, expect)
  })
})

describe('control: the same requests by the owner succeed', () => {
  let carol: Browser
  beforeAll(async () => {
    carol = new Browser(server.url)
    await carol.signup(uniqueEmail('carol'))
  })

  // Each row works on a drive of its own, so the rows can run side by side.
  it.concurrent.for(rows)('given Carol’s own fresh drive, when %s, then 2xx', async ([, call, needs], { expect }) => {
    const drive = await makeDrive(carol, 100, needs === 'media')
    const own = await makeOwn(carol, 200)
    const r = await call(carol, drive, own)
    expect(r.status, r.text.slice(0, 300)).toBeGreaterThanOrEqual(200)
    expect(r.status, r.text.slice(0, 300)).toBeLessThan(300)
  })
})

describe('afterwards', () => {
  it('given the controls ran, then the store and the database still agree', async () => {
    await expectConsistent(server, expect)
  })
})
