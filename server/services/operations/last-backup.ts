// The settings row `backup.last`: the outcome of the most recent backup, for Settings → Server,
// the metrics and the warnings (the shape is the contract in DESIGN.md §8 "Operations").
import type { SettingsRepository } from '../../repositories/settings.ts'

export const LAST_BACKUP_KEY = 'backup.last'

export interface LastBackup {
  /** ISO 8601 time the backup finished or failed. */
  at: string
  ok: boolean
  /** The backup folder written. */
  dir: string
  /** Bytes in the backup (database, secret, blobs copied or linked). */
  bytes: number
  /** Blob files in the backup. */
  files: number
  /** What went wrong, in one line; only when ok is false. */
  error?: string
}

export async function readLastBackup(settings: Pick<SettingsRepository, 'get'>): Promise<LastBackup | undefined> {
  const raw = await settings.get(LAST_BACKUP_KEY)
  if (!raw) return undefined
  try {
    return JSON.parse(raw) as LastBackup
  } catch {
    return undefined
  }
}

export async function recordLastBackup(settings: Pick<SettingsRepository, 'put'>, last: LastBackup): Promise<void> {
  await settings.put(LAST_BACKUP_KEY, JSON.stringify(last))
}
