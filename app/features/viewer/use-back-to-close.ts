// SPEC §2 "Closing the viewer, or the browser back button, dismisses it". While open, the viewer owns
// one history entry: the same URL (so the router and the scroll memory see no change), marked in its
// state. Back pops it and closes the viewer; closing any other way pops it too, so the back stack
// holds no dead entries.
import { useEffect, useRef } from 'react'

const MARK = 'cumulusViewer'

const isMarked = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARK] === true

function pushMarked(): void {
  const state: unknown = history.state
  const kept = typeof state === 'object' && state !== null ? state : {}
  history.pushState({ ...kept, [MARK]: true }, '', location.href)
}

/** Keeps a history entry while `open`; a Back that leaves it calls `close`. */
export function useBackToClose(open: boolean, close: () => void): void {
  const openRef = useRef(open)
  const closeRef = useRef(close)
  const wasOpen = useRef(false)
  // Our own history.back() is on its way: its popstate is not the user's Back.
  const backPending = useRef(false)

  useEffect(() => {
    openRef.current = open
    closeRef.current = close
  })

  useEffect(() => {
    const onPopState = () => {
      if (backPending.current) {
        backPending.current = false
        // Reopened before our back landed: take an entry again.
        if (openRef.current && !isMarked(history.state)) pushMarked()
      } else if (openRef.current && !isMarked(history.state)) {
        closeRef.current()
      }
    }
    addEventListener('popstate', onPopState)
    return () => removeEventListener('popstate', onPopState)
  }, [])

  useEffect(() => {
    if (open) {
      // The marked-state check keeps this to one entry (effects re-run; steps within the viewer).
      if (!backPending.current && !isMarked(history.state)) pushMarked()
    } else if (wasOpen.current && !backPending.current && isMarked(history.state)) {
      // Closed by the UI (close, Escape, another modal) while our entry is on top.
      backPending.current = true
      history.back()
    }
    wasOpen.current = open
  }, [open])
}
