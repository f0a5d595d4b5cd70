// Settings → Server (DESIGN.md §8 "Operations"): the server's status, read again every 30 s while
// the section is shown (the queues and the disk move while the admin looks).
import useSWR from 'swr'
import { getServerStatus, type ServerStatusReply } from '../api/admin.ts'
import { keys } from '../api/keys.ts'
import { swrConfig } from './swr-config.ts'

export const SERVER_STATUS_REFRESH_MS = 30_000

export function useServerStatus() {
  const { data, error } = useSWR<ServerStatusReply, unknown>(keys.adminServer(), getServerStatus, {
    ...swrConfig,
    dedupingInterval: 2_000,
    refreshInterval: SERVER_STATUS_REFRESH_MS,
  })
  return { status: data, error }
}
