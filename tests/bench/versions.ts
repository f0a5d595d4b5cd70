// The versions phase of `npm run bench` (DESIGN.md §8 "Versions"): what keeping versions costs.
// (a) Replacing a file (multipart, conflict "replace": the old blob's key moves into a version)
//     against a plain upload of a new name, rounds alternating; ratio = median of per-round ratios.
// (b) Restoring a version of that size: POST …/versions/{vid}/restore, which moves keys and copies
//     no bytes.
// (c) The retention pass over `files` files with 10 versions each, seeded straight into SQLite, run
//     in this process on the real container (services/drive/versions.ts sweep): once with nothing
//     to drop (the hourly steady state), once with one version of each file to drop; with the
//     event loop's longest stall during each (what a request would have waited).
// (d) Exact duplicates: `dupFiles` re-uploads of one `dupBytes` file (same bytes, new names) over
//     HTTP; the growth of the server's blob folder, once the janitor swept the duplicates' own
//     bytes, against what the re-uploads would have stored.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import { loadConfig } from '../../server/config.ts'
import { createContainer } from '../../server/container.ts'
import { multipartFraming, streamUpload } from './lib/http.ts'
import { median, MB, paired, type Row } from './lib/report.ts'

export interface VersionSession {
  cookie: string
  uuid: string
  call<T>(method: string, path: string, json?: unknown): Promise<T>
}

export interface VersionPhaseOptions {
  port: number
  session: VersionSession
  fileBytes: number
  rounds: number
  /** Files of the retention pass (10 versions each). */
  files: number
  /** A temp folder of the phase's own (the retention pass's data). */
  dir: string
  /** The server's blob folder (DATA_DIR/blobs), whose growth the duplicates pass measures. */
  blobsDir: string
  dupFiles: number
  dupBytes: number
  log: (msg: string) => void
}

const DAY = 86_400_000
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as never

/** Bytes of every file under `dir`. */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    // The janitor may remove a blob between the listing and its stat.
    if (e.isFile()) total += (await stat(join(e.parentPath, e.name)).catch(() => ({ size: 0 }))).size
  return total
}

async function upload(o: VersionPhaseOptions, name: string, extra: Record<string, string>, data?: Buffer) {
  const bytes = data?.length ?? o.fileBytes
  const m = multipartFraming(name, bytes, '/', extra)
  const r = await streamUpload({
    port: o.port,
    path: '/file-service/upload',
    headers: { cookie: o.session.cookie, uuid: o.session.uuid, 'content-type': m.contentType },
    prefix: m.prefix,
    suffix: m.suffix,
    bytes,
    ...(data ? { data } : {}),
  })
  if (r.status !== 201) throw new Error(`upload ${name} → ${r.status} ${r.text.slice(0, 200)}`)
  return { mbps: bytes / MB / r.seconds, id: (JSON.parse(r.text) as { _id: string })._id }
}

/** When version k (1 = newest) of every file was made and replaced. */
type Ages = { created: (k: number) => number; replaced: (k: number) => number }

/** Seeds `files` files of one user with 10 versions each into the server's SQLite. */
function seedVersions(dbFile: string, user: string, files: number, ages: Ages, now: number) {
  const db = new Database(dbFile)
  db.pragma('synchronous = OFF')
  const file = db.prepare(
    `insert into files (id, owner_id, folder_id, filename, name_key, type_key, size, sha256, blob_key, mime,
       upload_date, taken_date, trashed, trash_root, is_video, has_thumbnail, media, thumb_state)
     values (?, ?, null, ?, ?, 'bin', 1, '', ?, 'application/octet-stream', ?, ?, 0, 0, 0, 0, 0, 'none')`,
  )
  const version = db.prepare(
    `insert into file_versions (id, file_id, owner_id, blob_key, size, sha256, enc, mime, created_at, replaced_at, added_by)
     values (?, ?, ?, ?, 1, '', null, 'application/octet-stream', ?, ?, null)`,
  )
  const key = () => randomBytes(24).toString('base64url')
  db.transaction(() => {
    for (let f = 0; f < files; f++) {
      const id = randomUUID()
      file.run(id, user, `f${f}.bin`, `f${f}.bin`, key(), now, now)
      for (let k = 1; k <= 10; k++) version.run(randomUUID(), id, user, key(), ages.created(k), ages.replaced(k))
    }
  })()
  db.close()
}

