// Backups on a schedule inside the server (BACKUP_DIR, BACKUP_KEEP, BACKUP_RCLONE_REMOTE): each
// turn writes a backup, keeps the newest BACKUP_KEEP and copies the new one off-site with rclone
// (a `:local:` remote here), recording the outcome as `backup.last`.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../server/config.ts'
import { readLastBackup } from '../../../server/services/operations/last-backup.ts'
import { startBackupSchedule } from '../../../server/services/operations/schedule.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let backupDir: string
let offsite: string

beforeAll(async () => {
  backupDir = await mkdtemp(join(tmpdir(), 'cumulus-scheduled-'))
  offsite = await mkdtemp(join(tmpdir(), 'cumulus-offsite-'))
  server = await startServer({
    env: {
      BACKUP_DIR: backupDir,
      BACKUP_EVERY_HOURS: '24',
      BACKUP_KEEP: '2',
      BACKUP_RCLONE_REMOTE: `:local:${offsite}`,
    },
  })
  const b = new Browser(server.url)
  await b.signup(uniqueEmail('scheduled'))
  expect((await b.upload('a.txt', 'scheduled backup')).status).toBe(201)
})

afterAll(async () => {
  await server?.close()
  await rm(backupDir, { recursive: true, force: true })
  await rm(offsite, { recursive: true, force: true })
})

describe('BACKUP_DIR on a schedule', () => {
  it('given three turns with BACKUP_KEEP=2, then two backups stay, all three went off-site, and backup.last is ok', async () => {
    const schedule = server.app.cumulus.backupSchedule!
    for (let i = 0; i < 3; i++) await schedule.runNow()
    const kept = (await readdir(backupDir)).sort()
    expect(kept).toHaveLength(2)
    const remote = (await readdir(offsite)).sort()
    expect(remote).toHaveLength(3)
    expect(remote.slice(1)).toEqual(kept)
    const dbFile = server.config.databaseUrl ? 'database.sql' : 'database.sqlite'
    expect((await readdir(join(offsite, kept[1]!))).sort()).toEqual(['blobs', dbFile, 'manifest.json', 'secret'])
    const last = await readLastBackup(server.app.cumulus.settings)
    expect(last).toMatchObject({ ok: true, dir: join(backupDir, kept[1]!), files: 1 })
  })

  it('given an off-site remote that fails, then backup.last says so in one line', async () => {
    const c = server.app.cumulus
    const failing = startBackupSchedule({
      backups: c.backups,
      settings: c.settings,
      config: { dir: backupDir, everyHours: 24, keep: 2, rcloneRemote: 'no-such-remote:cumulus' },
      log: { info: () => {}, warn: () => {} },
    })
    try {
      await failing.runNow()
    } finally {
      await failing.stop()
    }
    const last = await readLastBackup(c.settings)
    expect(last?.ok).toBe(false)
    expect(last?.error).toMatch(/^off-site copy failed: .*no-such-remote/)
  })

  it('given BACKUP_KEEP without BACKUP_DIR, or a remote without a colon, then the config names each', () => {
    let problems: string[] = []
    try {
      loadConfig({ DATA_DIR: backupDir, BACKUP_KEEP: '3' })
    } catch (e) {
      problems = (e as ConfigError).problems
    }
    expect(problems).toEqual(['BACKUP_KEEP: needs BACKUP_DIR, the folder backups are written to'])
    expect(() => loadConfig({ DATA_DIR: backupDir, BACKUP_DIR: backupDir, BACKUP_RCLONE_REMOTE: 'plain' })).toThrow(
      'BACKUP_RCLONE_REMOTE: expected an rclone remote',
    )
  })
})
