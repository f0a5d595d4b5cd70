// Imported first by every app test file: DOM stand-ins, msw, a clean client state per test, and a
// failure on any console.error (React warnings, act() misuse, unhandled msw requests).
import './dom.ts'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { clearToasts } from '../../../app/features/toasts/toasts.tsx'
import { resetClientState } from '../../../mocks/client-state.ts'
import { requests, server } from './server.ts'
import { setPageHeight, setViewportWidth } from './dom.ts'
import { SignInScreen } from '../../../app/routes.tsx'

// Lazy screens are imported on first use; give the first findBy* of a file time for that, and
// whole-app tests (Ariakit popups in jsdom, under a parallel run) room beyond the 5 s default.
configure({ asyncUtilTimeout: 5000 })
vi.setConfig({ testTimeout: 20_000 })

let errors: unknown[][] = []
let errorsExpected = false

/** For a test that provokes console.error on purpose (an error boundary catching). */
export function expectConsoleErrors(): () => unknown[][] {
  errorsExpected = true
  return () => errors
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  // As a browser opening `/` does (routes.tsx), so a test sees the sign-in screen at its first render.
  await SignInScreen.preload()
})
afterAll(() => server.close())

beforeEach(async () => {
  errors = []
  errorsExpected = false
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
  // The app logs refresh and request failures on purpose (SPEC §8 "only logged").
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  localStorage.clear()
  await resetClientState()
  requests.length = 0
  setViewportWidth(1280)
  setPageHeight(10_000)
  window.scrollTo(0, 0)
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  cleanup()
  clearToasts()
  server.resetHandlers()
  vi.useRealTimers()
  vi.restoreAllMocks()
  if (!errorsExpected) expect(errors, 'console.error output').toEqual([])
})
