// SPEC §4 "Modals animate in after opening and out with a 200 ms delay on close": the library's
// Dialog fades out while `open` is false, so a modal keeps showing what it showed until then.
import { useState } from 'react'

/**
 * The latest non-null `value` (kept after it turns null, for the closing fade), and a number that
 * changes with every new value, to key per-opening state.
 */
export function useClosing<T>(value: T | null): { shown: T | null; opening: number } {
  const [state, setState] = useState<{ shown: T | null; opening: number }>({ shown: value, opening: 0 })
  // Adjusting state while rendering (React's pattern for deriving from a changed input).
  if (value !== null && value !== state.shown) {
    const next = { shown: value, opening: state.opening + 1 }
    setState(next)
    return next
  }
  return state
}
