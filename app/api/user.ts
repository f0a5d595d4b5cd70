// /user-service calls (SPEC §7 "User service", plus logout-all of DESIGN.md §4).
import type {
  CreateReply,
  LoginReply,
  SecondFactorMethod,
  SignedInReply,
  UserDetailedJson,
  UserJson,
} from '../../server/schemas/user.ts'
import type { InviteStatusReply } from '../../server/schemas/admin.ts'
import { http, refreshToken } from './http.ts'

/**
 * DESIGN.md §7 adds `role`; `mustChangePassword` (ours, on the user only while true) is set after
 * an admin's reset until the user chooses a password. The detailed one adds `quota` in bytes
 * (null = unlimited) and `used` bytes. The login reply carries `mustChangePassword` beside the
 * user as well (always, true or false); with a second factor on, the password earns no session
 * yet, only the methods that complete it (DESIGN §7).
 */
export type { CreateReply, LoginReply, SecondFactorMethod, SignedInReply, UserDetailedJson, UserJson }
/** The second step: an authenticator code, one of the recovery codes, or a passkey's answer (api/passkeys.ts). */
export type SecondFactorAnswer = { code: string } | { recoveryCode: string } | { webauthn: unknown }

/** POST /user-service/get-token (through the separate token client). */
export const getToken = refreshToken

export const getUser = () => http.get<UserJson>('/user-service/user')
export const getUserDetailed = () => http.get<UserDetailedJson>('/user-service/user-detailed')
export const login = (email: string, password: string) =>
  http.post<LoginReply>('/user-service/login', { email, password })
export const SECOND_FACTOR_PATH = '/user-service/login/second-factor'
export const completeSignIn = (answer: SecondFactorAnswer) => http.post<SignedInReply>(SECOND_FACTOR_PATH, answer)
/** `invite`: the token of an admin's invite link (DESIGN §8), needed when sign-up is by invite. */
export const createAccount = (email: string, password: string, invite?: string, displayName?: string) =>
  http.post<CreateReply>('/user-service/create', {
    email,
    password,
    ...(invite ? { invite } : {}),
    // DESIGN §8 "Names": optional; left out, the server uses the email's local part.
    ...(displayName?.trim() ? { displayName: displayName.trim() } : {}),
  })
/** The account's own display name (DESIGN §8 "Names"); answers the user record. */
export const setDisplayName = (displayName: string) =>
  http.patch<UserJson>('/user-service/display-name', { displayName })
/** The invite screen's check before its form: valid, used or expired (404: not a live invite). */
export const checkInvite = (token: string) =>
  http.get<InviteStatusReply>(`/user-service/invites/${encodeURIComponent(token)}`)
export const logout = () => http.post<unknown>('/user-service/logout')
/** Ends every session of the account, this one included. */
export const logoutAll = () => http.post<unknown>('/user-service/logout-all')
export const changePassword = (oldPassword: string, newPassword: string) =>
  http.patch<unknown>('/user-service/change-password', { oldPassword, newPassword })
/** A first password for an account a single sign-on made (DESIGN §7): no current one to give. */
export const setPassword = (password: string) => http.post<unknown>('/user-service/set-password', { password })
export const resendVerifyEmail = () => http.patch<unknown>('/user-service/resend-verify-email')
export const verifyEmail = (emailToken: string) => http.patch<unknown>('/user-service/verify-email', { emailToken })
export const sendPasswordReset = (email: string) => http.patch<unknown>('/user-service/send-password-reset', { email })
export const resetPassword = (passwordToken: string, password: string) =>
  http.patch<unknown>('/user-service/reset-password', { passwordToken, password })
