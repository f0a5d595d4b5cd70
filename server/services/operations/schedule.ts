// Backups on a schedule inside the server: every BACKUP_EVERY_HOURS a new backup in BACKUP_DIR,
// then the oldest past BACKUP_KEEP removed, then (BACKUP_RCLONE_REMOTE) the new one copied off-site
// with `rclone copy`. A failure is logged and recorded as `backup.last`; the next turn tries again.
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { basename } from 'node:path'
import { promisify } from 'node:util'
import type { BackupConfig } from '../../config.ts'
import type { SettingsRepository } from '../../repositories/settings.ts'
import type { BackupService } from './backup.ts'
import { readLastBackup, recordLastBackup } from './last-backup.ts'
import { backupsIn } from './manifest.ts'

const run = promisify(execFile)

export interface ScheduleDeps {
  backups: BackupService
  settings: Pick<SettingsRepository, 'get' | 'put'>
  config: BackupConfig
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  /** Tests: a shorter turn than BACKUP_EVERY_HOURS. */
  everyMs?: number
}

/** Removes the backups in `dir` beyond the newest `keep`; returns the ones removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await backupsIn(dir)
  const old = all.slice(0, Math.max(0, all.length - keep))
  for (const folder of old) await rm(folder, { recursive: true, force: true })
  return old
}

/** Where a backup folder goes on the remote: `<remote>/<stamp>` (or `<remote><stamp>` after a bare `name:`). */
export const remoteFolder = (remote: string, folder: string) =>
  remote.endsWith(':') || remote.endsWith('/') ? `${remote}${basename(folder)}` : `${remote}/${basename(folder)}`

/** Copies a backup folder to an rclone remote. */
export async function copyOffsite(remote: string, folder: string): Promise<void> {
  await run('rclone', ['copy', '--quiet', folder, remoteFolder(remote, folder)], { maxBuffer: 1 << 20 })
}

export function startBackupSchedule(deps: ScheduleDeps) {
  const { config, log } = deps
  const everyMs = deps.everyMs ?? config.everyHours * 3_600_000
  let running: Promise<void> | undefined

  async function turn(): Promise<void> {
    let dir: string | undefined
    try {
      const made = await deps.backups.backup(config.dir)
      dir = made.dir
      const removed = await pruneBackups(config.dir, config.keep)
      log.info({ dir, bytes: made.bytes, files: made.files, removed: removed.length }, 'backup written')
    } catch (err) {
      log.warn({ err }, 'scheduled backup failed')
      return
    }
    if (!config.rcloneRemote) return
    try {
      await copyOffsite(config.rcloneRemote, dir)
    } catch (err) {
      const line = String((err as { stderr?: string }).stderr || (err as Error).message)
        .trim()
        .split('\n')[0]
      log.warn({ err }, 'off-site copy of the backup failed')
      const last = await readLastBackup(deps.settings)
      if (last) await recordLastBackup(deps.settings, { ...last, ok: false, error: `off-site copy failed: ${line}` })
    }
  }

  /** One turn now; a turn already running is waited for rather than doubled. */
  const runNow = (): Promise<void> => (running ??= turn().finally(() => (running = undefined)))

  const timer = setInterval(() => void runNow(), everyMs)
  timer.unref()
  // A server restarted past its turn (or never backed up) backs up soon rather than a period later.
  const first = setTimeout(
    () =>
      void readLastBackup(deps.settings).then((last) => {
        if (!last || Date.now() - Date.parse(last.at) >= everyMs) return runNow()
      }),
    Math.min(everyMs, 60_000),
  )
  first.unref()

  return {
    runNow,
    async stop(): Promise<void> {
      clearInterval(timer)
      clearTimeout(first)
      await running
    },
  }
}
export type BackupSchedule = ReturnType<typeof startBackupSchedule>
