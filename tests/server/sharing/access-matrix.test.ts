// The access matrix (DESIGN.md §8): every id route × every kind of caller → the exact status.
// Anna owns a folder "Shared" with files, a subfolder, a photo and a trashed file, and a private
// file at Home. Ben is an editor of "Shared", Carla a viewer, Dan a viewer through a group, Eve
// a stranger, Gina a viewer whose share was removed, Frank an editor whose account was disabled.
// Each row runs on a fresh copy of Anna's drive for each caller; a refused call must leave her
// drive exactly as it was (same names, same places, same trash, no new share or link).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, type Reply } from '../helpers/client.ts'
import { makeImage } from '../helpers/media.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

type Caller = 'owner' | 'editor' | 'viewer' | 'group' | 'stranger' | 'exMember' | 'disabled'
const CALLERS: Caller[] = ['owner', 'editor', 'viewer', 'group', 'stranger', 'exMember', 'disabled']

/** Anna's drive for one case. */
interface Drive {
  shared: string
  file: string
  sub: string
  inSub: string
  sub2: string
  photo: string
  thumbnailID: string
  trashed: string
  privateFile: string
  privateFolder: string
}

/**
 * What a kind of route allows: `read` every member; `write` owners and editors; `own` the owner
 * alone (403 for members, who can see the item); `hidden` the owner alone, unseen by members (404).
 */
type Kind = 'read' | 'write' | 'own' | 'hidden'
type Row = [
  what: string,
  kind: Kind,
  ok: number,
  call: (u: Browser, d: Drive, who: Record<string, Member>) => Promise<Reply>,
]

const tus = (u: Browser, parent: string) =>
  u.request('POST', '/file-service/uploads', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '4',
      'upload-metadata': `filename ${Buffer.from('t.txt').toString('base64')},parent ${Buffer.from(parent).toString('base64')}`,
    },
  })

/** The viewer's <video>: the stream cookie first, then the stream route. */
const stream = async (u: Browser, id: string) => {
  await u.get('/file-service/download/access-token-stream-video')
  return u.get(`/file-service/stream-video/${id}`, { range: 'bytes=0-1' })
}

