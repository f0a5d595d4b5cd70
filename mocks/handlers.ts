// msw handlers for the server contract of DESIGN.md §4 and §7, shared by the app's unit tests
// (msw/node, tests/app/helpers/server.ts) and the app's screen stories (msw's worker, stories/app).
// Only `msw` itself is imported here, so both runtimes can load it.
import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { GroupJson, GroupMemberJson } from '../server/schemas/admin.ts'
import type { FileJson, FolderJson } from '../server/schemas/files.ts'
import type { VersionJson } from '../server/schemas/versions.ts'
import type { MemberShareJson, PersonJson, SharedWithMeEntry } from '../app/api/members.ts'
import { testUser, testUserDetailed } from './fixtures.ts'

/** The server's error body. */
export const apiError = (statusCode: number, code = 'ERROR', message = 'error') =>
  HttpResponse.json({ statusCode, code, message }, { status: statusCode })

export const ok = (body: JsonBodyType = { message: 'ok' }, status = 200) => HttpResponse.json(body, { status })

/** Everyone as GET /admin/groups lists it. */
export const EVERYONE_GROUP: GroupJson = { _id: 'everyone', name: 'Everyone', members: 3, everyone: true }

/** The admin's groups: each group's member ids; Everyone is implied. */
export interface GroupsState {
  groups: Array<{ _id: string; name: string; members: string[] }>
  /** The accounts members are drawn from (for the members list). */
  people: GroupMemberJson[]
}

/**
 * /admin/groups answered from `state` (mutable) as the server does: Everyone first and fixed (403
 * EVERYONE_FIXED), names unique without case (409 GROUP_NAME_TAKEN), members by display name.
 */
export function groupHandlers(state: GroupsState) {
  const fixed = () => apiError(403, 'EVERYONE_FIXED', 'Everyone always holds every account')
  const taken = (name: string, self?: string) =>
    state.groups.some((g) => g._id !== self && g.name.toLowerCase() === name.trim().toLowerCase()) ||
    name.trim().toLowerCase() === 'everyone'
  const json = (g: GroupsState['groups'][number]): GroupJson => ({
    _id: g._id,
    name: g.name,
    members: g.members.length,
  })
  const find = (id: unknown) => state.groups.find((g) => g._id === id)
  const missing = () => apiError(404, 'NOT_FOUND', 'Group not found')
  let next = 0
  return [
    http.get('*/admin/groups', () =>
      ok({
        groups: [
          { ...EVERYONE_GROUP, members: state.people.length },
          ...[...state.groups].sort((a, b) => a.name.localeCompare(b.name)).map(json),
        ],
      }),
    ),
    http.post('*/admin/groups', async ({ request }) => {
      const { name } = (await request.json()) as { name: string }
      if (taken(name)) return apiError(409, 'GROUP_NAME_TAKEN', 'A group of this name exists')
      const group = { _id: `g-new-${++next}`, name: name.trim(), members: [] }
      state.groups.push(group)
      return ok({ group: json(group) }, 201)
    }),
    http.patch('*/admin/groups/:id', async ({ params, request }) => {
      if (params.id === 'everyone') return fixed()
      const group = find(params.id)
      if (!group) return missing()
      const { name } = (await request.json()) as { name: string }
      if (taken(name, group._id)) return apiError(409, 'GROUP_NAME_TAKEN', 'A group of this name exists')
      group.name = name.trim()
      return ok({ group: json(group) })
    }),
    http.delete('*/admin/groups/:id', ({ params }) => {
      if (params.id === 'everyone') return fixed()
      if (!find(params.id)) return missing()
      state.groups = state.groups.filter((g) => g._id !== params.id)
      return ok({ message: 'Group deleted' })
    }),
    http.get('*/admin/groups/:id/members', ({ params }) => {
      const ids = params.id === 'everyone' ? state.people.map((p) => p._id) : find(params.id)?.members
      if (!ids) return missing()
      const members = state.people.filter((p) => ids.includes(p._id))
      return ok({ members: members.sort((a, b) => a.displayName.localeCompare(b.displayName)) })
    }),
    http.post('*/admin/groups/:id/members', async ({ params, request }) => {
      if (params.id === 'everyone') return fixed()
      const group = find(params.id)
      if (!group) return missing()
      const { userId } = (await request.json()) as { userId: string }
      const person = state.people.find((p) => p._id === userId)
      if (!person) return apiError(404, 'NOT_FOUND', 'User not found')
      if (!group.members.includes(userId)) group.members.push(userId)
      return ok({ member: person }, 201)
    }),
    http.delete('*/admin/groups/:id/members/:userId', ({ params }) => {
      if (params.id === 'everyone') return fixed()
      const group = find(params.id)
      if (!group) return missing()
      if (!group.members.includes(String(params.userId))) return apiError(404, 'NOT_FOUND', 'User not found')
      group.members = group.members.filter((m) => m !== params.userId)
      return ok({ message: 'Member removed' })
    }),
  ]
}

