import { keys } from '../api/keys.ts'
import type { UserDetailedJson } from '../api/user.ts'
import { useApi } from './swr-config.ts'

/** GET /user-service/user-detailed: the account as settings shows it (email, verification, usage). */
export function useUserDetailed(enabled = true) {
  return useApi<UserDetailedJson>(enabled ? keys.userDetailed() : null)
}
