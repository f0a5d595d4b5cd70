// The format of an encrypted blob (DESIGN.md §5; README.md here, "Encryption at rest"): where each
// chunk sits, its nonce and AAD, and the per-file `enc` string. Pure arithmetic, no crypto.
//
// Stored blob layout (v1):
//   header   8 bytes   'CMLSENC' + version 0x01 (fixed size: chunk offsets need no header read)
//   chunk i  plainLen(i) bytes of ciphertext, then its 16-byte GCM tag
// Every chunk holds chunkSize plaintext bytes (kept in `enc`) except the last, which holds 1..chunkSize (0 for
// an empty file: an empty file still has one final chunk, so cutting a blob to its header fails).
//   nonce(i) = nonceBase (8 random bytes per file) || uint32be(i)
//   aad(i)   = header || uint32be(i) || final flag (1 byte)
// The index in the AAD (and nonce) pins each chunk to its position, so reordering or swapping
// chunks fails; the final flag makes "this is the end" authenticated, so dropping whole trailing
// chunks fails too even when the size was taken from the (truncated) blob itself.
import type { ByteRange } from './blob-store.ts'

/** Any failure to authenticate or parse encrypted data: tampering, truncation, a wrong key. */
export class CipherError extends Error {
  override name = 'CipherError'
}

/**
 * Plaintext bytes per chunk of a new file. The size is kept in each file's `enc`, so files sealed
 * with 64 KiB chunks (before issue #18) read as they are. 1 MiB: a WebCrypto job has a fixed cost
 * on the main thread (~20 µs), small against 1 MiB of AES-GCM (~0.4 ms); a range read opens at
 * most two chunks more than it needs (~1 ms).
 */
export const CHUNK_SIZE = 1024 * 1024
export const TAG_SIZE = 16
export const HEADER = Buffer.from('CMLSENC\x01', 'latin1')
export const HEADER_SIZE = HEADER.length
export const KEY_SIZE = 32
export const NONCE_SIZE = 12
export const NONCE_BASE_SIZE = 8
// The chunk index is the last 4 bytes of the nonce; never let it wrap (that would reuse a nonce).
export const MAX_CHUNKS = 2 ** 32
const B64URL = /^[A-Za-z0-9_-]*$/

export function assertKey(key: Buffer, what: string): void {
  if (!Buffer.isBuffer(key) || key.length !== KEY_SIZE) throw new CipherError(`${what} must be ${KEY_SIZE} bytes`)
}

export function b64(buf: Buffer): string {
  return buf.toString('base64url')
}

/** Strict base64url decode: Buffer.from silently skips bad characters, which would hide corruption. */
export function unb64(text: string | undefined, length: number, what: string): Buffer {
  const buf = text !== undefined && B64URL.test(text) ? Buffer.from(text, 'base64url') : undefined
  if (!buf || buf.length !== length) throw new CipherError(`malformed ${what}`)
  return buf
}

export interface FileParams {
  chunkSize: number
  nonceBase: Buffer
  wrapped: string
}

/** `enc` (stored per file in the database): `e1.<chunkSize>.<nonceBase>.<wrapped key>`. */
export function parseEnc(enc: string): FileParams {
  const m = /^e1\.(\d{1,9})\.([A-Za-z0-9_-]+)\.(k1\..+)$/.exec(enc)
  const chunkSize = Number(m?.[1])
  if (!m || !Number.isSafeInteger(chunkSize) || chunkSize < 1024 || chunkSize > 16 * 1024 * 1024) {
    throw new CipherError('malformed file encryption parameters')
  }
  return { chunkSize, nonceBase: unb64(m[2], NONCE_BASE_SIZE, 'file encryption parameters'), wrapped: m[3]! }
}

export function assertPlainSize(plainSize: number, chunkSize: number): void {
  if (!Number.isSafeInteger(plainSize) || plainSize < 0) throw new RangeError(`invalid plaintext size ${plainSize}`)
  if (chunkCount(plainSize, chunkSize) > MAX_CHUNKS) throw new CipherError('file too large to encrypt')
}

export function chunkCount(plainSize: number, chunkSize: number): number {
  return plainSize === 0 ? 1 : Math.ceil(plainSize / chunkSize)
}

/** Plaintext length of chunk `i` of a file of `plainSize` bytes. */
export function plainLength(i: number, plainSize: number, chunkSize: number): number {
  const last = chunkCount(plainSize, chunkSize) - 1
  return i < last ? chunkSize : plainSize - last * chunkSize
}

function chunkOffset(i: number, chunkSize: number): number {
  return HEADER_SIZE + i * (chunkSize + TAG_SIZE)
}

const chunkSizeOf = (enc?: string) => (enc === undefined ? CHUNK_SIZE : parseEnc(enc).chunkSize)

/** Size of the stored blob for a plaintext of `plainSize` bytes. Pass `enc` to honour its chunk size. */
export function storedSize(plainSize: number, enc?: string): number {
  const cs = chunkSizeOf(enc)
  assertPlainSize(plainSize, cs)
  return HEADER_SIZE + chunkCount(plainSize, cs) * TAG_SIZE + plainSize
}

/** Inverse of storedSize; a CipherError when no plaintext size gives `stored` (a damaged blob). */
export function plainSizeOf(stored: number, enc?: string): number {
  const cs = chunkSizeOf(enc)
  const body = stored - HEADER_SIZE
  const full = Math.floor(body / (cs + TAG_SIZE))
  const rest = body - full * (cs + TAG_SIZE)
  // A tail of only a tag is an empty chunk, which exists only as the single chunk of an empty file.
  if (
    !Number.isSafeInteger(stored) ||
    body < TAG_SIZE ||
    (rest > 0 && rest < TAG_SIZE) ||
    (rest === TAG_SIZE && full > 0)
  ) {
    throw new CipherError(`no encrypted blob is ${stored} bytes long`)
  }
  return full * cs + (rest === 0 ? 0 : rest - TAG_SIZE)
}

export function assertRange(range: ByteRange, plainSize: number): void {
  const { start, end } = range
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end || end >= plainSize) {
    throw new RangeError(`invalid range ${start}-${end} of ${plainSize} bytes`)
  }
}

/**
 * The stored bytes (inclusive) holding exactly the chunks that intersect `plainRange`. The header is
 * not included: feed these bytes to createDecryptStream with the same `range`.
 */
export function storedRange(plainRange: ByteRange, plainSize: number, enc?: string): ByteRange {
  const cs = chunkSizeOf(enc)
  assertPlainSize(plainSize, cs)
  assertRange(plainRange, plainSize)
  const first = Math.floor(plainRange.start / cs)
  const last = Math.floor(plainRange.end / cs)
  return { start: chunkOffset(first, cs), end: chunkOffset(last, cs) + plainLength(last, plainSize, cs) + TAG_SIZE - 1 }
}

/** The chunk size of the blob of `enc`. */
export const chunkSizeFor = (enc: string): number => parseEnc(enc).chunkSize

export function chunkNonce(base: Buffer, i: number): Buffer {
  const nonce = Buffer.allocUnsafe(NONCE_SIZE)
  base.copy(nonce, 0)
  nonce.writeUInt32BE(i, NONCE_BASE_SIZE)
  return nonce
}

export function chunkAad(i: number, final: boolean): Buffer {
  const aad = Buffer.allocUnsafe(HEADER_SIZE + 5)
  HEADER.copy(aad, 0)
  aad.writeUInt32BE(i, HEADER_SIZE)
  aad[HEADER_SIZE + 4] = final ? 1 : 0
  return aad
}