/** A live session for the test user, an empty drive, and every account list empty. */
export const defaultHandlers = [
  http.post('*/user-service/get-token', () => ok({ message: 'Token refreshed' })),
  http.get('*/user-service/user', () => ok(testUser)),
  http.get('*/user-service/user-detailed', () => ok(testUserDetailed)),
  // An empty drive: the file screens read these on every visit.
  http.get('*/file-service/list', () => ok([])),
  http.get('*/file-service/quick-list', () => ok([])),
  http.get('*/folder-service/list', () => ok([])),
  http.get('*/folder-service/info/:id', ({ params }) =>
    ok({
      _id: params.id,
      name: 'A folder',
      parent: '/',
      parentList: ['/'],
      createdAt: testUser.createdAt,
      updatedAt: testUser.createdAt,
    }),
  ),
  http.get('*/file-service/suggested-list', () => ok({ folderList: [], fileList: [] })),
  // No share links yet (the share dialogs and /shared read them).
  http.get('*/share-service/links', () => ok({ links: [] })),
  http.get('*/share-service/links/:id/uploads', () => ok({ uploads: [] })),
  // Nothing shared with other accounts, nothing shared with the user, nobody to suggest (issue #39).
  http.get('*/share-service/members', () => ok({ shares: [] })),
  http.get('*/share-service/shared-with-me', () => ok({ items: [] })),
  http.get('*/share-service/people', () => ok({ people: [] })),
  // Settings → Account (DESIGN §7): this device only, no app passwords, no activity.
  http.get('*/user-service/sessions', () =>
    ok({
      sessions: [
        {
          _id: 's1',
          current: true,
          browser: 'Firefox 133',
          os: 'Linux',
          ip: '192.0.2.1',
          createdAt: testUser.createdAt,
          lastSeenAt: testUser.createdAt,
        },
      ],
    }),
  ),
  http.get('*/user-service/app-passwords', () => ok({ appPasswords: [], davUrl: 'http://localhost:3000/dav/' })),
  http.get('*/user-service/audit', () => ok({ events: [], nextCursor: null })),
  // Two-step verification is off.
  http.get('*/user-service/totp', () => ok({ enabled: false, recoveryCodesLeft: 0 })),
  // No single sign-on set up (the sign-in screen asks).
  http.get('*/auth/oidc', () => ok({ enabled: false })),
  http.get('*/user-service/webauthn/passkeys', () => ok({ passkeys: [], available: true })),
  // The admin's groups (DESIGN §8): only Everyone.
  http.get('*/admin/groups', () => ok({ groups: [EVERYONE_GROUP] })),
  http.get('*/admin/groups/:id/members', () => ok({ members: [] })),
  // The display name (DESIGN §8 "Names"), applied to the test user.
  http.patch('*/user-service/display-name', async ({ request }) => {
    const { displayName } = (await request.json()) as { displayName: string }
    return ok({ ...testUser, displayName: displayName.trim() })
  }),
]

export interface Drive {
  files: FileJson[]
  folders: FolderJson[]
}

/**
 * Handlers that answer every list from `drive` (mutable: callers may change it between requests),
 * paged like the server: `limit`, then a cursor after the last item's id.
 */
export function driveHandlers(drive: Drive) {
  return [
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
      return folder ? ok(folder) : apiError(404, 'NOT_FOUND', 'Not found')
    }),
    http.get('*/file-service/suggested-list', () => ok({ folderList: [], fileList: [] })),
  ]
}

