// The 507 QUOTA_EXCEEDED refusal (DESIGN.md §7) as the upload row says it: "This file (5 MB) is
// larger than your free space (1.2 MB)", in the same units as the sidebar's meter. The server's
// body carries the numbers (ours: `size`, `used` and `quota`, bytes); without the size "Storage
// full: X of Y used"; without numbers its own message (an upload link's names none), and without
// that a plain "Storage full".
import { formatBytes } from '@cumulus/ui'

export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED'

export const storageFullText = (used: number, quota: number) =>
  `Storage full: ${formatBytes(used)} of ${formatBytes(quota)} used`

const STORAGE_FULL = 'Storage full'

export const tooLargeForFreeSpaceText = (size: number, used: number, quota: number) =>
  `This file (${formatBytes(size)}) is larger than your free space (${formatBytes(Math.max(0, quota - used))})`

/** The reason to show for a refusal of `status` with body `data`, when it is the quota's; else undefined. */
export function quotaExceededReason(status: number | undefined, data: unknown): string | undefined {
  const body = (data ?? {}) as { code?: unknown; message?: unknown; used?: unknown; quota?: unknown; size?: unknown }
  if (status !== 507 && body.code !== QUOTA_EXCEEDED) return undefined
  if (typeof body.used === 'number' && typeof body.quota === 'number') {
    return typeof body.size === 'number'
      ? tooLargeForFreeSpaceText(body.size, body.used, body.quota)
      : storageFullText(body.used, body.quota)
  }
  return typeof body.message === 'string' && body.message.trim() !== '' ? body.message : STORAGE_FULL
}
