// One SWR hook per read of the drive (STYLE.md "one hook per resource"); writes refetch them
// through use-refetch.ts.
import type { FileJson } from '../api/files.ts'
import type { FolderJson, FolderListParams, MoveFolderListParams } from '../api/folders.ts'
import { keys } from '../api/keys.ts'
import { quickListLimit } from '../state/filters.ts'
import { useApi } from './swr-config.ts'
import { useThumbnailWait } from './use-thumbnail-wait.ts'

/** SPEC §7 folder-service/list: every folder at once (no limit is applied for folders). */
export function useFolderList(params: FolderListParams | null) {
  const { data, error, isLoading } = useApi<FolderJson[]>(params ? keys.folders(params) : null)
  return { folders: data ?? [], loading: isLoading, error }
}

const noFiles: FileJson[] = []
const noFolders: FolderJson[] = []

/** SPEC §2 Quick Access: the 20 newest files; new photos' thumbnails are waited for (use-thumbnail-wait.ts). */
export function useQuickList(enabled = true) {
  const { data, error, isLoading, mutate } = useApi<FileJson[]>(enabled ? keys.quickList(quickListLimit) : null)
  const files = data ?? noFiles
  useThumbnailWait(files, () => mutate())
  return { files, loading: isLoading, error }
}

/** A folder's record (its name and parent for the parent bar); null id skips. */
export function useFolderInfo(id: string | null | undefined) {
  const { data, error, isLoading } = useApi<FolderJson>(id ? keys.folderInfo(id) : null)
  return { folder: data, loading: isLoading, error }
}

/** SPEC §2 "Move modal": the destinations inside a folder, without the folders being moved; null skips. */
export function useMoveFolders(params: MoveFolderListParams | null) {
  const { data, error, isLoading } = useApi<FolderJson[]>(params ? keys.moveFolders(params) : null)
  return { folders: data ?? noFolders, loading: isLoading, error }
}
