import { type Ref, type RefCallback, useCallback, useState } from 'react'
import { isRtl } from '../internal/direction.ts'

/**
 * Whether the element lays out right to left, read when it mounts (`dir` on it or an ancestor).
 * For widgets that take the direction as a prop (Ariakit's toolbar). `forward` is the caller's own
 * ref, which the returned callback ref also sets.
 */
export function useRtl<E extends Element>(forward?: Ref<E>): [RefCallback<E>, boolean] {
  const [rtl, setRtl] = useState(false)
  const ref = useCallback(
    (element: E | null) => {
      if (element) setRtl(isRtl(element))
      if (typeof forward === 'function') forward(element)
      else if (forward) forward.current = element
    },
    [forward],
  )
  return [ref, rtl]
}
