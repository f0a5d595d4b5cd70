// The app's frame: the error boundary, scroll memory, the session keep-alive, the routes and the
// notifications. Each lazy screen brings the kit's locale with the spec's formats
// (features/shell/lazy-named.ts). (SWR settings travel with each hook: see hooks/swr-config.ts.)
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { ErrorBoundary } from './features/shell/error-boundary.tsx'
import { Toasts } from './features/toasts/toasts.tsx'
import { useScrollMemory } from './hooks/use-scroll-memory.ts'
import { AppRoutes } from './routes.tsx'
import { startKeepAlive } from './state/session.ts'

export function App() {
  const [location] = useLocation()
  const search = useSearch()
  const url = search ? `${location}?${search}` : location
  useScrollMemory(url)
  useEffect(() => startKeepAlive(), [])
  return (
    <>
      <ErrorBoundary resetKey={url}>
        <AppRoutes />
      </ErrorBoundary>
      <Toasts />
    </>
  )
}
