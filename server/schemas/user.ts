// Wire types of /user-service. The app imports these as types only.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'
import { AuthenticationResponse } from './webauthn.ts'

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('user')])
export type Role = Static<typeof Role>

export const UserJson = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  /** What other people see of the account (DESIGN.md §8 "Names"); default: the email's local part. */
  displayName: Type.String(),
  createdAt: Type.String(),
  role: Role,
  emailVerified: Type.Optional(Type.Boolean()),
  /** Present (true) only while the password is an admin's temporary one. */
  mustChangePassword: Type.Optional(Type.Boolean()),
  /** Present (false) only for an account a single sign-on made, until its user sets a password. */
  hasPassword: Type.Optional(Type.Boolean()),
})
export type UserJson = Static<typeof UserJson>

export const UserDetailedJson = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  createdAt: Type.String(),
  role: Role,
  emailVerified: Type.Optional(Type.Boolean()),
  mustChangePassword: Type.Boolean(),
  hasPassword: Type.Optional(Type.Boolean()),
  activeSessions: Type.Integer(),
  storage: Type.Object({ usedBytes: Type.Number(), fileCount: Type.Integer() }),
  /** Bytes, or null = unlimited (DESIGN.md §7). */
  quota: Type.Union([Type.Number(), Type.Null()]),
  /** Bytes stored, trash included: what the quota counts. */
  used: Type.Number(),
  /** `used` broken down: current contents outside the trash, kept versions, and the trash. */
  usedBy: Type.Object({ files: Type.Number(), versions: Type.Number(), trash: Type.Number() }),
  /** Days an item stays in the trash before it is deleted forever; 0 = never (TRASH_RETENTION_DAYS). */
  trashRetentionDays: Type.Integer(),
})
export type UserDetailedJson = Static<typeof UserDetailedJson>

// Login accepts any strings (the spec's login has no format rules) but bounds them.
export const LoginBody = Type.Object({ email: BoundedString(1024), password: BoundedString(1024) })
export type LoginBody = Static<typeof LoginBody>
/** `invite`: the token of an admin's invite link (required when SIGNUP=invite). */
export const CreateBody = Type.Object({
  email: BoundedString(1024),
  password: BoundedString(1024),
  invite: Type.Optional(BoundedString(256, 1)),
  /** Left out (or blank): the email's local part. Checked by util/names.ts checkPersonName. */
  displayName: Type.Optional(BoundedString(1024)),
})
export type CreateBody = Static<typeof CreateBody>
/** PATCH /user-service/display-name: the account's own display name. */
export const DisplayNameBody = Type.Object({ displayName: BoundedString(1024) }, { additionalProperties: false })
export type DisplayNameBody = Static<typeof DisplayNameBody>

/** `mustChangePassword`: the password is an admin's temporary one; the app asks for a new one. */
export const SignedInReply = Type.Object({ user: UserJson, mustChangePassword: Type.Boolean() })
export type SignedInReply = Static<typeof SignedInReply>
export const SecondFactorMethod = Type.Union([Type.Literal('totp'), Type.Literal('webauthn'), Type.Literal('recovery')])
export type SecondFactorMethod = Static<typeof SecondFactorMethod>
/** With a second factor on, the password earns no session: the reply names the methods that complete it. */
export const SecondFactorReply = Type.Object({ secondFactor: Type.Array(SecondFactorMethod) })
export type SecondFactorReply = Static<typeof SecondFactorReply>
export const LoginReply = Type.Union([SignedInReply, SecondFactorReply])
export type LoginReply = Static<typeof LoginReply>
/** One of them (the service refuses more or none); a passkey's answer follows options from /webauthn/login/options. */
export const SecondFactorBody = Type.Object({
  code: Type.Optional(BoundedString(32, 1)),
  recoveryCode: Type.Optional(BoundedString(64, 1)),
  webauthn: Type.Optional(AuthenticationResponse),
})
export type SecondFactorBody = Static<typeof SecondFactorBody>

