// A passkey authenticator in software, for the server tests: it makes real attestation and
// assertion objects (ES256 keys from node:crypto, CBOR from @simplewebauthn/server's helpers) the
// way a browser hands them over, so the server's verification runs on the real bytes. It keeps
// its credentials (discoverable: each remembers its user handle) and their signature counters.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest()
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

const UP = 0x01
const UV = 0x04
const AT = 0x40

interface Credential {
  id: Buffer
  key: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = []
  constructor(readonly origin: string) {}

  /** navigator.credentials.create: a new ES256 credential, attestation "none". */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    over: { origin?: string; challenge?: string; again?: Credential } = {},
  ): RegistrationResponseJSON {
    const rpId = options.rp.id!
    // `again`: the same credential once more (an authenticator that ignores excludeCredentials).
    const { privateKey, publicKey } = over.again
      ? { privateKey: over.again.key, publicKey: createPublicKey(over.again.key) }
      : generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const id = over.again?.id ?? randomBytes(32)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      u32(0),
      Buffer.alloc(16),
      idLength,
      id,
      Buffer.from(cose),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    )
    const clientData = {
      type: 'webauthn.create',
      challenge: over.challenge ?? options.challenge,
      origin: over.origin ?? this.origin,
      crossOrigin: false,
    }
    if (!over.again) this.credentials.push({ id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /**
   * navigator.credentials.get: signs with the first allowed credential it holds (any, when the
   * options allow all: a discoverable sign-in). `counter` forces the signature counter (a clone).
   */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    over: {
      credential?: Credential
      counter?: number
      userVerified?: boolean
      origin?: string
      userHandle?: string
    } = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id)
    const cred =
      over.credential ??
      this.credentials.find((c) => c.rpId === options.rpId && (!allowed?.length || allowed.includes(b64url(c.id))))
    if (!cred) throw new Error('no credential for these options')
    cred.counter = over.counter ?? cred.counter + 1
    const authData = Buffer.concat([
      sha256(cred.rpId),
      Buffer.from([UP | (over.userVerified === false ? 0 : UV)]),
      u32(cred.counter),
    ])
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: over.origin ?? this.origin,
        crossOrigin: false,
      }),
    )
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.key)
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: over.userHandle ?? cred.userHandle,
      },
    }
  }
}
