// The 507 QUOTA_EXCEEDED refusal (DESIGN.md §7) as the upload row says it: "Storage full: X of Y
// used", in the same units as the sidebar's meter. The server's body carries the numbers (ours:
// `used` and `quota`, bytes); without them its own message is shown, and without that a plain
// "Storage full".
import { formatBytes } from '@cumulus/ui'

export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED'

export const storageFullText = (used: number, quota: number) => `Storage full: ${formatBytes(used)} of ${formatBytes(quota)} used`

const STORAGE_FULL = 'Storage full'

/** The reason to show for a refusal of `status` with body `data`, when it is the quota's; else undefined. */
export function quotaExceededReason(status: number | undefined, data: unknown): string | undefined {
  const body = (data ?? {}) as { code?: unknown; message?: unknown; used?: unknown; quota?: unknown }
  if (status !== 507 && body.code !== QUOTA_EXCEEDED) return undefined
  if (typeof body.used === 'number' && typeof body.quota === 'number') return storageFullText(body.used, body.quota)
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : STORAGE_FULL
}
