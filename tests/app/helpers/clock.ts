import { vi } from 'vitest'

/**
 * Fake timers that React, msw and Testing Library can live with: only timeouts, intervals and Date
 * are faked (React's scheduler keeps its real setImmediate/MessageChannel), and Testing Library is
 * told (through the `jest` global it looks for) to advance them while waitFor/findBy poll.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
}

/** Back to real time (call in afterEach of files that use useFakeClock). */
export function useRealClock(): void {
  vi.useRealTimers()
  vi.unstubAllGlobals()
}
