import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'

/** An opaque, URL-safe, unguessable id or token (128 bits by default). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url')
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
