// The days a trashed item has left before the server's retention sweep (hourly, TRASH_RETENTION_DAYS
// after it was trashed) deletes it forever.
const DAY_MS = 86_400_000

/**
 * Whole days left for an item trashed at `trashedAt` (ISO); undefined when nothing will delete it
 * (retention 0, or unknown). Never more than the retention: a device clock behind the server's
 * would otherwise promise more time than the sweep gives.
 */
export function trashDaysLeft(
  trashedAt: string | undefined,
  retentionDays: number | undefined,
  now = Date.now(),
): number | undefined {
  if (!trashedAt || !retentionDays) return undefined
  const at = Date.parse(trashedAt)
  if (Number.isNaN(at)) return undefined
  return Math.min(retentionDays, Math.max(0, Math.ceil((at + retentionDays * DAY_MS - now) / DAY_MS)))
}
