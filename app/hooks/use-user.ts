// The signed-in user's record (SPEC §3 "User") as SWR data, not a signal: the sign-in, sign-up and
// session-restore replies seed it, logout clears it, and nothing refetches it (those replies are
// its only source, so reading it never sends GET /user-service/user).
import useSWR, { mutate } from 'swr'
import { keys } from '../api/keys.ts'
import type { UserJson } from '../api/user.ts'

/** SPEC §3 "user (null by default)": the record, or null before a sign-in and after logout. */
export function useUser() {
  return useSWR<UserJson | null, unknown>(keys.user(), null, {
    fallbackData: null,
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  })
}

export const seedUser = (user: UserJson) => mutate(keys.user(), user, { revalidate: false })

export const clearUserRecord = () => mutate(keys.user(), null, { revalidate: false })
