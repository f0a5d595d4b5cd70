// localStorage that never throws: private modes and disabled storage make it throw on access,
// and the app must still run (preferences then last for the page's life only).

/** The exact keys of SPEC §3 "Browser-stored values". */
export const storageKeys = {
  listMode: 'list-mode',
  sortName: 'sort-name',
  orderAsc: 'order-asc',
  singleClickFolders: 'single-click-folders',
  notLoadThumbnails: 'not-load-thumbnails',
  theme: 'theme', // ours: "light" or "dark"; absent follows the system
  hasPreviouslyLoggedIn: 'hasPreviouslyLoggedIn',
  browserId: 'browser-id',
} as const

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Storage unavailable or full: the in-memory signal still holds the value.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // As above.
  }
}

/** SPEC §3: a flag is stored as the text "true" while on and removed when off. */
export function readFlag(key: StorageKey): boolean {
  return readStored(key) === 'true'
}

export function writeFlag(key: StorageKey, on: boolean): void {
  if (on) writeStored(key, 'true')
  else removeStored(key)
}
