import { readSaved, savedKeys, writeSaved } from './saved.ts'

// crypto.randomUUID exists only in secure contexts; a self-hosted server reached over plain http
// on a LAN address is not one, so fall back to a v4 UUID from getRandomValues (available everywhere).
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

// Kept in memory too, so the id stays stable for the page's life when storage is unavailable.
let fallback: string | undefined

/** SPEC §3 browser-id: a random UUID generated once and kept in local storage under "browser-id". */
export function getBrowserId(): string {
  const stored = readSaved(savedKeys.browserId)
  if (stored) return stored
  const id = fallback ?? randomUuid()
  writeSaved(savedKeys.browserId, id)
  // Only needed when the write did not stick.
  if (readSaved(savedKeys.browserId) !== id) fallback = id
  return id
}
