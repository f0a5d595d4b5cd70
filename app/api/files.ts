// /file-service calls (SPEC §7 "File service"). Reads are used through SWR hooks with the keys of
// keys.ts; writes are followed by mutate() on the keys that read the data.
import type {
  FileJson,
  FileReply,
  Item,
  PublicInfo,
  RestoreReply,
  ShareReply,
  ListSortBy,
  SearchKind,
  SuggestedReply,
  TextPreviewHeaders,
} from '../../server/schemas/files.ts'
import type { MediaInfoReply } from '../../server/schemas/media.ts'
import { navigateAway } from './navigate.ts'
import { http, type Params, refreshToken } from './http.ts'

export type { FileJson, Item, RestoreReply }

export interface FileListParams {
  parent?: string
  search?: string
  /** `relevance` only with a search (DESIGN §8 "Search inside files"). */
  sortBy?: ListSortBy
  /** Search filters: one kind of item, and inclusive UTC days `YYYY-MM-DD`. */
  kind?: SearchKind
  from?: string
  to?: string
  /** The relevance sort's cursor: the last file's rank (with startAtName and startAt). */
  startAtRank?: number
  limit?: number
  trashMode?: boolean
  mediaMode?: boolean
  mediaFilter?: 'all' | 'photos' | 'videos'
  startAtDate?: string
  startAtName?: string
  /** The size sort's cursor (ours): the last file's length. */
  startAtSize?: number
  startAt?: string
  startAtId?: string
  /** With mediaMode (ours): `shared` adds what is shared with the user (the family timeline). */
  include?: 'shared'
  /** With include=shared: one owner's items only (the user's own id: only theirs). */
  person?: string
}

export interface SuggestionsParams {
  search: string
  /** A folder shared with the caller: suggestions from inside it. */
  parent?: string
  trashMode?: boolean
  mediaMode?: boolean
}

export type Suggestions = SuggestedReply

/** What public/info returns: only what the public page shows. */
export type PublicFileInfo = PublicInfo

const enc = encodeURIComponent

export const listFiles = (params: FileListParams) =>
  http.get<FileJson[]>('/file-service/list', { params: params as Params })
/** GET /file-service/info/{id}: one file's JSON (e.g. the name an upload was stored under). */
export const fileInfo = (id: string) => http.get<FileJson>(`/file-service/info/${enc(id)}`)

/** The most files one list page may hold (the server's `limit` maximum). */
export const LIST_PAGE_MAX = 1000

/**
 * The names of every file in the folder `parent` ("/" for Home), read page by page (newest first,
 * the cursor after the last file). What an upload checks its names against before it starts.
 */
export async function folderFileNames(parent: string): Promise<string[]> {
  const names: string[] = []
  let cursor: Pick<FileListParams, 'startAtDate' | 'startAtName' | 'startAtId'> = {}
  for (;;) {
    const page = await listFiles({ parent, limit: LIST_PAGE_MAX, ...cursor })
    for (const file of page) names.push(file.filename)
    const last = page.at(-1)
    if (!last || page.length < LIST_PAGE_MAX) return names
    cursor = { startAtDate: last.uploadDate, startAtName: last.filename, startAtId: last._id }
  }
}

export const quickList = (limit = 20) => http.get<FileJson[]>('/file-service/quick-list', { params: { limit } })
export const listSuggestions = (params: SuggestionsParams) =>
  http.get<Suggestions>('/file-service/suggested-list', { params: params as unknown as Params })

export const downloadUrl = (id: string) => `/file-service/download/${enc(id)}`
export const thumbnailUrl = (thumbnailID: string) => `/file-service/thumbnail/${enc(thumbnailID)}`
export const fullThumbnailUrl = (id: string) => `/file-service/full-thumbnail/${enc(id)}`
export const streamVideoUrl = (id: string) => `/file-service/stream-video/${enc(id)}`
/** The text viewer's text: at most the first 1 MiB as UTF-8, and whether the file goes on. */
export interface TextPreview {
  text: string
  truncated: boolean
}

const TRUNCATED: keyof TextPreviewHeaders = 'x-truncated'

/** GET /file-service/text/{id} (DESIGN.md §8 "Previews"). */
export async function textPreview(id: string, options?: { signal?: AbortSignal }): Promise<TextPreview> {
  const reply = await http.getText(`/file-service/text/${enc(id)}`, options)
  return { text: reply.text, truncated: reply.headers.get(TRUNCATED) === 'true' }
}

export const publicInfoUrl = (id: string, tempToken: string) => `/file-service/public/info/${enc(id)}/${enc(tempToken)}`
export const publicDownloadUrl = (id: string, tempToken: string) =>
  `/file-service/public/download/${enc(id)}/${enc(tempToken)}`

/** Browser navigation to the download, after a refresh so the access cookie is fresh (SPEC §7). */
export async function downloadFile(id: string): Promise<void> {
  await refreshToken().catch(() => undefined)
  navigateAway(downloadUrl(id))
}

/** The download address for a reader in the page (the PDF viewer), once the access cookie is fresh. */
export async function freshDownloadUrl(id: string): Promise<string> {
  await refreshToken().catch(() => undefined)
  return downloadUrl(id)
}

export const getStreamVideoToken = () => http.get<unknown>('/file-service/download/access-token-stream-video')
export const removeStreamVideoToken = () => http.delete<unknown>('/file-service/remove-stream-video-token')
/** GET /file-service/media-info/{id} (DESIGN.md §8 "Previews"): what the file tells beyond its pixels. */
export type MediaInfoJson = MediaInfoReply

export const mediaInfoUrl = (id: string) => `/file-service/media-info/${enc(id)}`
export const mediaInfo = (id: string) => http.get<MediaInfoJson>(mediaInfoUrl(id))
export const getPublicInfo = (id: string, tempToken: string) => http.get<PublicFileInfo>(publicInfoUrl(id, tempToken))

export const trashFile = (id: string) => http.patch<unknown>('/file-service/trash', { id })
export const trashFiles = (items: readonly Item[]) => http.patch<unknown>('/file-service/trash-multi', { items })
/** Restores from the trash; the reply counts what went to Home because its folder is gone or trashed. */
export const restoreFile = (id: string) => http.patch<RestoreReply>('/file-service/restore', { id })
export const restoreFiles = (items: readonly Item[]) =>
  http.patch<RestoreReply>('/file-service/restore-multi', { items })
export const renameFile = (id: string, title: string) => http.patch<unknown>('/file-service/rename', { id, title })
/** A copy of the file beside it, named "name (copy).ext" (ours). */
export const copyFile = (id: string) => http.post<FileReply>(`/file-service/${enc(id)}/copy`)
export const makePublic = (id: string) => http.patch<ShareReply>(`/file-service/make-public/${enc(id)}`)
export const makeOne = (id: string) => http.patch<ShareReply>(`/file-service/make-one/${enc(id)}`)
export const removeLink = (id: string) => http.patch<FileJson>(`/file-service/remove-link/${enc(id)}`)
/** `parentID` is a folder id or "/" for Home. */
export const moveFile = (id: string, parentID: string) => http.patch<unknown>('/file-service/move', { id, parentID })
export const moveItems = (items: readonly Item[], parentID: string) =>
  http.patch<unknown>('/file-service/move-multi', { items, parentID })
export const removeFile = (id: string) => http.delete<unknown>('/file-service/remove', { id })
export const removeFiles = (items: readonly Item[]) => http.delete<unknown>('/file-service/remove-multi', { items })
/** Deletes forever everything in the signed-in user's trash. */
export const emptyTrash = () => http.delete<unknown>('/file-service/empty-trash')
