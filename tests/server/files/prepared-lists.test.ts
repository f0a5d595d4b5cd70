// The lists compiled once per shape (repositories/files.ts, db/prepared.ts) give the rows the
// query built by Kysely each time gives, for every sort, scope and kind of cursor: a value bound
// to the wrong place (owner for folder, cursor id for cursor key, limit) changes the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileRow } from '../../../server/db/schema.ts'
import type { FileQuery } from '../../../server/repositories/files.ts'
import type { SortBy } from '../../../server/schemas/files.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let owner: string
let folderId: string
const ROWS = 36
const EXTENSIONS = ['txt', 'pdf', 'jpg']

const file = (i: number, over: Partial<FileRow>): FileRow => ({
  id: `prep-${String(i).padStart(3, '0')}`,
  owner_id: owner,
  folder_id: null,
  added_by: null,
  // Few distinct names, types, sizes and dates: paging must break ties on the id.
  filename: `Name ${i % 5}.${EXTENSIONS[i % 3]}`,
  name_key: `name ${i % 5}.${EXTENSIONS[i % 3]}`,
  accent_key: null,
  type_key: EXTENSIONS[i % 3]!,
  size: 100 + (i % 5),
  sha256: 'x',
  blob_key: `prep-${i}`,
  mime: 'text/plain',
  upload_date: 1_700_000_000_000 + Math.floor(i / 3) * 1000,
  // The gallery's order (taken date) runs against the upload order, with ties of its own.
  taken_date: 1_600_000_000_000 - Math.floor(i / 4) * 1000,
  trashed: 0,
  trash_root: 0,
  trashed_at: null,
  link_type: null,
  link_token: null,
  is_video: i % 2,
  has_thumbnail: 0,
  thumbnail_id: null,
  width: null,
  height: null,
  media_info: null,
  thumbnail_key: null,
  media: i % 3 === 0 ? 1 : 0,
  enc: null,
  thumb_state: 'none',
  thumb_enc: null,
  thumb_size: null,
  preview_key: null,
  preview_enc: null,
  preview_size: null,
  preview_type: null,
  ...over,
})

beforeAll(async () => {
  server = await startServer()
  const alice = new Browser(server.url)
  owner = (await alice.signup(uniqueEmail('prepared'))).user._id
  folderId = (await alice.post('/folder-service/create', { name: 'Prepared' })).body._id
  const { drive } = server.app.cumulus
  for (let i = 0; i < ROWS; i++) {
    // A third in the folder, a third at Home, a third trashed on their own; every third one in the gallery.
    const where =
      i % 3 === 0
        ? { folder_id: folderId }
        : i % 3 === 1
          ? {}
          : { trashed: 1, trash_root: 1, trashed_at: 1_650_000_000_000 + Math.floor(i / 5) * 1000 }
    await drive.files.insertFile(file(i, where))
  }
})
afterAll(() => server.close())

const SORTS: SortBy[] = [
  'date_desc',
  'date_asc',
  'alp_desc',
  'alp_asc',
  'size_desc',
  'size_asc',
  'type_desc',
  'type_asc',
]
const scopes = (): Record<string, Omit<FileQuery, 'sort' | 'limit'>> => ({
  folder: { trashed: false, folderId },
  home: { trashed: false, folderId: null },
  'trash roots': { trashed: true, trashRootsOnly: true },
  'whole drive': { trashed: false },
  videos: { trashed: false, media: 'videos' },
})

describe('precompiled file lists', () => {
  it('given each sort, scope and cursor kind, then the precompiled page equals the Kysely-built one, and is neither empty nor everything', async () => {
    const { files } = server.app.cumulus.drive
    for (const sort of SORTS) {
      for (const [label, scope] of Object.entries(scopes())) {
        const all = await files.listFiles(owner, { ...scope, sort, limit: 1000 })
        expect(all.length, label).toBeGreaterThan(3)
        // A cursor in the middle, on a row whose key ties with its neighbours.
        const at = all[Math.floor(all.length / 2)]!
        const key = sort.startsWith('alp')
          ? { name: at.filename }
          : sort.startsWith('size')
            ? { size: at.size }
            : sort.startsWith('type')
              ? { name: at.filename, type: at.filename.split('.').at(-1)!.toLowerCase() }
              : { date: scope.media ? at.taken_date : scope.trashed ? at.trashed_at! : at.upload_date }
        const cursors = { none: undefined, key, 'key+id': { ...key, id: at.id } }
        for (const [kind, cursor] of Object.entries(cursors)) {
          const pages: Record<number, unknown[]> = {}
          for (const limit of [1000, 2]) {
            const f: FileQuery = { ...scope, sort, limit, ...(cursor ? { cursor } : {}) }
            const precompiled = await files.listFiles(owner, f)
            expect(precompiled, `${sort} ${label} ${kind} limit ${limit}`).toEqual(
              await (await files.fileListQuery(owner, f)).execute(),
            )
            pages[limit] = precompiled
          }
          const where = `${sort} ${label} ${kind}`
          expect(pages[1000]!.length, where).toBeGreaterThan(0)
          if (cursor) expect(pages[1000]!.length, where).toBeLessThan(all.length)
          expect(pages[2], where).toEqual(pages[1000]!.slice(0, 2))
        }
      }
    }
  })

  it('given another owner, then the precompiled list shows none of these rows', async () => {
    const { files } = server.app.cumulus.drive
    expect(await files.listFiles('someone-else', { trashed: false, folderId, sort: 'date_desc', limit: 50 })).toEqual(
      [],
    )
  })
})
