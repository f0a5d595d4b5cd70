// The anonymous side of share links (DESIGN.md §7 "Share links"), `/share-service/public/{token}`:
// what a visitor of `/s/{token}` reads, unlocks, downloads and sends. No session is involved, so
// http.ts never refreshes a token on these calls' 401 (it is the link asking for its password).
// Reads go through SWR (keys.ts); downloads are plain navigations or element sources, which carry
// the link-scoped unlock cookie on their own.
import type { FileJson } from '../../server/schemas/files.ts'
import type {
  PublicFolderJson,
  PublicListQuery,
  PublicListReply,
  PublicShareInfo,
} from '../../server/schemas/sharing.ts'
import type { MessageReply } from '../../server/schemas/user.ts'
import { http, type Params } from './http.ts'
import { createResumableUpload, type ResumableEvents } from './resumable.ts'

export type { FileJson, PublicFolderJson, PublicListReply, PublicShareInfo }

/** The paging of SPEC §3 on a folder link's listing; `folder` defaults to the shared root. */
export type PublicListParams = PublicListQuery

const enc = encodeURIComponent

/** The link's base address; every other route hangs below it. */
export const publicShareUrl = (token: string) => `/share-service/public/${enc(token)}`

/** A file link's bytes (an attachment). */
export const sharedFileDownloadUrl = (token: string) => `${publicShareUrl(token)}/download`

/** A file link's preview: its full-size image, or its video for a player. */
export const sharedPreviewUrl = (token: string) => `${publicShareUrl(token)}/preview`

/** A file link's own thumbnail: the page's picture when there is no preview (a video on a limited link). */
export const sharedFileThumbnailUrl = (token: string) => `${publicShareUrl(token)}/thumbnail`

/** A file of a folder link as the viewer shows it: its full-size image, or its video (never a download). */
export const sharedFolderPreviewUrl = (token: string, fileId: string) =>
  `${publicShareUrl(token)}/preview/${enc(fileId)}`

/** A file of a folder link (an attachment; `<img>` and `<video>` read it too). */
export const sharedFolderFileUrl = (token: string, fileId: string) => `${publicShareUrl(token)}/download/${enc(fileId)}`

/** A file's thumbnail inside a folder link (or a file link's own file). */
export const sharedThumbnailUrl = (token: string, fileId: string) => `${publicShareUrl(token)}/thumbnail/${enc(fileId)}`

/** A zip of the selection; with nothing selected, the whole shared folder. */
export function sharedZipUrl(
  token: string,
  selection: { folderIds?: readonly string[]; fileIds?: readonly string[] } = {},
): string {
  const search = new URLSearchParams()
  for (const id of selection.folderIds ?? []) search.append('folderIDs[]', id)
  for (const id of selection.fileIds ?? []) search.append('fileIDs[]', id)
  const query = search.toString()
  return `${publicShareUrl(token)}/zip${query ? `?${query}` : ''}`
}

export const getPublicShare = (token: string) => http.get<PublicShareInfo>(publicShareUrl(token))

export const listPublicShare = (token: string, params: PublicListParams) =>
  http.get<PublicListReply>(`${publicShareUrl(token)}/list`, { params: params as Params })

/** POST …/unlock: the right password sets the link's cookie; wrong is 401, too many tries 429. */
export const unlockPublicShare = (token: string, password: string) =>
  http.post<MessageReply>(`${publicShareUrl(token)}/unlock`, { password })

/** A file request's upload as its page drives it. */
export interface FileRequestUpload {
  /** Resolves once the file is stored; rejects with a `ResumableError` (the server's reason) or, canceled, with "canceled". */
  promise: Promise<void>
  /** Stops sending and has the server drop what arrived. */
  cancel(): void
}

/**
 * One file into a file request through tus at …/uploads (resumable: a network failure resumes
 * from the server's offset), as an anonymous visitor: no session, so no token refresh on a 401.
 * The link decides the folder, so no parent is sent. `onProgress` gets bytes sent and the total.
 */
export function uploadToFileRequest(token: string, file: File, events: ResumableEvents = {}): FileRequestUpload {
  const upload = createResumableUpload({ file, endpoint: `${publicShareUrl(token)}/uploads`, anonymous: true }, events)
  const promise = upload.send().then((outcome) => {
    if (outcome.kind === 'stopped') throw new Error('canceled')
  })
  return { promise, cancel: () => void upload.cancel() }
}
