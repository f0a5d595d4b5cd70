// The audit log (issue #20): who did what to which account, from where. One call per service
// path records an event; a failure to record never fails the action it describes (logged instead).
import { errors } from '../errors.ts'
import type { AuditRepository, AuditRow } from '../repositories/audit.ts'
import type { AuditEventJson, AuditPage } from '../schemas/user.ts'
import { randomId } from '../util/crypto.ts'

export type AuditAction =
  | 'sign-in'
  | 'sign-in.failed'
  | 'sign-in.second-factor.failed'
  | 'second-factor.enable'
  | 'second-factor.disable'
  | 'passkey.add'
  | 'passkey.rename'
  | 'passkey.remove'
  | 'sign-up'
  | 'password.change'
  | 'password.reset'
  | 'password.set'
  | 'oidc.link'
  | 'app-password.create'
  | 'app-password.revoke'
  | 'session.revoke'
  | 'sessions.revoke-all'
  | 'admin.user.create'
  | 'admin.user.disable'
  | 'admin.user.enable'
  | 'admin.user.delete'
  | 'admin.user.reset-password'
  | 'admin.user.quota'
  | 'admin.user.role'
  | 'admin.invite'
  | 'admin.invite.revoke'
  // A member's change in a folder someone shared with them: actor = the member, subject = the owner.
  | 'drive.create-folder'
  | 'drive.copy'
  | 'drive.rename'
  | 'drive.move'
  | 'drive.trash'
  | 'drive.upload'
  | 'drive.folder-upload'
  | 'share.create'
  | 'share.role'
  | 'share.remove'
  | 'display-name.change'
  | 'admin.group.create'
  | 'admin.group.rename'
  | 'admin.group.delete'
  | 'admin.group.member.add'
  | 'admin.group.member.remove'

export interface AuditEvent {
  action: AuditAction
  /** Who did it; null when nobody was signed in (a failed sign-in). */
  actorId: string | null
  /** Whose account it concerns. */
  subjectId: string | null
  ip?: string | undefined
  /** A short detail a person reads: an app password's name, a new quota, the role given. */
  detail?: string
}

const PAGE_MAX = 100

export function createAuditService(deps: {
  repo: AuditRepository
  now?: () => number
  log?: { warn(obj: object, msg: string): void }
}) {
  const { repo } = deps
  const now = deps.now ?? Date.now

  const toJson = (e: AuditRow): AuditEventJson => ({
    _id: e.id,
    type: e.action,
    createdAt: new Date(e.at).toISOString(),
    ip: e.ip,
    email: e.subject_email,
    actorEmail: e.actor_id !== null && e.actor_id !== e.subject_id ? e.actor_email : null,
    // Named only on a member's change in a shared folder: an admin's entries stay as they were.
    ...(e.action.startsWith('drive.') && e.actor_name !== null && e.actor_id !== e.subject_id
      ? { actorName: e.actor_name }
      : {}),
    detail: e.detail,
  })

  // Entries are ordered by time, ties broken by id (random): two events of one process in the
  // same millisecond would list in either order, so each gets a later millisecond than the last.
  let last = 0
  const stamp = () => (last = Math.max(now(), last + 1))

  return {
    async record(event: AuditEvent): Promise<void> {
      try {
        await repo.insert({
          id: randomId(),
          at: stamp(),
          actor_id: event.actorId,
          subject_id: event.subjectId,
          action: event.action,
          ip: event.ip ?? null,
          detail: event.detail?.slice(0, 200) ?? null,
        })
      } catch (err) {
        deps.log?.warn({ err, action: event.action }, 'audit entry could not be recorded')
      }
    },

    /** One page, newest first; `cursor` is the last entry's _id of the previous page. */
    async page(opts: { userId?: string; limit?: number; cursor?: string }): Promise<AuditPage> {
      const limit = Math.min(Math.max(opts.limit ?? 50, 1), PAGE_MAX)
      let before: { at: number; id: string } | undefined
      if (opts.cursor) {
        const from = await repo.byId(opts.cursor)
        // A cursor outside what the caller may see is no cursor at all: 400, never a peek.
        if (!from || (opts.userId !== undefined && from.actor_id !== opts.userId && from.subject_id !== opts.userId)) {
          throw errors.badRequest('The cursor is not an entry of this log')
        }
        before = { at: from.at, id: from.id }
      }
      const rows = await repo.page({
        ...(opts.userId !== undefined ? { userId: opts.userId } : {}),
        limit: limit + 1,
        ...(before ? { before } : {}),
      })
      const events = rows.slice(0, limit).map(toJson)
      return { events, nextCursor: rows.length > limit ? events.at(-1)!._id : null }
    },

    removeFor: (userId: string) => repo.removeFor(userId),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
