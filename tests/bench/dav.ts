// WebDAV throughput (issue 22): `rclone copyto` of one big file up to /dav/ and `rclone cat` of it
// back down, against the raw server of baseline.ts (node:http piping to a file + fsync, and a
// createReadStream download) driven by the bench's own streaming client, as the upload and
// download phases are. A second baseline is rclone against rclone's own `serve webdav` on a
// local folder: the same client, a WebDAV server with no accounts, database or fsync.
import { execFileSync, spawn } from 'node:child_process'
import { createWriteStream, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { payload, streamDownload, streamUpload } from './lib/http.ts'
import { MB, median, paired, type Row } from './lib/report.ts'

export interface DavBenchOptions {
  cumulusPort: number
  raw: { port: number }
  email: string
  appPassword: string
  bytes: number
  runs: number
  /** The bench's temp dir (the raw server's BENCH_ROOT). */
  root: string
  label: string
  log: (msg: string) => void
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

/** Runs rclone to its end; seconds taken. */
function rclone(config: string, args: string[]): Promise<number> {
  const t = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    const child = spawn('rclone', ['--config', config, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - t) / 1e9)
        : reject(new Error(`rclone ${args.join(' ')} → ${code}: ${err.slice(0, 500)}`)),
    )
  })
}

export async function davPhase(o: DavBenchOptions): Promise<{ rows: Row[]; report: Record<string, unknown> }> {
  const src = join(o.root, 'dav-src.bin')
  const rawFile = join(o.root, 'dav-raw.bin')
  const served = join(o.root, 'dav-served')
  const config = join(o.root, 'rclone.conf')
  await pipeline(Readable.from(payload(o.bytes)), createWriteStream(src))
  const servePort = await freePort()
  const obscured = execFileSync('rclone', ['obscure', '--', o.appPassword], { encoding: 'utf8' }).trim()
  writeFileSync(
    config,
    `[cumulus]\ntype = webdav\nurl = http://127.0.0.1:${o.cumulusPort}/dav/\nvendor = other\nuser = ${o.email}\npass = ${obscured}\n\n` +
      `[plain]\ntype = webdav\nurl = http://127.0.0.1:${servePort}/\nvendor = other\n`,
  )
  execFileSync('mkdir', ['-p', served])
  const serve = spawn('rclone', ['serve', 'webdav', served, '--addr', `127.0.0.1:${servePort}`], { stdio: 'ignore' })
  try {
    // Ready once it lists its (empty) root.
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`http://127.0.0.1:${servePort}/`, { method: 'PROPFIND', headers: { depth: '0' } }).then(
        () => true,
        () => false,
      )
      if (ok) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const mbps = (sec: number) => o.bytes / MB / sec
    const up = { cumulus: [] as number[], rawFsync: [] as number[], serve: [] as number[] }
    const down = { cumulus: [] as number[], raw: [] as number[], serve: [] as number[] }
    const sync = () => execFileSync('sync')
    const runs = {
      cumulus: async () => {
        sync()
        up.cumulus.push(mbps(await rclone(config, ['copyto', '--ignore-times', src, 'cumulus:bench/big.bin'])))
        down.cumulus.push(mbps(await rclone(config, ['cat', 'cumulus:bench/big.bin'])))
      },
      raw: async () => {
        rmSync(rawFile, { force: true })
        sync()
        const u = await streamUpload({
          port: o.raw.port,
          path: `/upload?fsync=1&path=${encodeURIComponent(rawFile)}`,
          headers: { 'content-type': 'application/octet-stream' },
          bytes: o.bytes,
        })
        if (u.status !== 201) throw new Error(`raw upload → ${u.status}`)
        up.rawFsync.push(mbps(u.seconds))
        const d = await streamDownload(o.raw.port, `/download?path=${encodeURIComponent(rawFile)}`)
        if (d.bytes !== o.bytes) throw new Error(`raw download: ${d.bytes} of ${o.bytes} bytes`)
        down.raw.push(mbps(d.seconds))
      },
      serve: async () => {
        sync()
        up.serve.push(mbps(await rclone(config, ['copyto', '--ignore-times', src, 'plain:big.bin'])))
        down.serve.push(mbps(await rclone(config, ['cat', 'plain:big.bin'])))
      },
    }
    // Round 0 warms the page cache and is dropped; the order alternates, as in the other phases.
    for (let i = 0; i <= o.runs; i++) {
      const order: Array<keyof typeof runs> = i % 2 === 0 ? ['cumulus', 'raw', 'serve'] : ['serve', 'raw', 'cumulus']
      for (const name of order) await runs[name]()
      o.log(
        `webdav ${i === 0 ? 'warm-up (dropped)' : `run ${i}/${o.runs}`}: up cumulus ${up.cumulus.at(-1)!.toFixed(0)} MB/s, raw+fsync ${up.rawFsync.at(-1)!.toFixed(0)}, rclone serve ${up.serve.at(-1)!.toFixed(0)}; down ${down.cumulus.at(-1)!.toFixed(0)}, raw ${down.raw.at(-1)!.toFixed(0)}, rclone serve ${down.serve.at(-1)!.toFixed(0)}`,
      )
      if (i === 0) for (const xs of [...Object.values(up), ...Object.values(down)]) xs.length = 0
    }
    const upRaw = paired(up.cumulus, up.rawFsync)
    const downRaw = paired(down.cumulus, down.raw)
    const upServe = paired(up.cumulus, up.serve)
    const downServe = paired(down.cumulus, down.serve)
    const spread = (p: { min: number; max: number }) => `  per-run ratios ${p.min.toFixed(2)}–${p.max.toFixed(2)}`
    return {
      rows: [
        {
          metric: `WebDAV: rclone copyto ${o.label} up vs raw + fsync`,
          unit: 'MB/s',
          cumulus: median(up.cumulus),
          baseline: median(up.rawFsync),
          ratio: upRaw.ratio,
          budget: '≥ 0.70',
          ok: upRaw.ratio >= 0.7,
        },
        { metric: spread(upRaw), unit: '', cumulus: '' },
        {
          metric: '  same, vs rclone serve webdav (no fsync)',
          unit: 'MB/s',
          cumulus: median(up.cumulus),
          baseline: median(up.serve),
          ratio: upServe.ratio,
        },
        {
          metric: `WebDAV: rclone cat ${o.label} down vs raw`,
          unit: 'MB/s',
          cumulus: median(down.cumulus),
          baseline: median(down.raw),
          ratio: downRaw.ratio,
          budget: '≥ 0.70',
          ok: downRaw.ratio >= 0.7,
        },
        { metric: spread(downRaw), unit: '', cumulus: '' },
        {
          metric: '  same, vs rclone serve webdav',
          unit: 'MB/s',
          cumulus: median(down.cumulus),
          baseline: median(down.serve),
          ratio: downServe.ratio,
        },
      ],
      report: {
        bytes: o.bytes,
        runs: o.runs,
        uploadMBps: up,
        downloadMBps: down,
        ratios: {
          upVsRawFsync: upRaw.ratios,
          downVsRaw: downRaw.ratios,
          upVsServe: upServe.ratios,
          downVsServe: downServe.ratios,
        },
      },
    }
  } finally {
    serve.kill()
    for (const f of [src, rawFile, served]) rmSync(f, { recursive: true, force: true })
  }
}
