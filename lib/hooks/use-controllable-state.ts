import { useState } from 'react'

/**
 * A value the caller may control (`value` set) or leave to the component (`defaultValue` first).
 * Either way `onChange` hears every change the user makes.
 */
export function useControllableState<T>(value: T | undefined, defaultValue: T, onChange?: (next: T) => void) {
  const [own, setOwn] = useState(defaultValue)
  const current = value ?? own
  const set = (next: T) => {
    setOwn(next)
    onChange?.(next)
  }
  return [current, set] as const
}