/** The secret is in this reply only; it counts once `enable` confirms a code from it. */
export const TotpSetupReply = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() })
export type TotpSetupReply = Static<typeof TotpSetupReply>
/** `password`: turning it on asks for it again (a stolen session must not plant a second factor); missing = wrong. */
export const TotpEnableBody = Type.Object({ code: BoundedString(32, 1), password: Type.Optional(BoundedString(1024)) })
export type TotpEnableBody = Static<typeof TotpEnableBody>
/** Shown once: stored hashed. */
export const TotpEnableReply = Type.Object({ recoveryCodes: Type.Array(Type.String()) })
export type TotpEnableReply = Static<typeof TotpEnableReply>
export const TotpDisableBody = Type.Object({ password: BoundedString(1024) })
export type TotpDisableBody = Static<typeof TotpDisableBody>
export const TotpStatusReply = Type.Object({ enabled: Type.Boolean(), recoveryCodesLeft: Type.Integer() })
export type TotpStatusReply = Static<typeof TotpStatusReply>
export const CreateReply = Type.Object({ user: UserJson, emailSent: Type.Boolean() })
export type CreateReply = Static<typeof CreateReply>

export const ChangePasswordBody = Type.Object({ oldPassword: BoundedString(1024), newPassword: BoundedString(1024) })
export type ChangePasswordBody = Static<typeof ChangePasswordBody>
/** A first password, for an account a single sign-on made (there is no current one to give). */
export const SetPasswordBody = Type.Object({ password: BoundedString(1024) })
export type SetPasswordBody = Static<typeof SetPasswordBody>
export const VerifyEmailBody = Type.Object({ emailToken: BoundedString(256, 1) })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>
export const SendResetBody = Type.Object({ email: BoundedString(1024) })
export type SendResetBody = Static<typeof SendResetBody>
export const ResetPasswordBody = Type.Object({ passwordToken: BoundedString(256, 1), password: BoundedString(1024) })
export type ResetPasswordBody = Static<typeof ResetPasswordBody>

export const MessageReply = Type.Object({ message: Type.String() })
export type MessageReply = Static<typeof MessageReply>

export const DeviceJson = Type.Object({
  _id: Type.String(),
  current: Type.Boolean(),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
})
export type DeviceJson = Static<typeof DeviceJson>
export const SessionsReply = Type.Object({ sessions: Type.Array(DeviceJson) })
export type SessionsReply = Static<typeof SessionsReply>

export const IdParams = Type.Object({ id: BoundedString(64, 1) })
export type IdParams = Static<typeof IdParams>

export const AppPasswordScope = Type.Union([Type.Literal('read'), Type.Literal('write')])
export type AppPasswordScope = Static<typeof AppPasswordScope>
export const AppPasswordJson = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  scope: AppPasswordScope,
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
})
export type AppPasswordJson = Static<typeof AppPasswordJson>
/** `password`: asked again, as for a passkey (a stolen session must not plant lasting access); missing = wrong. */
export const CreateAppPasswordBody = Type.Object({
  name: BoundedString(1024),
  scope: AppPasswordScope,
  password: Type.Optional(BoundedString(1024)),
})
export type CreateAppPasswordBody = Static<typeof CreateAppPasswordBody>
/** The secret is in this reply only: it is stored hashed. */
export const CreateAppPasswordReply = Type.Object({ appPassword: AppPasswordJson, secret: Type.String() })
export type CreateAppPasswordReply = Static<typeof CreateAppPasswordReply>
export const AppPasswordsReply = Type.Object({ appPasswords: Type.Array(AppPasswordJson), davUrl: Type.String() })
export type AppPasswordsReply = Static<typeof AppPasswordsReply>

export const AuditEventJson = Type.Object({
  _id: Type.String(),
  /** What happened: sign-in, sign-in.failed, password.change, app-password.create, admin.user.disable, … */
  type: Type.String(),
  createdAt: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  /** The account it happened to (null once deleted, or for an invite). */
  email: Type.Union([Type.String(), Type.Null()]),
  /** Who did it, when someone else (an admin). */
  actorEmail: Type.Union([Type.String(), Type.Null()]),
  /** And their display name (a member who changed something in the account's shared folder). */
  actorName: Type.Optional(Type.String()),
  detail: Type.Union([Type.String(), Type.Null()]),
})
export type AuditEventJson = Static<typeof AuditEventJson>
export const AuditQuery = Type.Object({
  cursor: Type.Optional(BoundedString(64, 1)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
})
export type AuditQuery = Static<typeof AuditQuery>
export const AuditPage = Type.Object({
  events: Type.Array(AuditEventJson),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type AuditPage = Static<typeof AuditPage>
