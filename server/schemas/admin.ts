// Wire types of /admin (DESIGN.md §7 "Accounts, admin, quotas"). The app imports these as types only.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'
import { Role } from './user.ts'

export const AdminUserJson = Type.Object({
  _id: Type.String(),
  email: Type.String(),
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
  },
  { additionalProperties: false },
)
export type AdminPatchBody = Static<typeof AdminPatchBody>
export const AdminUserReply = Type.Object({ user: AdminUserJson })
export type AdminUserReply = Static<typeof AdminUserReply>

export const TemporaryPasswordReply = Type.Object({ temporaryPassword: Type.String() })
export type TemporaryPasswordReply = Static<typeof TemporaryPasswordReply>
export const InviteReply = Type.Object({ url: Type.String(), expiresAt: Type.String() })
export type InviteReply = Static<typeof InviteReply>
