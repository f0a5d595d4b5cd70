import { useLayoutEffect } from 'react'
import { navigationMap, setNavigationEntry } from '../state/selection.ts'

// How long a restore keeps trying while the page is still too short (lists arriving from the API).
const RESTORE_WINDOW_MS = 1000

/**
 * SPEC §1: remembers the window's scroll position per URL (navigationMap) and restores it when the
 * user comes back to that URL; a URL seen for the first time starts at the top.
 */
export function useScrollMemory(url: string): void {
  useLayoutEffect(() => {
    const target = navigationMap.peek()[url]?.scrollTop ?? 0
    const started = performance.now()
    let frame = 0
    // While restoring, scroll events are ours (and may be clamped by a short page): not memory.
    let restoring = true
    const restore = () => {
      window.scrollTo(0, target)
      const reached = Math.abs(window.scrollY - target) < 1
      if (!reached && performance.now() - started < RESTORE_WINDOW_MS) frame = requestAnimationFrame(restore)
      else restoring = false
    }
    restore()

    let pending = 0
    const onScroll = () => {
      if (restoring) return
      cancelAnimationFrame(pending)
      pending = requestAnimationFrame(() => setNavigationEntry(url, window.scrollY))
    }
    // The user scrolling wins over a restore still waiting for content.
    const stopRestoring = () => {
      cancelAnimationFrame(frame)
      restoring = false
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('wheel', stopRestoring, { passive: true })
    window.addEventListener('touchmove', stopRestoring, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      cancelAnimationFrame(pending)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('wheel', stopRestoring)
      window.removeEventListener('touchmove', stopRestoring)
    }
  }, [url])
}
