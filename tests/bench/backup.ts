// The backup phase of `npm run bench` (DESIGN.md §8 "Operations"): `npm run admin -- backup DIR`
// against a running server whose data dir holds `files` distinct files of `fileBytes` each
// (10,000 × 1 MiB = 10 GiB is the target; BENCH_BACKUP_MIB / BENCH_BACKUP_FILES set the size).
// (a) Backup MB/s vs `cp -a` of the same data dir, rounds alternating, each into a fresh folder,
//     so every blob is copied (the backup also hashes and fsyncs each one; `cp -a` + `sync` is
//     shown beside it). The backup is what the CLI runs (createContainer + backups.backup, as
//     server/cli/admin.ts does), in this process, so tsx's start-up of a child (seconds on a busy
//     machine) is not timed as backup work; one CLI run's wall time is shown beside it.
// (b) A second backup into the same folder with nothing changed (every blob hard-linked) vs the
//     first's time.
// (c) Uploads while a backup runs vs without: sequential 1 MiB multipart uploads, rounds
//     alternating; whether the backup was still running when the timed uploads ended is recorded.
import { execFile, execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { loadConfig } from '../../server/config.ts'
import { createContainer } from '../../server/container.ts'
import { multipartFraming, streamUpload } from './lib/http.ts'
import { MB, median, paired, type Row } from './lib/report.ts'

const run = promisify(execFile)

export interface BackupServer {
  port: number
  dataDir: string
  session: { cookie: string; uuid: string; refresh(): Promise<unknown> }
}

export interface BackupPhaseOptions {
  server: BackupServer
  repoRoot: string
  /** Where backups and copies go (removed after each round). */
  scratch: string
  files: number
  fileBytes: number
  /** Copy rounds and upload rounds, after a dropped warm-up each. */
  rounds: number
  /** Uploads per upload round. */
  uploads: number
  log(msg: string): void
  rows: Row[]
  notes: string[]
  report: Record<string, unknown>
}

async function upload(s: BackupServer, name: string, data: Buffer): Promise<void> {
  const m = multipartFraming(name, data.length)
  const r = await streamUpload({
    port: s.port,
    path: '/file-service/upload',
    headers: { cookie: s.session.cookie, uuid: s.session.uuid, 'content-type': m.contentType },
    prefix: m.prefix,
    suffix: m.suffix,
    bytes: data.length,
    data,
  })
  if (r.status !== 201) throw new Error(`upload ${name} → ${r.status} ${r.text.slice(0, 200)}`)
}

const seconds = (t: number) => (performance.now() - t) / 1000
const duBytes = (dir: string) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0])

