// Wire types of /user-service. The app imports these as types only.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'

export const UserJson = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  createdAt: Type.String(),
  emailVerified: Type.Optional(Type.Boolean()),
})
export type UserJson = Static<typeof UserJson>

export const UserDetailedJson = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  createdAt: Type.String(),
  emailVerified: Type.Optional(Type.Boolean()),
  activeSessions: Type.Integer(),
  storage: Type.Object({ usedBytes: Type.Number(), fileCount: Type.Integer() }),
})
export type UserDetailedJson = Static<typeof UserDetailedJson>

// Login accepts any strings (the spec's login has no format rules) but bounds them.
export const LoginBody = Type.Object({ email: BoundedString(1024), password: BoundedString(1024) })
export type LoginBody = Static<typeof LoginBody>
export const CreateBody = LoginBody
export type CreateBody = LoginBody

export const LoginReply = Type.Object({ user: UserJson })
export type LoginReply = Static<typeof LoginReply>
export const CreateReply = Type.Object({ user: UserJson, emailSent: Type.Boolean() })
export type CreateReply = Static<typeof CreateReply>

export const ChangePasswordBody = Type.Object({ oldPassword: BoundedString(1024), newPassword: BoundedString(1024) })
export type ChangePasswordBody = Static<typeof ChangePasswordBody>
export const VerifyEmailBody = Type.Object({ emailToken: BoundedString(256, 1) })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>
export const SendResetBody = Type.Object({ email: BoundedString(1024) })
export type SendResetBody = Static<typeof SendResetBody>
export const ResetPasswordBody = Type.Object({ passwordToken: BoundedString(256, 1), password: BoundedString(1024) })
export type ResetPasswordBody = Static<typeof ResetPasswordBody>

export const MessageReply = Type.Object({ message: Type.String() })
export type MessageReply = Static<typeof MessageReply>
