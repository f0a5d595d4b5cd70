import type { Suggestions } from '../api/files.ts'
import { keys } from '../api/keys.ts'
import { useApi } from './swr-config.ts'

/** SPEC §2 search bar suggestions; an empty text fetches nothing. */
export function useSuggestions(
  search: string,
  area: { trashMode?: boolean; mediaMode?: boolean; parent?: string | undefined },
) {
  const text = search.trim()
  const { data, isLoading } = useApi<Suggestions>(
    text
      ? keys.suggestions({
          search: text,
          ...(area.parent ? { parent: area.parent } : {}),
          ...(area.trashMode ? { trashMode: true } : {}),
          ...(area.mediaMode ? { mediaMode: true } : {}),
        })
      : null,
  )
  return { folders: data?.folderList ?? [], files: data?.fileList ?? [], loading: isLoading }
}
