// Keys of encryption at rest: a random data key per blob, wrapped by ENCRYPTION_KEY (the master)
// and kept in the blob's `enc`; and the key check that catches a restart with another master.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  assertKey,
  b64,
  CHUNK_SIZE,
  CipherError,
  KEY_SIZE,
  NONCE_BASE_SIZE,
  NONCE_SIZE,
  parseEnc,
  TAG_SIZE,
  unb64,
} from './cipher-format.ts'

const WRAP_AAD = Buffer.from('cumulus:data-key:v1')
const CHECK_LABEL = 'cumulus:key-check:v1'

/** Wraps a 32-byte data key with the 32-byte master key: `k1.<nonce>.<ciphertext>.<tag>` (base64url). */
export function wrapKey(master: Buffer, dataKey: Buffer): string {
  assertKey(master, 'ENCRYPTION_KEY')
  assertKey(dataKey, 'data key')
  const nonce = randomBytes(NONCE_SIZE)
  const c = createCipheriv('aes-256-gcm', master, nonce, { authTagLength: TAG_SIZE })
  c.setAAD(WRAP_AAD)
  const sealed = Buffer.concat([c.update(dataKey), c.final()])
  return ['k1', b64(nonce), b64(sealed), b64(c.getAuthTag())].join('.')
}

/** The data key inside `wrapped`; a CipherError if the master key is not the one that wrapped it. */
export function unwrapKey(master: Buffer, wrapped: string): Buffer {
  assertKey(master, 'ENCRYPTION_KEY')
  const parts = wrapped.split('.')
  if (parts.length !== 4 || parts[0] !== 'k1') throw new CipherError('malformed wrapped key')
  const nonce = unb64(parts[1], NONCE_SIZE, 'wrapped key')
  const sealed = unb64(parts[2], KEY_SIZE, 'wrapped key')
  const tag = unb64(parts[3], TAG_SIZE, 'wrapped key')
  const d = createDecipheriv('aes-256-gcm', master, nonce, { authTagLength: TAG_SIZE })
  d.setAAD(WRAP_AAD)
  d.setAuthTag(tag)
  const key = d.update(sealed)
  try {
    d.final()
  } catch {
    // GCM cannot tell a wrong key from a corrupted record; the wrong key is by far the likelier.
    throw new CipherError('Cannot unwrap the file key: wrong ENCRYPTION_KEY (or the stored key is corrupt)')
  }
  return key
}

/**
 * A fresh data key for one blob, and `enc` to store beside the blob's row. One `enc` per blob
 * write, never reused: the nonces derive from it, and GCM with a repeated nonce leaks plaintext.
 */
export function newFileKey(master: Buffer, chunkSize = CHUNK_SIZE): { dataKey: Buffer; enc: string } {
  const dataKey = randomBytes(KEY_SIZE)
  const enc = `e1.${chunkSize}.${b64(randomBytes(NONCE_BASE_SIZE))}.${wrapKey(master, dataKey)}`
  parseEnc(enc) // the same bounds a stored enc must meet
  return { dataKey, enc }
}

/** The data key of a stored blob, from its `enc`. */
export function unwrapFileKey(master: Buffer, enc: string): Buffer {
  return unwrapKey(master, parseEnc(enc).wrapped)
}

/** A value to store once, so a restart with a different ENCRYPTION_KEY is caught before serving. */
export function makeKeyCheck(master: Buffer): string {
  assertKey(master, 'ENCRYPTION_KEY')
  // An HMAC under the key reveals nothing about it, yet only that key reproduces it.
  return `kc1.${b64(createHmac('sha256', master).update(CHECK_LABEL).digest())}`
}

/** True when `check` was made with `master`; a CipherError if `check` is not a key check at all. */
export function verifyKeyCheck(master: Buffer, check: string): boolean {
  const parts = check.split('.')
  if (parts.length !== 2 || parts[0] !== 'kc1') throw new CipherError('malformed key check')
  const expected = unb64(parts[1], 32, 'key check')
  const actual = Buffer.from(makeKeyCheck(master).slice(4), 'base64url')
  return timingSafeEqual(expected, actual)
}
