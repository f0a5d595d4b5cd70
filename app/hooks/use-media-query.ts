import { useCallback, useSyncExternalStore } from 'react'
import { breakpoints } from '@cumulus/ui'

/** Whether `query` matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches
  return useSyncExternalStore(subscribe, read, () => false)
}

export const desktopQuery = `(min-width: ${breakpoints.desktop}px)`

/** SPEC §2 "on desktop" / "on mobile": the library's desktop breakpoint. */
export const useIsDesktop = () => useMediaQuery(desktopQuery)
