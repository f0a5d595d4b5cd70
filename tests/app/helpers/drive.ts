// An in-memory drive behind msw for the file-screen tests: folder and file records shaped like the
// server's (DESIGN.md §4), and list handlers that page like it (limit, then a cursor after the
// last item's id).
import type { FileJson, FolderJson } from '../../../server/schemas/files.ts'
import { http, ok, server } from './server.ts'

const at = (i: number) => new Date(Date.UTC(2024, 2, 7, 21, 5) - i * 60_000).toISOString()

export function makeFile(i: number, over: Partial<Omit<FileJson, 'metadata'>> & { metadata?: Partial<FileJson['metadata']> } = {}): FileJson {
  const { metadata, ...rest } = over
  return {
    _id: `file-${i}`,
    filename: `report-${i}.pdf`,
    length: 1000 + i,
    uploadDate: at(i),
    ...rest,
    metadata: { parent: '/', size: 1000 + i, hasThumbnail: false, isVideo: false, thumbnailID: '', ...metadata },
  }
}

export function makeFolder(i: number, over: Partial<FolderJson> = {}): FolderJson {
  return { _id: `folder-${i}`, name: `Folder ${i}`, parent: '/', parentList: ['/'], createdAt: at(i), updatedAt: at(i), ...over }
}

export interface Drive {
  files: FileJson[]
  folders: FolderJson[]
}

/** Serves `drive` (mutable: tests may change it between requests); every list answers from it. */
export function serveDrive(drive: Drive): Drive {
  server.use(
    http.get('*/file-service/list', ({ request }) => {
      const q = new URL(request.url).searchParams
      const limit = Number(q.get('limit') ?? 50)
      let list = drive.files
      const after = q.get('startAtId')
      if (after) list = list.slice(list.findIndex((f) => f._id === after) + 1)
      return ok(list.slice(0, limit))
    }),
    http.get('*/file-service/quick-list', () => ok(drive.files.slice(0, 20))),
    http.get('*/folder-service/list', () => ok(drive.folders)),
    http.get('*/folder-service/info/:id', ({ params }) => {
      const folder = drive.folders.find((f) => f._id === params.id)
      return folder ? ok(folder) : ok({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404)
    }),
    http.get('*/file-service/suggested-list', () => ok({ folderList: [], fileList: [] })),
  )
  return drive
}
