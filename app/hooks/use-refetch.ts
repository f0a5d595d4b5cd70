// SPEC §4/§7: after uploads, moves, shares, trash, restore and deletes the lists refetch. SWR's
// filter form of mutate() skips useSWRInfinite caches, so the paged file lists listen for a
// "files changed" event here and revalidate themselves; plain keys are mutated by path.
import { useEffect, useMemo, useRef } from 'react'
import { useSWRConfig } from 'swr'
import { keyStartsWith } from '../api/keys.ts'

export type ListKind = 'files' | 'folders'

const events = new EventTarget()

/** Tells every mounted list of `kind` to refetch. */
export const notifyListsChanged = (kind: ListKind) => events.dispatchEvent(new Event(kind))

/** Runs `refresh` whenever lists of `kind` change (used by the paged file lists). */
export function useOnListsChanged(kind: ListKind, refresh: () => void): void {
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    const listener = () => latest.current()
    events.addEventListener(kind, listener)
    return () => events.removeEventListener(kind, listener)
  }, [kind])
}

// The storage meter (DESIGN §7 `used`) moves with every upload and delete.
const usageKey = '/user-service/user-detailed'
const plainFileKeys = ['/file-service/quick-list', '/file-service/suggested-list', usageKey]
const folderKeys = ['/folder-service/', usageKey]

/** `files()`, `folders()` and `all()` refetch the matching lists wherever they are shown. */
export function useRefetch() {
  const { mutate } = useSWRConfig()
  return useMemo(() => {
    const byPath = (paths: string[]) => void mutate((key: unknown) => paths.some((path) => keyStartsWith(path)(key)))
    const files = () => {
      notifyListsChanged('files')
      byPath(plainFileKeys)
    }
    const folders = () => {
      notifyListsChanged('folders')
      byPath(folderKeys)
    }
    return {
      files,
      folders,
      all: () => {
        files()
        folders()
      },
    }
  }, [mutate])
}