export async function backupPhase(o: BackupPhaseOptions): Promise<void> {
  const s = o.server
  const admin = ['--import', 'tsx', join(o.repoRoot, 'server/cli/admin.ts')]
  const env = { ...process.env, DATA_DIR: s.dataDir, LOG_LEVEL: 'warn' }
  /** One `admin backup DIR` as a child, as `npm run admin -- backup DIR` runs it. */
  const cliBackup = (dir: string) => run(process.execPath, [...admin, 'backup', dir], { env, cwd: o.repoRoot })
  const quiet = { info: () => {}, warn: () => {}, error: (obj: object | string) => o.log(`backup: ${String(obj)}`) }
  const missing: string[] = []
  /** The CLI's backup in this process: its container (opened per run, as the CLI does) and backup. */
  const timedBackup = async (dir: string) => {
    const t = performance.now()
    const c = await createContainer(loadConfig(env), quiet, { console: true })
    try {
      const r = await c.backups.backup(dir)
      // Recorded, not thrown: a blob the database names but the store lacks is a finding.
      if (r.missing.length) missing.push(...r.missing)
    } finally {
      await c.close()
    }
    return seconds(t)
  }

  // The data: distinct random files (identical bytes would share one blob), 2 uploads in flight.
  o.log(`backup: uploading ${o.files} files of ${o.fileBytes / MB} MB`)
  let t = performance.now()
  let k = 0
  const next = async (): Promise<void> => {
    while (k < o.files) {
      const i = k++
      if (i % 2000 === 0) await s.session.refresh()
      await upload(s, `seed ${i}.bin`, randomBytes(o.fileBytes))
    }
  }
  await Promise.all([next(), next()])
  const seedS = seconds(t)
  execFileSync('sync')
  const dataBytes = duBytes(s.dataDir)
  o.log(`backup: ${(dataBytes / MB).toFixed(0)} MB in the data dir, uploaded in ${seedS.toFixed(0)} s`)

  // The CLI's start-up alone (tsx and the module graph, no backup), and one whole CLI backup.
  t = performance.now()
  await run(process.execPath, [...admin, 'help'], { env, cwd: o.repoRoot }).catch(() => undefined)
  const startupS = seconds(t)
  t = performance.now()
  await cliBackup(join(o.scratch, 'cli'))
  const cliS = seconds(t)
  rmSync(join(o.scratch, 'cli'), { recursive: true, force: true })

  // (a) Backup vs cp -a (and cp -a + sync), alternating, after a warm-up.
  const times = { backup: [] as number[], cp: [] as number[], cpSync: [] as number[] }
  for (let round = 0; round <= o.rounds; round++) {
    const got: Record<string, number> = {}
    const order = round % 2 === 0 ? (['backup', 'cp'] as const) : (['cp', 'backup'] as const)
    for (const side of order) {
      const dest = join(o.scratch, `${side}-${round}`)
      execFileSync('sync')
      if (side === 'backup') got.backup = await timedBackup(dest)
      else {
        const t0 = performance.now()
        await run('cp', ['-a', s.dataDir, dest])
        got.cp = seconds(t0)
        await run('sync', ['-f', dest])
        got.cpSync = seconds(t0)
      }
      rmSync(dest, { recursive: true, force: true })
    }
    if (round === 0) continue
    times.backup.push(got.backup!)
    times.cp.push(got.cp!)
    times.cpSync.push(got.cpSync!)
    o.log(
      `backup round ${round}: backup ${got.backup!.toFixed(2)} s, cp -a ${got.cp!.toFixed(2)} s (+ sync ${got.cpSync!.toFixed(2)} s)`,
    )
  }
  const mbps = (xs: number[]) => xs.map((x) => dataBytes / MB / x)
  const vsCp = paired(mbps(times.backup), mbps(times.cp))
  const vsCpSync = paired(mbps(times.backup), mbps(times.cpSync))
  const label = `${(dataBytes / MB).toFixed(0)} MB in ${o.files} files`
  o.rows.push({
    metric: `backup (the CLI's, in-process) vs cp -a of the data dir, ${label} (per-round ${vsCp.min.toFixed(2)}–${vsCp.max.toFixed(2)})`,
    unit: 'MB/s',
    cumulus: median(mbps(times.backup)),
    baseline: median(mbps(times.cp)),
    ratio: vsCp.ratio,
    budget: '≥ 0.80',
    ok: vsCp.ratio >= 0.8,
  })
  o.rows.push({
    metric: `same, vs cp -a + sync (the backup fsyncs every blob)`,
    unit: 'MB/s',
    cumulus: median(mbps(times.backup)),
    baseline: median(mbps(times.cpSync)),
    ratio: vsCpSync.ratio,
  })
  o.rows.push({
    metric: `npm run admin -- backup, one run's wall time (tsx start-up alone ${startupS.toFixed(2)} s)`,
    unit: 's',
    cumulus: cliS,
    baseline: median(times.cp),
  })

  // (b) A second backup with nothing changed: every blob hard-linked from the first.
  const again = join(o.scratch, 'again')
  const twice = { first: [] as number[], second: [] as number[] }
  for (let round = 0; round < o.rounds; round++) {
    twice.first.push(await timedBackup(again))
    twice.second.push(await timedBackup(again))
    rmSync(again, { recursive: true, force: true })
  }
  const unchanged = median(twice.second) / median(twice.first)
  o.log(
    `backup: first ${median(twice.first).toFixed(2)} s, second unchanged ${median(twice.second).toFixed(2)} s (CLI start-up ${startupS.toFixed(2)} s)`,
  )
  o.rows.push({
    metric: `second backup, nothing changed, vs the first (${label})`,
    unit: 's',
    cumulus: median(twice.second),
    baseline: median(twice.first),
    ratio: unchanged,
    budget: '≤ 0.05',
    ok: unchanged <= 0.05,
  })

  // (c) Uploads while a backup runs vs without, alternating.
  const set = Array.from({ length: o.uploads }, () => randomBytes(1 << 20))
  const setMB = (set.length * set[0]!.length) / MB
  const rates = { during: [] as number[], alone: [] as number[] }
  const stillRunning: boolean[] = []
  const timedUploads = async () => {
    const t0 = performance.now()
    for (const d of set) await upload(s, `upload ${++k}.bin`, d)
    return setMB / seconds(t0)
  }
  for (let round = 0; round <= o.rounds; round++) {
    await s.session.refresh()
    const got: Record<string, number> = {}
    const order = round % 2 === 0 ? (['during', 'alone'] as const) : (['alone', 'during'] as const)
    for (const side of order) {
      execFileSync('sync')
      if (side === 'alone') {
        got.alone = await timedUploads()
        continue
      }
      const dest = join(o.scratch, `during-${round}`)
      let done = false
      const child = spawn(process.execPath, [...admin, 'backup', dest], { env, cwd: o.repoRoot, stdio: 'ignore' })
      const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      void ended.then(() => (done = true))
      // The uploads start once the CLI is up and copying (its start-up is not backup load).
      await new Promise((r) => setTimeout(r, startupS * 1000 + 200))
      got.during = await timedUploads()
      stillRunning.push(!done)
      await ended
      rmSync(dest, { recursive: true, force: true })
    }
    if (round === 0) continue
    rates.during.push(got.during!)
    rates.alone.push(got.alone!)
    o.log(
      `backup uploads round ${round}: during a backup ${got.during!.toFixed(1)} MB/s, alone ${got.alone!.toFixed(1)} MB/s`,
    )
  }
  const up = paired(rates.during, rates.alone)
  o.rows.push({
    metric: `${o.uploads} uploads of 1 MiB during a backup vs without (${label}; per-round ${up.min.toFixed(2)}–${up.max.toFixed(2)})`,
    unit: 'MB/s',
    cumulus: median(rates.during),
    baseline: median(rates.alone),
    ratio: up.ratio,
    budget: '≥ 0.70',
    ok: up.ratio >= 0.7,
  })
  o.report.backup = {
    files: o.files,
    fileBytes: o.fileBytes,
    dataBytes,
    seedSeconds: seedS,
    cliStartupSeconds: startupS,
    cliBackupSeconds: cliS,
    missing,
    copy: times,
    unchanged: twice,
    uploads: { rates, perRound: up.ratios, backupStillRunningAtEnd: stillRunning.slice(1) },
  }
  if (missing.length)
    o.notes.push(
      `backup: ${missing.length} times a blob the database names was missing from the store (${[...new Set(missing)].slice(0, 5).join(', ')}).`,
    )
  if (stillRunning.slice(1).some((r) => !r))
    o.notes.push(
      'backup: in some upload rounds the backup had ended before the timed uploads did (backupStillRunningAtEnd).',
    )
  o.notes.push(
    `backup: the admin CLI's backup (createContainer + backups.backup) in the bench process against the running server, each copy round into a fresh folder; during uploads, \`node --import tsx server/cli/admin.ts backup DIR\` (what npm run admin runs) as a child, the uploads starting once its start-up is over; cp -a of DATA_DIR (database, WAL, blobs, secret) into a fresh folder, then sync -f; rounds alternate after a warm-up; ratio = median of per-round MB/s ratios; the data was ${o.files} random files of ${o.fileBytes / MB} MB uploaded over HTTP (${seedS.toFixed(0)} s).`,
  )
}
