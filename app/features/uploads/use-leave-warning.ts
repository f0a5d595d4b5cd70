// Leaving the page (closing the tab, reloading, typing another address) while files are still
// being sent would cut them off: the browser asks first. Its dialog has its own wording (browsers
// ignore a page's text), so there is nothing to say here beyond asking.
import { useEffect } from 'react'

/** While `busy()` answers true, the browser asks before the page is left. */
export function useLeaveWarning(busy: () => boolean): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!busy()) return
      event.preventDefault()
      // Older Chromium and Safari ask only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [busy])
}