const rows: Row[] = [
  ['GET file list of the shared folder', 'read', 200, (u, d) => u.get(`/file-service/list?parent=${d.shared}`)],
  ['GET folder list of the shared folder', 'read', 200, (u, d) => u.get(`/folder-service/list?parent=${d.shared}`)],
  [
    'GET file list of a subfolder, by name',
    'read',
    200,
    (u, d) => u.get(`/file-service/list?parent=${d.sub}&sortBy=alp_asc`),
  ],
  ['GET file info', 'read', 200, (u, d) => u.get(`/file-service/info/${d.file}`)],
  ['GET folder info of a subfolder', 'read', 200, (u, d) => u.get(`/folder-service/info/${d.sub}`)],
  ['GET download', 'read', 200, (u, d) => u.get(`/file-service/download/${d.inSub}`)],
  ['GET ranged download', 'read', 206, (u, d) => u.get(`/file-service/download/${d.file}`, { range: 'bytes=0-1' })],
  ['GET thumbnail', 'read', 200, (u, d) => u.get(`/file-service/thumbnail/${d.thumbnailID}`)],
  ['GET full-size preview', 'read', 200, (u, d) => u.get(`/file-service/full-thumbnail/${d.photo}`)],
  ['GET text preview', 'read', 200, (u, d) => u.get(`/file-service/text/${d.inSub}`)],
  ['GET stream-video with the stream cookie', 'read', 206, (u, d) => stream(u, d.file)],
  [
    'GET zip of a subfolder and a file',
    'read',
    200,
    (u, d) => u.get(`/folder-service/download-zip?folderIDs[]=${d.sub}&fileIDs[]=${d.file}`),
  ],
  [
    'GET move targets inside the share',
    'read',
    200,
    (u, d) => u.get(`/folder-service/move-folder-list?parent=${d.shared}`),
  ],
  ['GET who has access', 'read', 200, (u, d) => u.get(`/share-service/members?itemType=folder&itemId=${d.shared}`)],
  ['PATCH file rename', 'write', 200, (u, d) => u.patch('/file-service/rename', { id: d.file, title: 'renamed.txt' })],
  ['PATCH folder rename', 'write', 200, (u, d) => u.patch('/folder-service/rename', { id: d.sub, title: 'Renamed' })],
  ['PATCH file move inside', 'write', 200, (u, d) => u.patch('/file-service/move', { id: d.file, parentID: d.sub })],
  [
    'PATCH folder move inside',
    'write',
    200,
    (u, d) => u.patch('/folder-service/move', { id: d.sub2, parentID: d.sub }),
  ],
  ['PATCH file trash', 'write', 200, (u, d) => u.patch('/file-service/trash', { id: d.file })],
  ['PATCH folder trash', 'write', 200, (u, d) => u.patch('/folder-service/trash', { id: d.sub })],
  [
    'PATCH trash-multi',
    'write',
    200,
    (u, d) =>
      u.patch('/file-service/trash-multi', {
        items: [
          { id: d.file, type: 'file' },
          { id: d.sub2, type: 'folder' },
        ],
      }),
  ],
  [
    'PATCH move-multi inside',
    'write',
    200,
    (u, d) => u.patch('/file-service/move-multi', { items: [{ id: d.file, type: 'file' }], parentID: d.sub }),
  ],
  ['POST create folder', 'write', 201, (u, d) => u.post('/folder-service/create', { name: 'New', parent: d.shared })],
  ['POST upload', 'write', 201, (u, d) => u.upload('up.txt', 'data', d.shared)],
  ['POST folder upload', 'write', 201, (u, d) => u.uploadFolder({ 'Trip/a.txt': 'a' }, d.shared)],
  ['POST tus upload', 'write', 201, (u, d) => tus(u, d.shared)],
  ['POST copy', 'write', 201, (u, d) => u.post(`/file-service/${d.file}/copy`)],
  ['PATCH move out of the share', 'own', 200, (u, d) => u.patch('/file-service/move', { id: d.file, parentID: '/' })],
  [
    'PATCH rename the shared folder itself',
    'own',
    200,
    (u, d) => u.patch('/folder-service/rename', { id: d.shared, title: 'Renamed share' }),
  ],
  ['PATCH trash the shared folder itself', 'own', 200, (u, d) => u.patch('/folder-service/trash', { id: d.shared })],
  ['PATCH make a public link', 'own', 200, (u, d) => u.patch(`/file-service/make-public/${d.file}`)],
  ['POST a share link', 'own', 201, (u, d) => u.post('/share-service/links', { itemType: 'folder', itemId: d.shared })],
  [
    'POST share further',
    'own',
    201,
    (u, d, who) =>
      u.post('/share-service/members', { itemType: 'file', itemId: d.file, userId: who.stranger!.id, role: 'viewer' }),
  ],
  ['GET info of a trashed file', 'hidden', 200, (u, d) => u.get(`/file-service/info/${d.trashed}`)],
  ['PATCH restore', 'hidden', 200, (u, d) => u.patch('/file-service/restore', { id: d.trashed })],
  ['DELETE remove forever', 'hidden', 200, (u, d) => u.delete('/file-service/remove', { id: d.trashed })],
  ['GET info of a private file', 'hidden', 200, (u, d) => u.get(`/file-service/info/${d.privateFile}`)],
  ['GET download of a private file', 'hidden', 200, (u, d) => u.get(`/file-service/download/${d.privateFile}`)],
  ['GET text preview of a private file', 'hidden', 200, (u, d) => u.get(`/file-service/text/${d.privateFile}`)],
  ['GET a list of a private folder', 'hidden', 200, (u, d) => u.get(`/file-service/list?parent=${d.privateFolder}`)],
  ['GET stream-video of a private file', 'hidden', 206, (u, d) => stream(u, d.privateFile)],
  ['GET stream-video of a trashed file', 'hidden', 206, (u, d) => stream(u, d.trashed)],
  [
    'PATCH rename a private file',
    'hidden',
    200,
    (u, d) => u.patch('/file-service/rename', { id: d.privateFile, title: 'x.txt' }),
  ],
  [
    'GET zip with a private file beside a shared one',
    'hidden',
    200,
    (u, d) => u.get(`/folder-service/download-zip?fileIDs[]=${d.file}&fileIDs[]=${d.privateFile}`),
  ],
  [
    'GET folder list of a private folder, searched',
    'hidden',
    200,
    (u, d) => u.get(`/folder-service/list?parent=${d.privateFolder}&search=a`),
  ],
]

/** The status `caller` must get on a row of `kind` (its success status `ok`). */
function expected(kind: Kind, ok: number, caller: Caller): number {
  if (caller === 'owner') return ok
  if (caller === 'disabled') return 401
  if (caller === 'stranger' || caller === 'exMember') return 404
  if (kind === 'hidden') return 404
  if (kind === 'read') return ok
  if (kind === 'own') return 403
  return caller === 'editor' ? ok : 403
}

