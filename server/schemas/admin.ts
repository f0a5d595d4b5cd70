// Wire types of /admin (DESIGN.md §7 "Accounts, admin, quotas"). The app imports these as types only.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'
import { Role } from './user.ts'

export const AdminUserJson = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  role: Role,
  createdAt: Type.String(),
  disabled: Type.Boolean(),
  /** Bytes, or null = unlimited. */
  quota: Type.Union([Type.Number(), Type.Null()]),
  /** Bytes stored (sum of file sizes, trash included). */
  used: Type.Number(),
  fileCount: Type.Integer(),
  /** The last sign-in or refresh of any of their sessions; null = never signed in. */
  lastActiveAt: Type.Union([Type.String(), Type.Null()]),
})
export type AdminUserJson = Static<typeof AdminUserJson>

export const AdminUsersReply = Type.Object({ users: Type.Array(AdminUserJson) })
export type AdminUsersReply = Static<typeof AdminUsersReply>

/** Without a password the server makes a temporary one, in the reply only. */
export const AdminCreateBody = Type.Object({ email: BoundedString(1024), password: Type.Optional(BoundedString(1024)) })
export type AdminCreateBody = Static<typeof AdminCreateBody>
export const AdminCreateReply = Type.Object({ user: AdminUserJson, temporaryPassword: Type.Optional(Type.String()) })
export type AdminCreateReply = Static<typeof AdminCreateReply>

/** A field left out stays as it is; `quota: null` is unlimited. */
export const AdminPatchBody = Type.Object(
  {
    disabled: Type.Optional(Type.Boolean()),
    // Bytes, or null = unlimited. Checked by the service: with Fastify's type coercion a union of
    // integer and null would turn null into 0 (or 0 into null), the opposite of what was asked.
    quota: Type.Optional(Type.Unknown({ description: 'bytes (a whole number), or null for unlimited' })),
    role: Type.Optional(Role),
    /** Checked by util/names.ts checkPersonName (trimmed, 1–64 characters). */
    displayName: Type.Optional(BoundedString(1024)),
  },
  { additionalProperties: false },
)
export type AdminPatchBody = Static<typeof AdminPatchBody>
export const AdminUserReply = Type.Object({ user: AdminUserJson })
export type AdminUserReply = Static<typeof AdminUserReply>

/** `mail: true` (SMTP_URL set): a reset link is mailed to the user instead of a temporary password answered here. */
export const AdminResetBody = Type.Object({ mail: Type.Optional(Type.Boolean()) }, { additionalProperties: false })
export type AdminResetBody = Static<typeof AdminResetBody>
/** One of the two: the temporary password (shown once), or the address the reset link went to. */
export const TemporaryPasswordReply = Type.Object({
  temporaryPassword: Type.Optional(Type.String()),
  mailedTo: Type.Optional(Type.String()),
})
export type TemporaryPasswordReply = Static<typeof TemporaryPasswordReply>

export const InviteJson = Type.Object({
  _id: Type.String(),
  /** Its maker by id and email (the list needs no second look-up); null once that account is deleted. */
  createdBy: Type.Union([Type.Object({ _id: Type.String(), email: Type.String() }), Type.Null()]),
  /** The address it was made for (mailed to when the server has mail); null for a link handed over. */
  email: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  usedAt: Type.Union([Type.String(), Type.Null()]),
})
export type InviteJson = Static<typeof InviteJson>
export const InviteBody = Type.Object({ email: Type.Optional(BoundedString(1024)) }, { additionalProperties: false })
export type InviteBody = Static<typeof InviteBody>
/** `url` and `expiresAt` as before (clients use them); `emailSent`: the link was mailed to `invite.email`. */
export const InviteReply = Type.Object({
  invite: InviteJson,
  url: Type.String(),
  expiresAt: Type.String(),
  emailSent: Type.Boolean(),
})
export type InviteReply = Static<typeof InviteReply>
/** `mailEnabled`: the server can mail (SMTP_URL set), so the app offers to mail invites and resets. */
export const InvitesReply = Type.Object({ invites: Type.Array(InviteJson), mailEnabled: Type.Boolean() })
export type InvitesReply = Static<typeof InvitesReply>
/** The invite screen's check before its form (GET /user-service/invites/{token}). */
export const InviteStatusReply = Type.Object({
  status: Type.Union([Type.Literal('valid'), Type.Literal('used'), Type.Literal('expired')]),
  email: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  expiresAt: Type.String(),
})
export type InviteStatusReply = Static<typeof InviteStatusReply>

