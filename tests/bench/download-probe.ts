// A focused probe of downloads for profiling work (not part of `npm run bench`): a plain server and
// one with ENCRYPTION_KEY, one file of --mib uploaded to each, then --rounds downloads from each,
// alternating, with MB/s and server CPU per GiB. --fresh uploads a new file before each download
// (as the bench's encryption phase does) and reports those uploads too. Usage:
//   node --import tsx tests/bench/download-probe.ts [--mib=256] [--rounds=6]
//     [--node-args="--cpu-prof --cpu-prof-dir=/tmp/prof"] (given to the encrypted server) [--child-stdout=FILE] [--fresh | --uploads-only] [--target=plain]
import { randomUUID } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { multipartFraming, streamDownload, streamUpload } from './lib/http.ts'
import { bundleChildren, type Child, cpuSeconds, SERVER_ENV, SERVER_NODE_FLAGS, startChild } from './lib/proc.ts'
import { MB, median } from './lib/report.ts'

const here = dirname(fileURLToPath(import.meta.url))
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const bytes = Number(arg('mib', '256')) * 1024 * 1024
const rounds = Number(arg('rounds', '6'))
const extra = arg('node-args', '').split(' ').filter(Boolean)
// --target=plain gives --node-args and --child-stdout to the plain server instead.
const target = arg('target', 'encrypted')
// --fresh: as the bench does, each round uploads a new file, downloads it and deletes it.
const fresh = process.argv.includes('--fresh') || process.argv.includes('--uploads-only')
// --uploads-only: as --fresh, without the downloads (for the uploads' own GC behaviour).
const uploadsOnly = process.argv.includes('--uploads-only')
const root = mkdtempSync(join(tmpdir(), 'cumulus-dlprobe-'))
const buildDir = join(here, 'dist', `dlprobe-${process.pid}`)
const children: Child[] = []
const log = (msg: string) =>
  console.log(`[dl-probe ${((performance.now() / 1000) | 0).toString().padStart(4)} s] ${msg}`)

async function server(name: string, env: Record<string, string>, flags: string[]) {
  const child = await startChild(
    name,
    join(buildDir, 'serve.mjs'),
    [],
    { ...SERVER_ENV, DATA_DIR: join(root, name), LOG_LEVEL: 'warn', APP_DIR: join(root, 'no-app'), ...env },
    flags,
  )
  children.push(child)
  // --child-stdout=FILE keeps what the encrypted server prints (e.g. with --node-args=--trace-gc).
  if (arg('child-stdout', '') && name === target) child.proc.stdout!.pipe(createWriteStream(arg('child-stdout', '')))
  const uuid = randomUUID()
  const res = await fetch(`http://127.0.0.1:${child.port}/user-service/create`, {
    method: 'POST',
    headers: { uuid, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `probe-${Date.now()}@example.com`, password: 'probe-password-123' }),
  })
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('access-token='))!
    .split(';')[0]!
  const s = { name, child, cookie, uuid, id: '' }
  s.id = await upload(s)
  return s
}

async function upload(s: { name: string; child: Child; cookie: string; uuid: string }): Promise<string> {
  const m = multipartFraming(`probe-${randomUUID()}.bin`, bytes)
  const up = await streamUpload({
    port: s.child.port,
    path: '/file-service/upload',
    headers: { cookie: s.cookie, uuid: s.uuid, 'content-type': m.contentType },
    prefix: m.prefix,
    suffix: m.suffix,
    bytes,
  })
  if (up.status !== 201) throw new Error(`${s.name}: upload → ${up.status}`)
  return (JSON.parse(up.text) as { _id: string })._id
}

try {
  await bundleChildren(buildDir, [join(here, 'serve.ts')])
  const servers = [
    await server('plain', {}, [...SERVER_NODE_FLAGS, ...(target === 'plain' ? extra : [])]),
    await server('encrypted', { ENCRYPTION_KEY: randomUUID().replace(/-/g, '').repeat(2) }, [
      ...SERVER_NODE_FLAGS,
      ...(target === 'encrypted' ? extra : []),
    ]),
  ]
  log(`load average ${loadavg()[0]!.toFixed(2)}`)
  const speed: Record<string, number[]> = {}
  const cpu: Record<string, number[]> = {}
  const upSpeed: Record<string, number[]> = {}
  const upCpu: Record<string, number[]> = {}
  for (let i = 0; i < rounds + 1; i++) {
    for (const s of i % 2 === 0 ? servers : [...servers].reverse()) {
      if (fresh && i > 0) {
        await fetch(`http://127.0.0.1:${s.child.port}/file-service/remove`, {
          method: 'DELETE',
          headers: { cookie: s.cookie, uuid: s.uuid, 'content-type': 'application/json' },
          body: JSON.stringify({ id: s.id }),
        })
        const u0 = cpuSeconds(s.child.pid)
        const t0 = performance.now()
        s.id = await upload(s)
        ;(upSpeed[s.name] ??= []).push(bytes / MB / ((performance.now() - t0) / 1000))
        ;(upCpu[s.name] ??= []).push((cpuSeconds(s.child.pid) - u0) / (bytes / 2 ** 30))
      }
      if (uploadsOnly) continue
      const c0 = cpuSeconds(s.child.pid)
      const d = await streamDownload(s.child.port, `/file-service/download/${s.id}`, { cookie: s.cookie })
      if (d.status !== 200 || d.bytes !== bytes) throw new Error(`${s.name}: download → ${d.status}, ${d.bytes} bytes`)
      if (i === 0) continue // warm-up
      ;(speed[s.name] ??= []).push(bytes / MB / d.seconds)
      ;(cpu[s.name] ??= []).push((cpuSeconds(s.child.pid) - c0) / (bytes / 2 ** 30))
    }
  }
  if (!uploadsOnly)
    for (const s of servers)
      log(
        `${s.name.padEnd(10)} ${median(speed[s.name]!).toFixed(0)} MB/s (${speed[s.name]!.map((x) => x.toFixed(0)).join(' ')}), server CPU ${median(cpu[s.name]!).toFixed(2)} s/GiB`,
      )
  if (fresh)
    for (const s of servers)
      log(
        `${s.name.padEnd(10)} upload ${median(upSpeed[s.name]!).toFixed(0)} MB/s (${upSpeed[s.name]!.map((x) => x.toFixed(0)).join(' ')}), server CPU ${median(upCpu[s.name]!).toFixed(2)} s/GiB`,
      )
  if (fresh)
    log(
      `upload ratio ${(median(upSpeed.encrypted!) / median(upSpeed.plain!)).toFixed(3)}, CPU ratio ${(median(upCpu.encrypted!) / median(upCpu.plain!)).toFixed(2)}`,
    )
  if (!uploadsOnly)
    log(
      `ratio ${(median(speed.encrypted!) / median(speed.plain!)).toFixed(3)}, CPU ratio ${(median(cpu.encrypted!) / median(cpu.plain!)).toFixed(2)}; load average ${loadavg()[0]!.toFixed(2)}`,
    )
} finally {
  await Promise.all(children.map((c) => c.stop().catch(() => undefined)))
  rmSync(root, { recursive: true, force: true })
  rmSync(buildDir, { recursive: true, force: true })
}
