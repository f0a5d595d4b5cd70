// The people of the family timeline's person filter: every owner seen on the loaded pages, kept
// while the timeline is on, so picking one person (whose list then holds only them) leaves the
// other chips in place.
import { useMemo, useRef } from 'react'
import type { FileJson } from '../../api/files.ts'

export interface TimelinePerson {
  id: string
  name: string
}

export function useTimelinePeople(files: readonly FileJson[], on: boolean): TimelinePerson[] {
  const seen = useRef(new Map<string, string>())
  return useMemo(() => {
    if (!on) {
      seen.current = new Map()
      return []
    }
    for (const f of files)
      if (f.owner && !seen.current.has(f.owner._id)) seen.current.set(f.owner._id, f.owner.displayName)
    return [...seen.current].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
  }, [files, on])
}
