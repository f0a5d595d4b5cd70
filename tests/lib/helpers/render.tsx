import './dom-polyfills.ts'
import { cleanup, render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, expect, vi } from 'vitest'

// Importing this module makes every test in the file fail on a React or Ariakit console error or
// warning (wrong props, act() misuse, missing labels), which otherwise scroll by unnoticed.
let logged: unknown[][] = []
beforeEach(() => {
  logged = []
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push([level, ...args])
    })
  }
})
afterEach(() => {
  // Unmount first: a failing check here must not leave this test's DOM for the next one.
  cleanup()
  vi.restoreAllMocks()
  expect(logged, 'console output').toEqual([])
})

/** Renders `ui` and starts a user-event session (options go to userEvent.setup). */
export function setup(ui: ReactElement, options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options)
  return { user, ...render(ui) }
}