export async function versionsPhase(o: VersionPhaseOptions): Promise<{ rows: Row[]; report: Record<string, unknown> }> {
  const rows: Row[] = []
  const plain: number[] = []
  const replace: number[] = []
  const restoreMs: number[] = []
  const name = `replace-${randomUUID()}.bin`
  const { id } = await upload(o, name, {})
  for (let round = 0; round <= o.rounds; round++) {
    const p = await upload(o, `plain-${randomUUID()}.bin`, {})
    await o.session.call('DELETE', '/file-service/remove', { id: p.id })
    const r = await upload(o, name, { conflict: 'replace' })
    const { versions } = await o.session.call<{ versions: Array<{ _id: string }> }>(
      'GET',
      `/file-service/${id}/versions`,
    )
    const t = performance.now()
    await o.session.call('POST', `/file-service/${id}/versions/${versions[0]!._id}/restore`)
    const ms = performance.now() - t
    // One version is left (what the restore replaced): deleted, so the disk holds one copy.
    const left = await o.session.call<{ versions: Array<{ _id: string }> }>('GET', `/file-service/${id}/versions`)
    for (const v of left.versions) await o.session.call('DELETE', `/file-service/${id}/versions/${v._id}`)
    // The first round warms up.
    if (round === 0) continue
    plain.push(p.mbps)
    replace.push(r.mbps)
    restoreMs.push(ms)
    o.log(
      `versions round ${round}: plain ${p.mbps.toFixed(0)} MB/s, replace ${r.mbps.toFixed(0)} MB/s, restore ${ms.toFixed(1)} ms`,
    )
  }
  const ratio = paired(replace, plain)
  rows.push({
    metric: `replace a ${o.fileBytes / (1 << 20)} MiB file (the old one kept as a version)`,
    unit: 'MB/s',
    cumulus: median(replace),
    baseline: median(plain),
    ratio: ratio.ratio,
    budget: '≥ 0.95',
    ok: ratio.ratio >= 0.95,
  })
  const restore = median(restoreMs)
  rows.push({
    metric: `restore a ${o.fileBytes / (1 << 20)} MiB version (HTTP round trip)`,
    unit: 'ms',
    cumulus: restore,
    budget: '≤ 50 ms',
    ok: restore <= 50,
  })

  // (c) Retention, in this process, on a data dir of its own.
  const passes: Record<string, { ms: number; removed: number; stallMs: number }> = {}
  const now = Date.now()
  const cases: Array<[string, Ages]> = [
    // Three days apart, each replaced by the next: every one is the newest of its day or week.
    ['nothing to drop', { created: (k) => now - k * 3 * DAY, replaced: (k) => now - (k - 1) * 3 * DAY - 1 }],
    // A day apart from 2 days back, the oldest an hour before the one above it: the same day, so it goes.
    [
      'one of ten to drop',
      { created: (k) => now - (Math.min(k, 9) + 1) * DAY - (k === 10 ? 3_600_000 : 0), replaced: () => now - 2 * DAY },
    ],
  ]
  for (const [label, ages] of cases) {
    const dir = join(o.dir, `versions-${label.replace(/\W+/g, '-')}`)
    await mkdir(dir, { recursive: true })
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }, { port: 0, host: '127.0.0.1' })
    const c = await createContainer(config, silent)
    try {
      const t0 = performance.now()
      const user = randomUUID()
      await c.db
        .insertInto('users')
        .values({ id: user, email: `${user}@example.com`, password_hash: 'x', email_verified: 1, created_at: now })
        .execute()
      seedVersions(join(dir, 'cumulus.db'), user, o.files, ages, now)
      o.log(
        `versions: seeded ${o.files} files × 10 versions (${label}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      )
      // The pass shares the event loop with requests: its longest stall is what one would wait.
      const loop = monitorEventLoopDelay({ resolution: 5 })
      loop.enable()
      const t = performance.now()
      const removed = await c.versions.sweep()
      const ms = performance.now() - t
      loop.disable()
      passes[label] = { ms, removed, stallMs: loop.max / 1e6 }
    } finally {
      await c.close()
    }
    const pass = passes[label]!
    o.log(`versions: retention (${label}) ${pass.ms.toFixed(0)} ms, longest stall ${pass.stallMs.toFixed(1)} ms`)
    // The hourly pass (nothing or little to drop) has 2 s; a pass that drops is paid per version
    // dropped (rows, triggers, the blob's delete), in short steps.
    const perVersion = pass.removed > 0 ? pass.ms / pass.removed : 0
    rows.push(
      pass.removed === 0
        ? {
            metric: `retention pass over ${o.files} files × 10 versions (${label})`,
            unit: 'ms',
            cumulus: pass.ms,
            budget: '≤ 2000 ms',
            ok: pass.ms <= 2000,
          }
        : {
            metric: `retention pass over ${o.files} files × 10 versions (${label}; ${pass.removed} removed), per version`,
            unit: 'ms',
            cumulus: perVersion,
            budget: '≤ 0.5 ms',
            ok: perVersion <= 0.5,
          },
      {
        metric: `retention pass (${label}): longest event-loop stall`,
        unit: 'ms',
        cumulus: pass.stallMs,
        budget: '≤ 250 ms',
        ok: pass.stallMs <= 250,
      },
    )
  }

  // (d) Exact duplicates: the first upload stores the bytes, the re-uploads share its blob.
  const same = randomBytes(o.dupBytes)
  await upload(o, `dup-original-${randomUUID()}.bin`, {}, same)
  const before = await bytesUnder(o.blobsDir)
  const t = performance.now()
  for (let i = 0; i < o.dupFiles; i++) await upload(o, `dup-${i}-${randomUUID()}.bin`, {}, same)
  const uploadS = (performance.now() - t) / 1000
  // Each duplicate's own bytes are condemned at its commit and removed by the janitor's next
  // sweep (its heartbeat, every 15 s): wait for the folder to stop shrinking.
  let grown = (await bytesUnder(o.blobsDir)) - before
  for (let waited = 0; waited < 40_000 && grown > 0.01 * o.dupFiles * o.dupBytes; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000))
    grown = (await bytesUnder(o.blobsDir)) - before
  }
  const share = grown / (o.dupFiles * o.dupBytes)
  o.log(`versions: ${o.dupFiles} duplicate uploads in ${uploadS.toFixed(1)} s, blob folder grew ${grown} B`)
  rows.push({
    metric: `disk growth for ${o.dupFiles} re-uploads of one ${o.dupBytes / 1000} KB file (share of their size)`,
    unit: '%',
    cumulus: share * 100,
    budget: '≤ 1 %',
    ok: share <= 0.01,
  })
  return {
    rows,
    report: { plainMBps: plain, replaceMBps: replace, restoreMs, ratio, passes, dedup: { grown, uploadS } },
  }
}
