// /admin/* calls (DESIGN.md §7 "Accounts, admin, quotas"): the admin's view of every account.
// Reads go through SWR (keys.adminUsers, keys.adminAudit); each write is followed by a mutate() of
// the list. Shapes DESIGN leaves open are spelled here (marked "ours") until server/schemas has them.
import type { InviteJson, InviteReply, InvitesReply } from '../../server/schemas/admin.ts'
import type { AuditPage } from './account.ts'
import { http, type Params } from './http.ts'

export type Role = 'admin' | 'user'

/** One row of GET /admin/users ("list with usage"). Ours: DESIGN names no fields beyond usage. */
export interface AdminUserJson {
  _id: string
  email: string
  role: Role
  createdAt: string
  disabled: boolean
  /** Bytes, or null for unlimited. */
  quota: number | null
  /** Bytes stored. */
  used: number
  fileCount: number
  /** The last request of any of their sessions; null when they never signed in. */
  lastActiveAt: string | null
}

/** PATCH /admin/users/{id}: a field left out stays as it is; `quota: null` is unlimited. */
export interface AdminUserPatch {
  disabled?: boolean
  quota?: number | null
  role?: Role
}

export const ADMIN_USERS_PATH = '/admin/users'
export const ADMIN_AUDIT_PATH = '/admin/audit'

const userPath = (id: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(id)}`

export const listAdminUsers = () => http.get<{ users: AdminUserJson[] }>(ADMIN_USERS_PATH).then((reply) => reply.users)
/** Ours: without a password the server makes a temporary one and answers it once. */
export const createAdminUser = (email: string) =>
  http.post<{ user: AdminUserJson; temporaryPassword: string }>(ADMIN_USERS_PATH, { email })
export const updateAdminUser = (id: string, patch: AdminUserPatch) =>
  http.patch<{ user: AdminUserJson }>(userPath(id), patch).then((reply) => reply.user)
export const deleteAdminUser = (id: string) => http.delete<unknown>(userPath(id))
export const resetAdminUserPassword = (id: string) =>
  http.post<{ temporaryPassword: string }>(`${userPath(id)}/reset-password`).then((reply) => reply.temporaryPassword)
/** The reset by mail (only when the server can mail): the user is sent a link to choose a password. */
export const mailAdminUserReset = (id: string) =>
  http.post<{ mailedTo: string }>(`${userPath(id)}/reset-password`, { mail: true })

export type { InviteJson }
export const ADMIN_INVITES_PATH = '/admin/invites'
/** Every invite with its maker, address, expiry and use; `mailEnabled`: the server can mail. */
export const listInvites = () => http.get<InvitesReply>(ADMIN_INVITES_PATH)
/** A one-time sign-up link, valid 7 days; with `email` (and mail on the server) it is mailed there. */
export const createInvite = (email?: string) => http.post<InviteReply>(ADMIN_INVITES_PATH, email ? { email } : {})
export const revokeInvite = (id: string) => http.delete<unknown>(`${ADMIN_INVITES_PATH}/${encodeURIComponent(id)}`)
/** Every account's audit events, newest first (same paging as the user's own, api/account.ts). */
export const getAdminAudit = (params: Params) => http.get<AuditPage>(ADMIN_AUDIT_PATH, { params })