// Groups (DESIGN.md §8 "Sharing between accounts"): the admin's; Everyone (id 'everyone') holds
// every enabled account and cannot be changed.
export const GroupJson = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** How many accounts it holds (Everyone: every enabled account). */
  members: Type.Integer(),
  /** Present (true) on Everyone only. */
  everyone: Type.Optional(Type.Literal(true)),
})
export type GroupJson = Static<typeof GroupJson>
export const GroupsReply = Type.Object({ groups: Type.Array(GroupJson) })
export type GroupsReply = Static<typeof GroupsReply>
export const GroupReply = Type.Object({ group: GroupJson })
export type GroupReply = Static<typeof GroupReply>
/** Checked by util/names.ts checkPersonName (trimmed, 1–64 characters), unique without case. */
export const GroupBody = Type.Object({ name: BoundedString(1024) }, { additionalProperties: false })
export type GroupBody = Static<typeof GroupBody>
export const GroupMemberJson = Type.Object({ _id: Type.String(), email: Type.String(), displayName: Type.String() })
export type GroupMemberJson = Static<typeof GroupMemberJson>
export const GroupMembersReply = Type.Object({ members: Type.Array(GroupMemberJson) })
export type GroupMembersReply = Static<typeof GroupMembersReply>
export const GroupMemberBody = Type.Object({ userId: BoundedString(64, 1) }, { additionalProperties: false })
export type GroupMemberBody = Static<typeof GroupMemberBody>
export const GroupMemberReply = Type.Object({ member: GroupMemberJson })
export type GroupMemberReply = Static<typeof GroupMemberReply>
export const GroupMemberParams = Type.Object({ id: BoundedString(64, 1), userId: BoundedString(64, 1) })
export type GroupMemberParams = Static<typeof GroupMemberParams>

// Settings → Server (services/operations/server-status.ts).
const Bytes = Type.Number({ minimum: 0 })
export const ServerStatusReply = Type.Object({
  version: Type.String(),
  startedAt: Type.String(),
  uptimeSeconds: Type.Integer(),
  storage: Type.Object({
    files: Bytes,
    versions: Bytes,
    trash: Bytes,
    members: Type.Array(
      Type.Object({
        _id: Type.String(),
        email: Type.String(),
        displayName: Type.String(),
        files: Bytes,
        versions: Bytes,
        trash: Bytes,
      }),
    ),
  }),
  disk: Type.Object({ free: Bytes, total: Bytes }),
  lastBackup: Type.Union([
    Type.Object({
      at: Type.String(),
      ok: Type.Boolean(),
      dir: Type.String(),
      bytes: Bytes,
      files: Type.Integer(),
      error: Type.Optional(Type.String()),
    }),
    Type.Null(),
  ]),
  queues: Type.Object({ thumbnails: Type.Integer(), indexing: Type.Integer() }),
  warnings: Type.Array(
    Type.Union([
      Type.Object({ code: Type.Literal('DISK_LOW'), freeShare: Type.Number() }),
      Type.Object({ code: Type.Literal('BACKUP_FAILED'), at: Type.String(), error: Type.String() }),
      Type.Object({ code: Type.Literal('BACKUP_STALE'), at: Type.String() }),
    ]),
  ),
})
export type ServerStatusReply = Static<typeof ServerStatusReply>
