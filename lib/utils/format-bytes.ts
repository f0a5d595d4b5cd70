/** Units of `formatBytes`, each 1024 times the one before: B, KB, MB, GB, TB, PB. */
export const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const

/** A byte count in its largest whole unit, rounded to two decimals: 1536 → { value: 1.5, unit: 'KB' }. */
export function scaleBytes(bytes: number): { value: number; unit: (typeof byteUnits)[number] } {
  if (!Number.isFinite(bytes) || bytes <= 0) return { value: 0, unit: 'B' }
  let unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), byteUnits.length - 1)
  let value = round2(bytes / 1024 ** unit)
  // 1048575 B is 1023.999 KB, which rounds to 1024 KB: show it as 1 MB instead.
  if (value >= 1024 && unit < byteUnits.length - 1) {
    unit += 1
    value = round2(value / 1024)
  }
  return { value, unit: byteUnits[unit]! }
}

/** Formats a byte count with base 1024 and at most two decimals: 0 → "0 B", 1536 → "1.5 KB", 1048576 → "1 MB". */
export function formatBytes(bytes: number): string {
  const { value, unit } = scaleBytes(bytes)
  return `${value} ${unit}`
}

// Number() drops the trailing zeros toFixed keeps ("1.50" → 1.5).
const round2 = (n: number) => Number(n.toFixed(2))
