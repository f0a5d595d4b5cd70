import { useEffect, useState } from 'react'

/**
 * The value `load` resolves with, once it has: undefined before, and again as soon as `key`
 * changes (a stale result never shows). `load` null loads nothing. A failed load stays undefined,
 * so the viewer keeps showing the plain text.
 */
export function useLoaded<T>(key: unknown, load: (() => Promise<T>) | null): T | undefined {
  const [loaded, setLoaded] = useState<{ key: unknown; value: T }>()
  useEffect(() => {
    if (!load) return
    let current = true
    load().then(
      (value) => current && setLoaded({ key, value }),
      () => undefined,
    )
    return () => {
      current = false
    }
    // `load` is a fresh closure each render; `key` says what it loads.
  }, [key, load === null])
  return load && loaded && Object.is(loaded.key, key) ? loaded.value : undefined
}
