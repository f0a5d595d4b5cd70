// Settings → Account → Two-step verification: whether it is on, and the recovery codes left.
import type { TotpStatus } from '../api/two-factor.ts'
import { keys } from '../api/keys.ts'
import { useApi } from './swr-config.ts'

export function useTotpStatus() {
  const { data, error, mutate } = useApi<TotpStatus>(keys.totp())
  return { status: data, error, refetch: () => void mutate() }
}
