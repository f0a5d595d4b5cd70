// The signed-in user's devices, app passwords and two-step status (DESIGN.md §7), and the admin's users: one SWR
// read each, and a refetch for after a write. Sessions are read fresh on every visit (another
// device may have signed in since), and so is the two-step status; the others keep the app's five minutes.
import { useCallback } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import type { AppPasswordJson, SessionJson } from '../api/account.ts'
import type { TotpStatus } from '../api/two-factor.ts'
import { type PasskeyList, passkeysKey } from '../api/passkeys.ts'
import type { AdminUserJson, GroupJson, GroupMemberJson, listInvites } from '../api/admin.ts'
import { type Key, keys } from '../api/keys.ts'
import { fetcher, swrConfig, useApi } from './swr-config.ts'

const freshConfig = { ...swrConfig, dedupingInterval: 2_000 }

export function useSessions() {
  const { data, error, isLoading } = useSWR<{ sessions: SessionJson[] }, unknown>(
    keys.sessions(),
    fetcher as (key: Key) => Promise<{ sessions: SessionJson[] }>,
    freshConfig,
  )
  return { sessions: data?.sessions, error, loading: isLoading }
}

export function useAppPasswords() {
  const { data, error, isLoading } = useApi<{ appPasswords: AppPasswordJson[]; davUrl?: string }>(keys.appPasswords())
  return { appPasswords: data?.appPasswords, davUrl: data?.davUrl, error, loading: isLoading }
}

/** Two-step verification: read fresh on every visit too (a recovery code spent at sign-in counts). */
export function useTotpStatus() {
  const { data, error, mutate } = useSWR<TotpStatus, unknown>(
    keys.totp(),
    fetcher as (key: Key) => Promise<TotpStatus>,
    freshConfig,
  )
  return { status: data, error, refetch: () => void mutate() }
}

/** Passkeys: read fresh on every visit too (a sign-in elsewhere moves a passkey's last use). */
export function usePasskeys() {
  const { data, error, mutate } = useSWR<PasskeyList, unknown>(
    passkeysKey(),
    fetcher as (key: Key) => Promise<PasskeyList>,
    freshConfig,
  )
  return { passkeys: data?.passkeys, available: data?.available, error, refetch: () => void mutate() }
}

/** `enabled` false (not an admin) skips the read: the server would answer 403. */
export function useAdminUsers(enabled = true) {
  const { data, error, isLoading } = useSWR<{ users: AdminUserJson[] }, unknown>(
    enabled ? keys.adminUsers() : null,
    fetcher as (key: Key) => Promise<{ users: AdminUserJson[] }>,
    freshConfig,
  )
  return { users: data?.users, error, loading: isLoading }
}

/** The invites (DESIGN §8) and whether the server can mail, for Settings → Users. */
export function useAdminInvites() {
  type Reply = Awaited<ReturnType<typeof listInvites>>
  const { data, error } = useSWR<Reply, unknown>(
    keys.adminInvites(),
    fetcher as (key: Key) => Promise<Reply>,
    freshConfig,
  )
  return { invites: data?.invites, mailEnabled: data?.mailEnabled ?? false, error }
}

/** The admin's groups, Everyone first (DESIGN §8). */
export function useAdminGroups() {
  const { data, error } = useSWR<{ groups: GroupJson[] }, unknown>(
    keys.adminGroups(),
    fetcher as (key: Key) => Promise<{ groups: GroupJson[] }>,
    freshConfig,
  )
  return { groups: data?.groups, error }
}

/** One group's members; `id` null skips the read (no group open). */
export function useGroupMembers(id: string | null) {
  const { data, error, mutate } = useSWR<{ members: GroupMemberJson[] }, unknown>(
    id ? keys.adminGroupMembers(id) : null,
    fetcher as (key: Key) => Promise<{ members: GroupMemberJson[] }>,
    freshConfig,
  )
  return { members: data?.members, error, refetch: () => void mutate() }
}

/** Reads `key` again wherever it is shown (after a create, change or delete). */
export function useRefetchKey(key: Key) {
  const { mutate } = useSWRConfig()
  const path = key[0]
  return useCallback(
    () => void mutate((candidate: unknown) => Array.isArray(candidate) && candidate[0] === path),
    [mutate, path],
  )
}
