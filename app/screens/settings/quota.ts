// Quota sizes as the admin types them: a number and a unit, 1024-based like every size the app
// shows (formatBytes), so "50 GB" set here reads "50 GB" in the meter.
export const quotaUnits = ['MB', 'GB', 'TB'] as const
export type QuotaUnit = (typeof quotaUnits)[number]

const unitBytes: Record<QuotaUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }

/** Bytes of `size` `unit`, or null when `size` is not a number above 0. */
export function quotaBytes(size: string, unit: QuotaUnit): number | null {
  const value = Number(size.trim().replace(',', '.'))
  if (size.trim() === '' || !Number.isFinite(value) || value <= 0) return null
  return Math.round(value * unitBytes[unit])
}

/** A quota as the form starts with it: the largest unit it reaches (GB by default), two decimals at most. */
export function quotaFields(bytes: number | null): { size: string; unit: QuotaUnit } {
  if (bytes === null || bytes <= 0) return { size: '', unit: 'GB' }
  const unit = [...quotaUnits].reverse().find((u) => bytes >= unitBytes[u]) ?? 'MB'
  const value = bytes / unitBytes[unit]
  // Under 0.01 MB two decimals would read 0, which the form refuses: keep two significant digits.
  const rounded = Number(value.toFixed(2)) || Number(value.toPrecision(2))
  return { size: String(rounded), unit }
}