/** A picture for any thumbnail or preview id: an SVG landscape whose hue follows the id. */
export function thumbnailSvg(id: string): string {
  const hue = [...id].reduce((sum, c) => sum + c.charCodeAt(0) * 47, 0) % 360
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="hsl(${hue},55%,62%)"/><circle cx="240" cy="60" r="28" fill="hsl(${hue},80%,88%)"/><path d="M0 200L110 90l80 80 50-40 80 70z" fill="hsl(${(hue + 30) % 360},45%,30%)"/></svg>`
}

const svg = (id: string) => new HttpResponse(thumbnailSvg(id), { headers: { 'Content-Type': 'image/svg+xml' } })

/** Thumbnails and full-size previews (SPEC §2 file cards and the viewer), drawn, never fetched. */
export const thumbnailHandlers = [
  http.get('*/file-service/thumbnail/:id', ({ params }) => svg(String(params.id))),
  http.get('*/file-service/full-thumbnail/:id', ({ params }) => svg(String(params.id))),
  // The viewer's info pane: every photo was taken by the same camera.
  http.get('*/file-service/media-info/:id', () => ok(sampleMediaInfo)),
]

/** What GET /file-service/media-info answers for any photo in the mocks. */
export const sampleMediaInfo = {
  width: 4032,
  height: 3024,
  takenDate: '2024-07-14T09:30:00.000Z',
  photo: {
    camera: 'Pixel 8',
    lens: 'Pixel 8 back camera 6.9mm f/1.68',
    exposureTime: 0.004,
    fNumber: 1.8,
    iso: 100,
    focalLength: 26,
    gps: { latitude: 48.85837, longitude: 2.29448 },
  },
}

/**
 * Videos (SPEC §4 "Video"): the stream token is granted and removed; the stream itself is not
 * served (no video plays in a test or a story), so a player shows its error, never a real server's reply.
 */
export const videoHandlers = [
  http.get('*/file-service/download/access-token-stream-video', () => ok()),
  http.delete('*/file-service/remove-stream-video-token', () => ok()),
  http.get('*/file-service/stream-video/:id', () => apiError(404, 'NOT_FOUND', 'Not found')),
]

export interface Sharing {
  /** Every member share of the user's items (the share dialogs' access lists). */
  shares: MemberShareJson[]
  /** The people of the server, as /share-service/people suggests them. */
  people: PersonJson[]
  /** What others share with the user. */
  sharedWithMe: SharedWithMeEntry[]
  /** Entries per page of Shared with me (its `next` cursor is the next index). */
  pageSize?: number
}

const personName = (p: PersonJson) => (p.type === 'group' ? p.name : p.displayName)

/** Member shares (issue #39) answered from `sharing` (mutable), with the server's codes. */
export function sharingHandlers(sharing: Sharing) {
  let seq = sharing.shares.length
  return [
    http.get('*/share-service/members', ({ request }) => {
      const q = new URL(request.url).searchParams
      return ok({
        shares: sharing.shares.filter((s) => s.itemId === q.get('itemId') && s.itemType === q.get('itemType')),
      })
    }),
    http.post('*/share-service/members', async ({ request }) => {
      const body = (await request.json()) as {
        itemType: 'file' | 'folder'
        itemId: string
        userId?: string
        groupId?: string
        role: 'viewer' | 'editor'
      }
      const id = body.userId ?? body.groupId
      const person = sharing.people.find((p) => p._id === id)
      if (!person) return apiError(404, 'NOT_FOUND', 'Not found')
      if (sharing.shares.some((s) => s.itemId === body.itemId && s.recipient._id === id))
        return apiError(409, 'ALREADY_SHARED', 'Already shared with this person')
      const share: MemberShareJson = {
        _id: `m${++seq}`,
        itemType: body.itemType,
        itemId: body.itemId,
        role: body.role,
        recipient: {
          type: person.type,
          _id: person._id,
          displayName: personName(person),
          ...(person.type === 'user' ? { email: person.email } : {}),
        },
        createdAt: '2024-03-07T21:05:00.000Z',
      }
      sharing.shares.push(share)
      return ok({ share }, 201)
    }),
    http.patch('*/share-service/members/:id', async ({ params, request }) => {
      const share = sharing.shares.find((s) => s._id === params.id)
      if (!share) return apiError(404, 'NOT_FOUND', 'Not found')
      share.role = ((await request.json()) as { role: 'viewer' | 'editor' }).role
      return ok({ share })
    }),
    http.delete('*/share-service/members/:id', ({ params }) => {
      const at = sharing.shares.findIndex((s) => s._id === params.id)
      if (at < 0) return apiError(404, 'NOT_FOUND', 'Not found')
      sharing.shares.splice(at, 1)
      return ok({ message: 'Share removed' })
    }),
    http.get('*/share-service/shared-with-me', ({ request }) => {
      const q = new URL(request.url).searchParams
      const size = sharing.pageSize ?? Number(q.get('limit') ?? 50)
      const start = Number(q.get('startAt') ?? 0)
      const items = sharing.sharedWithMe.slice(start, start + size)
      const next = start + size < sharing.sharedWithMe.length ? String(start + size) : undefined
      return ok({ items, ...(next ? { next } : {}) })
    }),
    http.get('*/share-service/people', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase()
      return ok({
        people: sharing.people.filter(
          (p) => personName(p).toLowerCase().includes(q) || (p.type === 'user' && p.email.includes(q)),
        ),
      })
    }),
  ]
}

/**
 * Text previews (GET /file-service/text/{id}, DESIGN.md §8): `texts` maps a file id to its text,
 * sent as the server does (text/plain, X-Truncated); an id not in it is 404.
 */
export function textHandlers(texts: Record<string, string | { text: string; truncated: boolean }>) {
  return [
    http.get('*/file-service/text/:id', ({ params }) => {
      const entry = texts[String(params.id)]
      if (entry === undefined) return apiError(404, 'NOT_FOUND', 'File not found')
      const { text, truncated } = typeof entry === 'string' ? { text: entry, truncated: false } : entry
      return new HttpResponse(text, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Truncated': String(truncated) },
      })
    }),
  ]
}

/** Files' versions (DESIGN.md §8 "Versions"), mutable like `Drive`: what the handlers answer from. */
export interface Versions {
  /** Each file's versions, newest first, by file id; a file not in it is 404. */
  versions: Record<string, VersionJson[]>
  /** The drive whose files a restore changes (optional: without it a restore answers a bare record). */
  drive?: Drive
}

/**
 * A file's versions as the server keeps them: GET lists them, …/download sends the version's
 * content, POST …/restore makes one current (the current content becomes the newest version) and
 * answers the file, DELETE removes one (204). A version id not of that file is 404.
 */
export function versionHandlers(state: Versions) {
  const missing = () => apiError(404, 'NOT_FOUND', 'Version not found')
  const find = (id: unknown, vid: unknown) => {
    const list = state.versions[String(id)]
    const version = list?.find((v) => v._id === vid)
    return list && version ? { list, version } : null
  }
  let restores = 0
  return [
    http.get('*/file-service/:id/versions', ({ params }) => {
      const list = state.versions[String(params.id)]
      return list ? ok({ versions: list }) : apiError(404, 'NOT_FOUND', 'File not found')
    }),
    http.get('*/file-service/:id/versions/:vid/download', ({ params }) =>
      find(params.id, params.vid)
        ? new HttpResponse(`content of ${String(params.vid)}`, {
            headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment' },
          })
        : missing(),
    ),
    http.post('*/file-service/:id/versions/:vid/restore', ({ params }) => {
      const found = find(params.id, params.vid)
      if (!found) return missing()
      const id = String(params.id)
      const file = state.drive?.files.find((f) => f._id === id)
      const was: VersionJson = {
        _id: `restored-${++restores}`,
        size: file?.metadata.size ?? file?.length ?? 0,
        createdAt: file?.uploadDate ?? new Date(0).toISOString(),
        addedBy: null,
        sha256: '0'.repeat(64),
      }
      state.versions[id] = [was, ...found.list.filter((v) => v !== found.version)]
      const now = new Date().toISOString()
      const restored = file
        ? {
            ...file,
            length: found.version.size,
            uploadDate: now,
            metadata: { ...file.metadata, size: found.version.size },
          }
        : { _id: id, length: found.version.size, uploadDate: now }
      if (state.drive && file)
        state.drive.files = state.drive.files.map((f) => (f._id === id ? (restored as FileJson) : f))
      return ok(restored)
    }),
    http.delete('*/file-service/:id/versions/:vid', ({ params }) => {
      const found = find(params.id, params.vid)
      if (!found) return missing()
      state.versions[String(params.id)] = found.list.filter((v) => v !== found.version)
      return new HttpResponse(null, { status: 204 })
    }),
  ]
}
