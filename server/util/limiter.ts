// A fixed-window counter kept in memory: enough for one instance. Entries expire with their
// window, so memory stays bounded by the number of keys seen in one window.
export interface WindowLimiter {
  /** Milliseconds until the key may try again, or 0 when it is under its limit. */
  blockedFor(key: string, now?: number): number
  hit(key: string, now?: number): void
  reset(key: string): void
}

export function createWindowLimiter(max: number, windowMs: number): WindowLimiter {
  const windows = new Map<string, { count: number; start: number }>()
  const current = (key: string, now: number) => {
    const w = windows.get(key)
    if (w && now - w.start < windowMs) return w
    if (w) windows.delete(key)
    return undefined
  }
  let lastSweep = Date.now()
  const sweep = (now: number) => {
    if (now - lastSweep < windowMs) return
    lastSweep = now
    for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k)
  }
  return {
    blockedFor(key, now = Date.now()) {
      const w = current(key, now)
      return w && w.count >= max ? w.start + windowMs - now : 0
    },
    hit(key, now = Date.now()) {
      sweep(now)
      const w = current(key, now)
      if (w) w.count++
      else windows.set(key, { count: 1, start: now })
    },
    reset: (key) => void windows.delete(key),
  }
}
