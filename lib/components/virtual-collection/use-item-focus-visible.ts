import { useRef, useState } from 'react'

// Items are plain elements under a roving tab stop, not Ariakit items, so the collection marks the
// keyboard-focused one with `data-focus-visible` itself, as Ariakit marks its own: focus that came
// from a key (Tab, an arrow) or from nothing the user pressed (a script), never from a pointer.

/** Which item shows keyboard focus, and the root handlers that tell a pointer from a key. */
export function useItemFocusVisible() {
  const byPointer = useRef(false)
  const [index, setIndex] = useState<number | null>(null)
  return {
    /** The index of the item that has keyboard focus, or null. */
    index,
    handlers: {
      onPointerDownCapture: () => {
        byPointer.current = true
      },
      onKeyDownCapture: () => {
        byPointer.current = false
      },
    },
    /** Focus landed on an item's own element (`index`), or elsewhere in the collection (null). */
    focus: (focused: number | null) => setIndex(focused !== null && !byPointer.current ? focused : null),
    /** Focus left the item; `left` when it left the collection (the next focus from outside is a fresh start). */
    blur: (left: boolean) => {
      setIndex(null)
      if (left) byPointer.current = false
    },
  }
}
