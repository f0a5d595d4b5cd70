/** Longest name the details panel shows whole: 66 characters; longer names lose their middle. */
export const defaultMiddleTruncateMax = 66

/**
 * Shortens `name` to `max` characters by replacing its middle with "…", so both the start and the
 * extension stay readable: names of at most `max` characters come back unchanged.
 */
export function middleTruncate(name: string, max: number = defaultMiddleTruncateMax): string {
  // Count code points, so an emoji is never cut in half.
  const chars = Array.from(name)
  if (chars.length <= max) return name
  if (max <= 1) return '…'.slice(0, Math.max(max, 0))
  const kept = max - 1
  const head = Math.ceil(kept / 2)
  const tail = kept - head
  return `${chars.slice(0, head).join('')}…${tail > 0 ? chars.slice(-tail).join('') : ''}`
}
