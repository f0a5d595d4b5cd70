// A typed value that settles: the search suggestions and the people picker ask the server only
// once typing pauses.
import { useEffect, useState } from 'react'

/** The text `value` settles on after `ms` without changes. */
export function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
