// SWR keys: one place that names every cached read, so writes can mutate() exactly the keys that
// read the data. A key is [path, params?]; hooks/swr-config.ts fetches it with http.get.
import type { Params } from './http.ts'
import type { FileListParams, SuggestionsParams } from './files.ts'
import type { FolderListParams, MoveFolderListParams } from './folders.ts'
import { mediaInfoUrl, publicInfoUrl } from './files.ts'

export type Key = readonly [path: string, params?: Params]

const key = (path: string, params?: object): Key => (params ? [path, params as Params] : [path])

export const keys = {
  user: () => key('/user-service/user'),
  userDetailed: () => key('/user-service/user-detailed'),
  publicFile: (id: string, tempToken: string) => key(publicInfoUrl(id, tempToken)),
  mediaInfo: (id: string) => key(mediaInfoUrl(id)),
  files: (params: FileListParams) => key('/file-service/list', params),
  quickList: (limit = 20) => key('/file-service/quick-list', { limit }),
  suggestions: (params: SuggestionsParams) => key('/file-service/suggested-list', params),
  folders: (params: FolderListParams) => key('/folder-service/list', params),
  folderInfo: (id: string) => key(`/folder-service/info/${encodeURIComponent(id)}`),
  textPreview: (id: string) => key(`/file-service/text/${encodeURIComponent(id)}`),
  // A file's versions (api/versions.ts), spelled here so this first-load module stays without it.
  versions: (fileId: string) => key(`/file-service/${encodeURIComponent(fileId)}/versions`),
  // The owner's links (api/share-links.ts), spelled here so this first-load module stays without it.
  shareLinks: () => key('/share-service/links'),
  linkUploads: (linkId: string) => key(`/share-service/links/${encodeURIComponent(linkId)}/uploads`),
  // Member shares (api/members.ts), spelled here so this first-load module stays without it.
  members: (itemType: 'file' | 'folder', itemId: string) => key('/share-service/members', { itemType, itemId }),
  // What is shared with the user, in pages; Media reads one item to know whether to include it.
  sharedWithMe: (params: { limit: number; startAt?: string }) => key('/share-service/shared-with-me', params),
  people: (q: string) => key('/share-service/people', { q }),
  moveFolders: ({ folderIDs, ...rest }: MoveFolderListParams) =>
    key('/folder-service/move-folder-list', { ...rest, 'folderIDs[]': folderIDs }),
  // Accounts (DESIGN.md §7): the user's devices, app passwords and activity, and the admin's
  // users and everyone's activity; paths spelled here so this first-load module stays without them.
  sessions: () => key('/user-service/sessions'),
  appPasswords: () => key('/user-service/app-passwords'),
  totp: () => key('/user-service/totp'),
  audit: (params: object) => key('/user-service/audit', params),
  adminUsers: () => key('/admin/users'),
  adminInvites: () => key('/admin/invites'),
  adminAudit: (params: object) => key('/admin/audit', params),
  // The admin's groups (DESIGN.md §8), and one group's members.
  adminGroups: () => key('/admin/groups'),
  adminGroupMembers: (id: string) => key(`/admin/groups/${encodeURIComponent(id)}/members`),
  // Settings → Server: version, storage, disk, last backup, queues and warnings.
  adminServer: () => key('/admin/server'),
  // A share link's visitor side (DESIGN.md §7); the paths are public-share.ts's, spelled here so
  // this first-load module does not pull that lazy one in.
  publicShare: (token: string) => key(`/share-service/public/${encodeURIComponent(token)}`),
  publicShareList: (token: string, params: object) =>
    key(`/share-service/public/${encodeURIComponent(token)}/list`, params),
}

/** A mutate() filter for every key under `path`, e.g. `keyStartsWith('/file-service/list')`. */
export const keyStartsWith = (path: string) => (candidate: unknown) =>
  Array.isArray(candidate) && typeof candidate[0] === 'string' && candidate[0].startsWith(path)
