// GET /file-service/media-info/{id}: a song's tags for the audio player, a photo's EXIF for the
// viewer's info pane. Read only while shown (`id` null otherwise); a file's tags do not change, so
// SWR's cache serves every later look at the same file.
import useSWR from 'swr'
import type { MediaInfoJson } from '../api/files.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig } from './swr-config.ts'

export function useMediaInfo(id: string | null) {
  const { data, error, isLoading } = useSWR<MediaInfoJson, unknown>(
    id ? keys.mediaInfo(id) : null,
    fetcher as (key: Key) => Promise<MediaInfoJson>,
    swrConfig,
  )
  return { info: data, loading: isLoading, error }
}
