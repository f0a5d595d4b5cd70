// What Settings → Server shows an admin, and what /metrics samples: version, uptime, storage
// (per member: current files, versions, trash), the data disk's free space, the last backup
// (the settings row `backup.last`, DESIGN.md §8), the work queues, and the warnings drawn from them.
import { readFileSync } from 'node:fs'
import { statfs } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { OperationsRepository, QueueDepths } from '../../repositories/operations.ts'
import type { SettingsRepository } from '../../repositories/settings.ts'
import { readLastBackup, type LastBackup } from './last-backup.ts'
/** Below this share of the data disk free, the admin is warned. */
export const DISK_LOW_SHARE = 0.1
/** A last backup older than this (when backups run at all) is a warning. */
export const BACKUP_STALE_MS = 2 * 24 * 3600_000

export type Warning =
  | { code: 'DISK_LOW'; freeShare: number }
  | { code: 'BACKUP_FAILED'; at: string; error: string }
  | { code: 'BACKUP_STALE'; at: string }

export interface MemberStorage {
  _id: string
  email: string
  displayName: string
  files: number
  versions: number
  trash: number
}

export interface ServerStatus {
  version: string
  startedAt: string
  uptimeSeconds: number
  storage: { files: number; versions: number; trash: number; members: MemberStorage[] }
  /** The file system DATA_DIR is on. */
  disk: { free: number; total: number }
  lastBackup: LastBackup | null
  queues: QueueDepths
  warnings: Warning[]
}

/** package.json's version, found above this module (also from the bundle in dist/server). */
function readVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)), i = 0; i < 6; dir = dirname(dir), i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'cumulus' && pkg.version) return pkg.version
    } catch {
      // Not here: one folder up.
    }
  }
  return 'unknown'
}

/** The warnings a status holds; a backup is only late or failed when one ever ran. */
export function warningsOf(s: Pick<ServerStatus, 'disk' | 'lastBackup'>, nowMs: number): Warning[] {
  const warnings: Warning[] = []
  if (s.disk.total > 0 && s.disk.free / s.disk.total < DISK_LOW_SHARE)
    warnings.push({ code: 'DISK_LOW', freeShare: s.disk.free / s.disk.total })
  const last = s.lastBackup
  if (last && !last.ok) warnings.push({ code: 'BACKUP_FAILED', at: last.at, error: last.error ?? 'unknown error' })
  else if (last && nowMs - Date.parse(last.at) > BACKUP_STALE_MS) warnings.push({ code: 'BACKUP_STALE', at: last.at })
  return warnings
}

export function createServerStatus(deps: {
  dataDir: string
  repo: OperationsRepository
  settings: Pick<SettingsRepository, 'get'>
  usedBy: (owner: string) => Promise<{ files: number; versions: number; trash: number }>
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const version = readVersion()
  const startedAt = now() - Math.round(process.uptime() * 1000)

  async function lastBackup(): Promise<LastBackup | null> {
    const v = await readLastBackup(deps.settings)
    return v && typeof v.at === 'string' && typeof v.ok === 'boolean' ? v : null
  }
  async function disk(): Promise<{ free: number; total: number }> {
    const s = await statfs(deps.dataDir)
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize }
  }

  return {
    version,
    lastBackup,
    disk,
    queueDepths: () => deps.repo.queueDepths(),
    /** The warnings alone (no storage walk): for the warning mails. */
    async warnings(): Promise<Warning[]> {
      const [diskNow, backup] = await Promise.all([disk(), lastBackup()])
      return warningsOf({ disk: diskNow, lastBackup: backup }, now())
    },
    async status(): Promise<ServerStatus> {
      const [members, diskNow, backup, queues] = await Promise.all([
        deps.repo.members(),
        disk(),
        lastBackup(),
        deps.repo.queueDepths(),
      ])
      const storage = { files: 0, versions: 0, trash: 0, members: [] as MemberStorage[] }
      for (const m of members) {
        const used = await deps.usedBy(m.id)
        storage.files += used.files
        storage.versions += used.versions
        storage.trash += used.trash
        storage.members.push({ _id: m.id, email: m.email, displayName: m.display_name, ...used })
      }
      const t = now()
      return {
        version,
        startedAt: new Date(startedAt).toISOString(),
        uptimeSeconds: Math.round((t - startedAt) / 1000),
        storage,
        disk: diskNow,
        lastBackup: backup,
        queues,
        warnings: warningsOf({ disk: diskNow, lastBackup: backup }, t),
      }
    },
  }
}
export type ServerStatusService = ReturnType<typeof createServerStatus>
