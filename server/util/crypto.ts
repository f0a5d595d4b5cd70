import { createHash, randomBytes } from 'node:crypto'

/** An opaque, URL-safe, unguessable id or token (128 bits by default). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url')
}

/** Tokens are stored only as hashes: a leaked database row cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}
