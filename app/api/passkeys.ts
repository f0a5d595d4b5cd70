// Passkeys (DESIGN.md §7): /user-service/webauthn. The browser's part of each ceremony is
// @simplewebauthn/browser's; this module loads only where a passkey is used (Settings, a sign-in
// with one), so the first load of / stays without it. The list is read through SWR (keys.passkeys).
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import type { SignedInReply } from '../../server/schemas/user.ts'
import type { PasskeyJson as ServerPasskeyJson, PasskeysReply } from '../../server/schemas/webauthn.ts'
import { failureReason, http } from './http.ts'
import type { Key } from './keys.ts'

export type PasskeyJson = ServerPasskeyJson
export type PasskeyList = PasskeysReply

export const PASSKEYS_PATH = '/user-service/webauthn'
/** The SWR key of the list (here, not in keys.ts: only the settings chunk reads it). */
export const passkeysKey = (): Key => [`${PASSKEYS_PATH}/passkeys`]

/** The password first, then the browser's prompt; the server keeps the passkey under `name`. */
export async function addPasskey(name: string, password: string): Promise<PasskeyJson> {
  const { options } = await http.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    `${PASSKEYS_PATH}/register/options`,
    { password },
  )
  const response = await startRegistration({ optionsJSON: options })
  return http.post<PasskeyJson>(`${PASSKEYS_PATH}/register/verify`, { name, response })
}

export const renamePasskey = (id: string, name: string) =>
  http.patch<unknown>(`${PASSKEYS_PATH}/passkeys/${encodeURIComponent(id)}`, { name })
export const removePasskey = (id: string, password: string) =>
  http.delete<unknown>(`${PASSKEYS_PATH}/passkeys/${encodeURIComponent(id)}`, { password })

/** Asks the browser for a passkey of this server: any (signing in alone), or the pending sign-in's account's. */
async function assertion(secondFactor: boolean) {
  const { options } = await http.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    `${PASSKEYS_PATH}/login/options`,
    secondFactor ? { secondFactor } : {},
  )
  return startAuthentication({ optionsJSON: options })
}

/** Signing in with a passkey alone (discoverable: no email typed). */
export async function passkeySignIn(): Promise<SignedInReply> {
  const response = await assertion(false)
  return http.post<SignedInReply>(`${PASSKEYS_PATH}/login/verify`, { response })
}

/** The answer for POST /user-service/login/second-factor, after the password. */
export const passkeySecondFactor = async () => ({ webauthn: await assertion(true) })

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => 'PublicKeyCredential' in window

/**
 * Why a passkey attempt failed, in words: the person closing the browser's prompt (or letting it
 * time out) is not an error of ours, and `cancelled` says so; anything else is the server's reason.
 */
export function passkeyFailure(failure: unknown, cancelled: string): string {
  const name =
    failure instanceof WebAuthnError
      ? (failure.cause as Error | undefined)?.name
      : failure instanceof Error
        ? failure.name
        : undefined
  if (name === 'NotAllowedError' || name === 'AbortError') return cancelled
  if (failure instanceof WebAuthnError) return failure.message
  return failureReason(failure)
}
