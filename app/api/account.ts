// The signed-in user's devices, app passwords and activity (DESIGN.md §7 "Accounts, admin,
// quotas"): /user-service/sessions, /user-service/app-passwords, /user-service/audit. Read through
// SWR (keys.sessions, keys.appPasswords, keys.audit); writes are followed by a mutate() of the list.
import type {
  AppPasswordJson,
  AppPasswordScope,
  AppPasswordsReply,
  AuditEventJson as ServerAuditEventJson,
  AuditPage as ServerAuditPage,
  CreateAppPasswordReply,
  DeviceJson,
  SessionsReply,
} from '../../server/schemas/user.ts'
import { http } from './http.ts'

/** One signed-in browser (DESIGN §7). `current` marks the session making the request. */
export type SessionJson = DeviceJson

export type { AppPasswordJson, AppPasswordScope }

/**
 * One audit event. Ours: DESIGN §7 names the log, not its shape. `type` is one of AUDIT_TYPES (an
 * unknown one is shown as sent); `email` is the account it happened to (the admin's log shows it),
 * `actorEmail` who did it when that was someone else (an admin), `actorName` their display name
 * when a member changed something in a folder the account shared.
 */
export type AuditEventJson = ServerAuditEventJson

/** Ours: a page of events, newest first; `nextCursor` (null on the last page) goes back as `?cursor=`. */
export type AuditPage = Omit<ServerAuditPage, 'events'> & { events: AuditEventJson[] }

export const SESSIONS_PATH = '/user-service/sessions'
export const APP_PASSWORDS_PATH = '/user-service/app-passwords'
export const AUDIT_PATH = '/user-service/audit'
/** Events per page of the activity lists. */
export const AUDIT_PAGE_SIZE = 20

export const listSessions = () => http.get<SessionsReply>(SESSIONS_PATH).then((reply) => reply.sessions)
export const endSession = (id: string) => http.delete<unknown>(`${SESSIONS_PATH}/${encodeURIComponent(id)}`)

/** Ours: the list's key is `appPasswords`. */
export const listAppPasswords = () =>
  http.get<AppPasswordsReply>(APP_PASSWORDS_PATH).then((reply) => reply.appPasswords)
/** `password`: the account's, asked again (a stolen session must not plant lasting access). */
export const createAppPassword = (name: string, scope: AppPasswordScope, password: string) =>
  http.post<CreateAppPasswordReply>(APP_PASSWORDS_PATH, { name, scope, password })
export const revokeAppPassword = (id: string) => http.delete<unknown>(`${APP_PASSWORDS_PATH}/${encodeURIComponent(id)}`)
