// Wire types of the passkey routes (/user-service/webauthn). A browser's answers are the JSON
// @simplewebauthn/browser makes of a credential: base64url strings, each bounded.
import { Type, type Static } from 'typebox'
import { BoundedString } from './common.ts'

const B64 = (max: number) => Type.String({ maxLength: max, pattern: '^[A-Za-z0-9_-]*={0,2}$' })
const CredentialId = Type.String({ minLength: 1, maxLength: 1400, pattern: '^[A-Za-z0-9_-]+={0,2}$' })
const Attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]))
// Kept as sent: the server reads none, but they are part of the credential's JSON.
const ExtensionResults = Type.Object({}, { additionalProperties: true })

/** What every credential's JSON has besides its `response`. */
const credential = {
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
}

export const AuthenticationResponse = Type.Object({
  ...credential,
  response: Type.Object({
    clientDataJSON: B64(4096),
    authenticatorData: B64(4096),
    signature: B64(2048),
    userHandle: Type.Optional(B64(256)),
  }),
})
export type AuthenticationResponse = Static<typeof AuthenticationResponse>

export const RegistrationResponse = Type.Object({
  ...credential,
  response: Type.Object({
    clientDataJSON: B64(4096),
    attestationObject: B64(32_768),
    authenticatorData: Type.Optional(B64(16_384)),
    transports: Type.Optional(Type.Array(BoundedString(32), { maxItems: 16 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(B64(16_384)),
  }),
})
export type RegistrationResponse = Static<typeof RegistrationResponse>

/** Options for navigator.credentials.create or .get, as @simplewebauthn/browser takes them. */
export const OptionsReply = Type.Object({ options: Type.Unknown() })
export type OptionsReply = Static<typeof OptionsReply>

export const RegisterOptionsBody = Type.Object({ password: BoundedString(1024) })
export type RegisterOptionsBody = Static<typeof RegisterOptionsBody>
export const RegisterVerifyBody = Type.Object({
  name: Type.Optional(BoundedString(256)),
  response: RegistrationResponse,
})
export type RegisterVerifyBody = Static<typeof RegisterVerifyBody>
/** `secondFactor`: options for the pending sign-in of this browser (after the password), not a passwordless one. */
export const LoginOptionsBody = Type.Object({ secondFactor: Type.Optional(Type.Boolean()) })
export type LoginOptionsBody = Static<typeof LoginOptionsBody>
export const LoginVerifyBody = Type.Object({ response: AuthenticationResponse })
export type LoginVerifyBody = Static<typeof LoginVerifyBody>

export const PasskeyJson = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
})
export type PasskeyJson = Static<typeof PasskeyJson>
/** `available`: false when the server has no RP ID (an IP-address PUBLIC_URL, README). */
export const PasskeysReply = Type.Object({ passkeys: Type.Array(PasskeyJson), available: Type.Boolean() })
export type PasskeysReply = Static<typeof PasskeysReply>
export const RenamePasskeyBody = Type.Object({ name: BoundedString(256) })
export type RenamePasskeyBody = Static<typeof RenamePasskeyBody>
export const RemovePasskeyBody = Type.Object({ password: BoundedString(1024) })
export type RemovePasskeyBody = Static<typeof RemovePasskeyBody>
