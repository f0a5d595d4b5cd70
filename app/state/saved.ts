// localStorage that never throws: private modes and disabled storage make it throw on access,
// and the app must still run (preferences then last for the page's life only).

/** The exact keys of SPEC §3 "Browser-stored values". */
export const savedKeys = {
  listMode: 'list-mode',
  sortName: 'sort-name',
  orderAsc: 'order-asc',
  singleClickFolders: 'single-click-folders',
  notLoadThumbnails: 'not-load-thumbnails',
  theme: 'theme', // ours: "light" or "dark"; absent follows the system
  hasPreviouslyLoggedIn: 'hasPreviouslyLoggedIn',
  browserId: 'browser-id',
  // ours: Media's "Include shared" ("true" / "false"; absent: on when anything is shared)
  mediaIncludeShared: 'media-include-shared',
} as const

export type SavedKey = (typeof savedKeys)[keyof typeof savedKeys]

export function readSaved(key: SavedKey): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeSaved(key: SavedKey, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Storage unavailable or full: the in-memory signal still holds the value.
  }
}

export function removeSaved(key: SavedKey): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // As above.
  }
}

/** SPEC §3: a flag is stored as the text "true" while on and removed when off. */
export function readFlag(key: SavedKey): boolean {
  return readSaved(key) === 'true'
}

export function writeFlag(key: SavedKey, on: boolean): void {
  if (on) writeSaved(key, 'true')
  else removeSaved(key)
}
