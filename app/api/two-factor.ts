// Two-step verification with an authenticator app (DESIGN.md §7 "Two-factor and single sign-on"):
// /user-service/totp. Its status is read through SWR (keys.totp); writes are followed by mutate().
import type { TotpEnableReply, TotpSetupReply, TotpStatusReply } from '../../server/schemas/user.ts'
import { http } from './http.ts'

export type TotpStatus = TotpStatusReply
export type TotpSetup = TotpSetupReply

export const TOTP_PATH = '/user-service/totp'

/** A new secret to scan (shown once); it counts only after `enableTotp` confirms a code from it. */
export const setupTotp = () => http.post<TotpSetup>(`${TOTP_PATH}/setup`)
/** Asks for the password again; ends every other session; the recovery codes are in this reply only. */
export const enableTotp = (code: string, password: string) =>
  http.post<TotpEnableReply>(`${TOTP_PATH}/enable`, { code, password })
export const disableTotp = (password: string) => http.post<unknown>(`${TOTP_PATH}/disable`, { password })
