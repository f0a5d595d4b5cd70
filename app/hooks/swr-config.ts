// SWR as SPEC §7 "Caching behaviour" and §9 ask (their "library default" numbers, set explicitly):
// no refetch on focus or reconnect; 3 retries with a backoff doubling from 1 s up to 30 s; data
// reused for 5 minutes. Mutations are plain api calls followed by mutate(), so they never retry.
// The settings travel with each hook (useApi) rather than through an <SWRConfig> at the root, so
// SWR stays out of the first load of / (the sign-in screen reads nothing through it).
import useSWR, { type SWRConfiguration } from 'swr'
import { errorStatus, http } from '../api/http.ts'
import type { Key } from '../api/keys.ts'

/** SPEC §9 "Data cache time". */
export const CACHE_MS = 5 * 60_000
export const MAX_RETRIES = 3
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 30_000

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, … capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(RETRY_BASE_MS * 2 ** (attempt - 1), RETRY_MAX_MS)

/**
 * Whether a failed read is worth retrying. A 4xx answer (other than timeout and rate limit) will
 * be the same next time: the 401 case has already been refreshed and retried by http.ts.
 */
export const isRetryable = (error: unknown) => {
  const status = errorStatus(error)
  return status === undefined || status >= 500 || status === 408 || status === 429
}

export const fetcher = ([path, params]: Key) => http.get<unknown>(path, params ? { params } : {})

export const swrConfig = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupingInterval: CACHE_MS,
  focusThrottleInterval: CACHE_MS,
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (retryCount > MAX_RETRIES || !isRetryable(error)) return
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount))
  },
} satisfies SWRConfiguration

/** useSWR with the app's fetcher and settings; `null` skips the read. */
export function useApi<T>(key: Key | null) {
  return useSWR<T, unknown>(key, fetcher as (key: Key) => Promise<T>, swrConfig)
}
