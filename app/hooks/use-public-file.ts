import type { PublicFileInfo } from '../api/files.ts'
import { keys } from '../api/keys.ts'
import { useApi } from './swr-config.ts'

/** GET /file-service/public/info/{id}/{tempToken}: what a share link shows without logging in. */
export function usePublicFile(id: string, tempToken: string) {
  return useApi<PublicFileInfo>(keys.publicFile(id, tempToken))
}