let server: TestServer
let who: Record<Caller, Member>
let group: string
let photo: Buffer

async function freshDrive(): Promise<Drive> {
  const anna = who.owner.browser
  const shared = (await anna.post('/folder-service/create', { name: 'Shared' })).body._id
  const sub = (await anna.post('/folder-service/create', { name: 'Sub', parent: shared })).body._id
  const sub2 = (await anna.post('/folder-service/create', { name: 'Sub2', parent: shared })).body._id
  const file = (await anna.upload('file.txt', 'hello', shared)).body._id
  const inSub = (await anna.upload('inside.txt', 'inside', sub)).body._id
  const img = (await anna.upload('photo.png', photo, shared)).body._id
  const trashed = (await anna.upload('gone.txt', 'gone', shared)).body._id
  await anna.patch('/file-service/trash', { id: trashed })
  const privateFile = (await anna.upload('private.txt', 'mine', '/')).body._id
  const privateFolder = (await anna.post('/folder-service/create', { name: 'Private' })).body._id
  await server.app.cumulus.thumbnails.idle()
  const thumbnailID = (await anna.get(`/file-service/info/${img}`)).body.metadata.thumbnailID
  const folder = { type: 'folder' as const, id: shared }
  await shareWith(server, who.owner, folder, who.editor, 'editor')
  await shareWith(server, who.owner, folder, who.viewer, 'viewer')
  await shareWith(server, who.owner, folder, { id: group, type: 'group' }, 'viewer')
  await shareWith(server, who.owner, folder, who.disabled, 'editor')
  const ended = await shareWith(server, who.owner, folder, who.exMember, 'viewer')
  await server.app.cumulus.drive.memberShares.remove(ended)
  return { shared, file, sub, inSub, sub2, photo: img, thumbnailID, trashed, privateFile, privateFolder }
}

/** What must not change when a call is refused: Anna's names, places and trash, her links and shares. */
async function snapshot(): Promise<unknown> {
  const { db } = server.app.cumulus
  const owner = who.owner.id
  const [files, folders, links, shares] = await Promise.all([
    db
      .selectFrom('files')
      .select(['id', 'filename', 'folder_id', 'trashed', 'link_type'])
      .where('owner_id', '=', owner)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('folders')
      .select(['id', 'name', 'parent_id', 'trashed'])
      .where('owner_id', '=', owner)
      .orderBy('id')
      .execute(),
    db.selectFrom('share_links').select('id').where('owner_id', '=', owner).orderBy('id').execute(),
    db.selectFrom('member_shares').select('id').where('owner_id', '=', owner).orderBy('id').execute(),
  ])
  return { files, folders, links, shares }
}

beforeAll(async () => {
  server = await startServer({ limits: { loginPerIp: 10_000 } })
  photo = await makeImage('png')
  // One at a time: the first account is the server's admin, and that must be Anna.
  const list: Member[] = []
  for (const c of CALLERS) list.push(await member(server, c))
  who = Object.fromEntries(CALLERS.map((c, i) => [c, list[i]!])) as Record<Caller, Member>
  group = 'matrix-group'
  const { db } = server.app.cumulus
  await db
    .insertInto('groups')
    .values({ id: group, name: 'Matrix', name_key: 'matrix', created_at: Date.now() })
    .execute()
  await db
    .insertInto('group_members')
    .values({ group_id: group, user_id: who.group.id, added_at: Date.now() })
    .execute()
  // The first account is the admin: Anna disables Frank through the admin route, which ends his sessions.
  const off = await who.owner.browser.patch(`/admin/users/${who.disabled.id}`, { disabled: true })
  expect(off.status).toBe(200)
}, 60_000)
afterAll(() => server.close())

describe('the access matrix', () => {
  for (const [what, kind, ok, call] of rows) {
    it(`${what}: owner ${ok}, editor/viewer/group/stranger/ex-member/disabled as their roles allow`, async () => {
      const got: Record<string, number> = {}
      const want: Record<string, number> = {}
      for (const caller of CALLERS) {
        const drive = await freshDrive()
        const before = await snapshot()
        const reply = await call(who[caller].browser, drive, who)
        got[caller] = reply.status
        want[caller] = expected(kind, ok, caller)
        if (reply.status >= 400) {
          expect(await snapshot(), `${caller} changed nothing`).toEqual(before)
          // No existence oracle: an unreachable id reads exactly as a made-up one.
          if (reply.status === 404) expect(reply.body.code).toBe('NOT_FOUND')
        }
      }
      expect(got).toEqual(want)
    }, 60_000)
  }
})
