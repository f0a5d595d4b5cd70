// The cached user record as the app's hook reads it from SWR's default cache, where the session
// seeds it (renderApp's screens read a fresh per-test cache instead).
import { renderHook } from '@testing-library/react'
import { useUser } from '../../../app/hooks/use-user.ts'

export const cachedUser = () => renderHook(() => useUser()).result.current.data
