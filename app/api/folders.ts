// /folder-service calls (SPEC §7 "Folder service").
import type { FolderJson, ListSortBy, RestoreReply, SearchKind } from '../../server/schemas/files.ts'
import { errorStatus, http, type Params, serializeParams } from './http.ts'

export type { FolderJson }

export interface FolderListParams {
  parent?: string
  search?: string
  sortBy?: ListSortBy
  kind?: SearchKind
  from?: string
  to?: string
  limit?: number
  trashMode?: boolean
}

export interface MoveFolderListParams {
  parent?: string
  search?: string
  folderIDs?: readonly string[]
  currentParent?: string
}

const enc = encodeURIComponent

export const listFolders = (params: FolderListParams) =>
  http.get<FolderJson[]>('/folder-service/list', { params: params as Params })
export const getFolderInfo = (id: string) => http.get<FolderJson>(`/folder-service/info/${enc(id)}`)

/** Whether a folder read failed because the folder is not there (deleted, or an id that never was). */
export const isFolderMissing = (error: unknown) => {
  const status = errorStatus(error)
  return status === 404 || status === 400
}
export const moveFolderList = ({ folderIDs, ...rest }: MoveFolderListParams) =>
  http.get<FolderJson[]>('/folder-service/move-folder-list', { params: { ...rest, 'folderIDs[]': folderIDs } })

/** The zip download address: navigate to it (SPEC §7 "Zip download"). */
export const zipDownloadUrl = (folderIDs: readonly string[], fileIDs: readonly string[]) =>
  `/folder-service/download-zip?${serializeParams({ 'folderIDs[]': folderIDs, 'fileIDs[]': fileIDs })}`

export const createFolder = (name: string, parent = '/') =>
  http.post<FolderJson>('/folder-service/create', { name, parent })
export const renameFolder = (id: string, title: string) => http.patch<unknown>('/folder-service/rename', { id, title })
export const trashFolder = (id: string) => http.patch<unknown>('/folder-service/trash', { id })
export const restoreFolder = (id: string) => http.patch<RestoreReply>('/folder-service/restore', { id })
export const moveFolder = (id: string, parentID: string) =>
  http.patch<unknown>('/folder-service/move', { id, parentID })
export const removeFolder = (id: string) => http.delete<unknown>('/folder-service/remove', { id })
