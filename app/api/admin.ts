// /admin/* calls (DESIGN.md §7 "Accounts, admin, quotas"): the admin's view of every account.
// Reads go through SWR (keys.adminUsers, keys.adminAudit); each write is followed by a mutate() of
// the list. Shapes DESIGN leaves open are spelled here (marked "ours") until server/schemas has them.
import type {
  AdminCreateReply,
  AdminPatchBody,
  AdminUserJson,
  AdminUserReply,
  AdminUsersReply,
  GroupJson,
  GroupMemberJson,
  GroupMemberReply,
  GroupReply,
  GroupsReply,
  InviteJson,
  InviteReply,
  InvitesReply,
  ServerStatusReply,
  TemporaryPasswordReply,
} from '../../server/schemas/admin.ts'
import type { Role } from '../../server/schemas/user.ts'
import type { AuditPage } from './account.ts'
import { http, type Params } from './http.ts'

/** One row of GET /admin/users ("list with usage"). Ours: DESIGN names no fields beyond usage. */
export type { AdminUserJson, Role }

/**
 * PATCH /admin/users/{id}: a field left out stays as it is; `quota: null` is unlimited. The schema
 * takes any quota (the service refuses what is not bytes or null); the app sends only those.
 */
export type AdminUserPatch = Omit<AdminPatchBody, 'quota'> & { quota?: number | null }

export const ADMIN_USERS_PATH = '/admin/users'
export const ADMIN_AUDIT_PATH = '/admin/audit'

const userPath = (id: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(id)}`

export const listAdminUsers = () => http.get<AdminUsersReply>(ADMIN_USERS_PATH).then((reply) => reply.users)
/** Ours: without a password the server makes a temporary one and answers it once (so it is always there). */
export const createAdminUser = (email: string) => http.post<Required<AdminCreateReply>>(ADMIN_USERS_PATH, { email })
export const updateAdminUser = (id: string, patch: AdminUserPatch) =>
  http.patch<AdminUserReply>(userPath(id), patch).then((reply) => reply.user)
export const deleteAdminUser = (id: string) => http.delete<unknown>(userPath(id))
/** Without `mail` the reply is the temporary password. */
export const resetAdminUserPassword = (id: string) =>
  http.post<TemporaryPasswordReply>(`${userPath(id)}/reset-password`).then((reply) => reply.temporaryPassword as string)
/** The reset by mail (only when the server can mail): the user is sent a link to choose a password. */
export const mailAdminUserReset = (id: string) =>
  http.post<Required<Pick<TemporaryPasswordReply, 'mailedTo'>>>(`${userPath(id)}/reset-password`, { mail: true })

export type { InviteJson }
export const ADMIN_INVITES_PATH = '/admin/invites'
/** Every invite with its maker, address, expiry and use; `mailEnabled`: the server can mail. */
export const listInvites = () => http.get<InvitesReply>(ADMIN_INVITES_PATH)
/** A one-time sign-up link, valid 7 days; with `email` (and mail on the server) it is mailed there. */
export const createInvite = (email?: string) => http.post<InviteReply>(ADMIN_INVITES_PATH, email ? { email } : {})
export const revokeInvite = (id: string) => http.delete<unknown>(`${ADMIN_INVITES_PATH}/${encodeURIComponent(id)}`)
/** Every account's audit events, newest first (same paging as the user's own, api/account.ts). */
export const getAdminAudit = (params: Params) => http.get<AuditPage>(ADMIN_AUDIT_PATH, { params })

// Groups (DESIGN.md §8 "Sharing between accounts"): the admin's. Everyone (`everyone: true`, id
// 'everyone') is listed first and refuses every change (403 EVERYONE_FIXED).
export type { GroupJson, GroupMemberJson, GroupsReply }
export const ADMIN_GROUPS_PATH = '/admin/groups'
const groupPath = (id: string) => `${ADMIN_GROUPS_PATH}/${encodeURIComponent(id)}`
export const createGroup = (name: string) =>
  http.post<GroupReply>(ADMIN_GROUPS_PATH, { name }).then((reply) => reply.group)
export const renameGroup = (id: string, name: string) =>
  http.patch<GroupReply>(groupPath(id), { name }).then((reply) => reply.group)
/** Also ends every share to the group. */
export const deleteGroup = (id: string) => http.delete<unknown>(groupPath(id))
export const addGroupMember = (id: string, userId: string) =>
  http.post<GroupMemberReply>(`${groupPath(id)}/members`, { userId }).then((reply) => reply.member)
export const removeGroupMember = (id: string, userId: string) =>
  http.delete<unknown>(`${groupPath(id)}/members/${encodeURIComponent(userId)}`)

// Settings → Server (DESIGN.md §8 "Operations"): how the server is, for its admins.
export type { ServerStatusReply }
export type ServerWarning = ServerStatusReply['warnings'][number]
export const ADMIN_SERVER_PATH = '/admin/server'
export const getServerStatus = () => http.get<ServerStatusReply>(ADMIN_SERVER_PATH)
