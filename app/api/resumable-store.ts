// Where tus-js-client keeps unfinished uploads (its URL storage in localStorage, entries
// "tus::<fingerprint>::<n>" holding {size, metadata, creationTime, uploadUrl}), read without loading
// the library: after a reload the panel lists them before anything is sent. Our fingerprint spells
// out the file and its destination, so an entry alone says which file to ask the user for.

/** Marks our entries among any other tus client's on this origin; bump it if the format changes. */
const FINGERPRINT_PREFIX = 'cumulus-1'
const KEY_PREFIX = 'tus::'

/** What identifies one resumable upload: the file (name, size, last modified) and where it goes. */
export interface UploadIdentity {
  name: string
  size: number
  lastModified: number
  parent: string
  relativePath?: string
}

/** An unfinished upload found in the URL storage. */
export interface StoredUpload extends UploadIdentity {
  /** The storage key, which tus-js-client's `resumeFromPreviousUpload` and `removeUpload` take. */
  urlStorageKey: string
  uploadUrl: string
  creationTime: string
  metadata: Record<string, string>
}

/** The tus fingerprint of an upload: every field URI-encoded, so no "::" or "/" inside a field. */
export function fingerprintOf({ name, size, lastModified, parent, relativePath }: UploadIdentity): string {
  return [FINGERPRINT_PREFIX, parent, relativePath ?? '', name, String(size), String(lastModified)]
    .map(encodeURIComponent)
    .join('/')
}

function parseFingerprint(fingerprint: string): UploadIdentity | null {
  const fields = fingerprint.split('/').map((field) => decodeURIComponent(field))
  if (fields.length !== 6 || fields[0] !== FINGERPRINT_PREFIX) return null
  const [, parent, relativePath, name, size, lastModified] = fields as [string, string, string, string, string, string]
  const numbers = [Number(size), Number(lastModified)]
  if (!name || !parent || numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return null
  return { name, size: numbers[0]!, lastModified: numbers[1]!, parent, ...(relativePath ? { relativePath } : {}) }
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Our unfinished uploads in the URL storage, oldest first; unreadable entries are skipped. */
export function storedUploads(): StoredUpload[] {
  const store = storage()
  if (!store) return []
  const found: StoredUpload[] = []
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (!key?.startsWith(`${KEY_PREFIX}${FINGERPRINT_PREFIX}`)) continue
    const identity = parseFingerprint(key.slice(KEY_PREFIX.length, key.lastIndexOf('::')))
    try {
      const entry = JSON.parse(store.getItem(key) ?? 'null') as {
        uploadUrl?: unknown
        creationTime?: unknown
        metadata?: unknown
      } | null
      if (!identity || typeof entry?.uploadUrl !== 'string') continue
      const metadata = (entry.metadata && typeof entry.metadata === 'object' ? entry.metadata : {}) as Record<
        string,
        string
      >
      found.push({
        ...identity,
        urlStorageKey: key,
        uploadUrl: entry.uploadUrl,
        creationTime: String(entry.creationTime ?? ''),
        metadata,
      })
    } catch {
      // Not JSON: not an entry we can resume.
    }
  }
  return found.sort((a, b) => Date.parse(a.creationTime) - Date.parse(b.creationTime))
}

/** Forgets one stored upload (it finished, was canceled, or the server no longer has it). */
export function forgetStoredUpload(urlStorageKey: string): void {
  try {
    storage()?.removeItem(urlStorageKey)
  } catch {
    // Storage unavailable: nothing to forget.
  }
}

/** Whether `file` is the one a stored upload was sending (SPEC: matched by name, size and last modified). */
export const isSameFile = (file: File, stored: UploadIdentity) =>
  file.name === stored.name && file.size === stored.size && file.lastModified === stored.lastModified
