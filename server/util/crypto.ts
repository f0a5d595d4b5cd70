import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomFillSync } from 'node:crypto'

/**
 * Random bytes drawn 4 KiB at a time, as node's randomUUID does: one call into the CSPRNG per
 * ~200 ids instead of one per id (a small upload takes four ids; a call each showed in its profile).
 */
const pool = Buffer.alloc(4096)
let poolAt = pool.length

/** An opaque, URL-safe, unguessable id or token (128 bits by default). */
export function randomId(bytes = 16): string {
  if (bytes > pool.length) return randomBytes(bytes).toString('base64url')
  if (poolAt + bytes > pool.length) {
    randomFillSync(pool)
    poolAt = 0
  }
  const id = pool.toString('base64url', poolAt, poolAt + bytes)
  // Each byte is handed out once.
  poolAt += bytes
  return id
}

/** Tokens are stored only as hashes: a leaked database row cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

/** A 32-byte key of its own for one purpose, derived from the server's SECRET. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`cumulus ${purpose}`).digest()
}

/** A keyed hash: a leaked database alone cannot even confirm a guess of what was hashed. */
export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url')
}

/** Seals a short text with AES-256-GCM: `iv.tag.ciphertext`, base64url. */
export function sealText(key: Buffer, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

/** Opens what sealText made; throws when it was made with another key or altered. */
export function openText(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
  if (!iv || !tag || !body) throw new Error('not a sealed text')
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
}
