// Whether anything is shared with the user (issue #39): one item of "Shared with me" tells Media
// whether "Include shared" starts on. A failed read counts as nothing shared, so the gallery
// never waits on it for long and never shows a timeline of nobody.
import { keys } from '../api/keys.ts'
import { useApi } from './swr-config.ts'

export interface AnythingShared {
  /** The answer came (or the read failed). */
  known: boolean
  any: boolean
}

/** `skip`: the answer is not needed (the user chose already). */
export function useAnythingShared(skip: boolean): AnythingShared {
  const { data, error } = useApi<{ items: unknown[] }>(skip ? null : keys.sharedWithMe({ limit: 1 }))
  if (skip) return { known: true, any: false }
  if (error) return { known: true, any: false }
  return { known: data !== undefined, any: (data?.items.length ?? 0) > 0 }
}
