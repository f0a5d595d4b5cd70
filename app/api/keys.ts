// SWR keys: one place that names every cached read, so writes can mutate() exactly the keys that
// read the data. A key is [path, params?]; hooks/swr-config.ts fetches it with http.get.
import type { Params } from './http.ts'
import type { FileListParams, SuggestionsParams } from './files.ts'
import type { FolderListParams, MoveFolderListParams } from './folders.ts'
import { publicInfoUrl } from './files.ts'

export type Key = readonly [path: string, params?: Params]

const key = (path: string, params?: object): Key => (params ? [path, params as Params] : [path])

export const keys = {
  user: () => key('/user-service/user'),
  userDetailed: () => key('/user-service/user-detailed'),
  publicFile: (id: string, tempToken: string) => key(publicInfoUrl(id, tempToken)),
  files: (params: FileListParams) => key('/file-service/list', params),
  quickList: (limit = 20) => key('/file-service/quick-list', { limit }),
  suggestions: (params: SuggestionsParams) => key('/file-service/suggested-list', params),
  folders: (params: FolderListParams) => key('/folder-service/list', params),
  folderInfo: (id: string) => key(`/folder-service/info/${encodeURIComponent(id)}`),
  moveFolders: ({ folderIDs, ...rest }: MoveFolderListParams) => key('/folder-service/move-folder-list', { ...rest, 'folderIDs[]': folderIDs }),
}

/** A mutate() filter for every key under `path`, e.g. `keyStartsWith('/file-service/list')`. */
export const keyStartsWith = (path: string) => (candidate: unknown) =>
  Array.isArray(candidate) && typeof candidate[0] === 'string' && candidate[0].startsWith(path)
