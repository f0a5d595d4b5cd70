// A focused probe of the many-small-files phase (issue #18), for A/B work on the upload path (not
// part of `npm run bench`): whole small files sent as tus creation-with-upload POSTs (what the
// app's queue sends for a small file) by a lean keep-alive socket client, `parallel` in flight,
// to the Cumulus server and optionally to a second build of it (--against=<serve.ts of another
// checkout>) in the same run, the order alternating per round. Reports files/s and, steadier on a
// shared machine, the server's CPU per file; the median of per-round ratios against `against`.
//   node --import tsx tests/bench/upload-probe.ts [--files=300] [--bytes=100000] [--rounds=4]
//     [--parallel=3] [--route=tus|multipart] [--node-args="--cpu-prof --cpu-prof-dir=/tmp/prof"]
//     [--against=path/to/serve.ts] [--env=NAME=value,...] [--env-all=NAME=value,...] [--warmup=N] [--memory]
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Conn, multipartFraming } from './lib/http.ts'
import { type Child, bundleChildren, cpuSeconds, SERVER_ENV, SERVER_NODE_FLAGS, startChild } from './lib/proc.ts'
import { median } from './lib/report.ts'

const here = dirname(fileURLToPath(import.meta.url))
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const files = Number(arg('files', '300'))
const bytes = Number(arg('bytes', '100000'))
const rounds = Number(arg('rounds', '4'))
const parallel = Number(arg('parallel', '3'))
/** Files sent to each server before round 0 (JIT, and on a new store the blob folders made). */
const warmup = Number(arg('warmup', '0'))
const route = arg('route', 'tus')
const against = arg('against', '')
const nodeArgs = [...SERVER_NODE_FLAGS, ...arg('node-args', '').split(' ').filter(Boolean)]
const envArg = (name: string) =>
  Object.fromEntries(
    arg(name, '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  )
/** Extra environment for the first server only (--env=NAME=value,NAME=value): A/B of a setting. */
const extraEnv = envArg('env')
/** Extra environment for both servers (--env-all=…): a setting not under test, such as ENCRYPTION_KEY. */
const sharedEnv = envArg('env-all')

const root = mkdtempSync(join(tmpdir(), 'cumulus-upload-probe-'))
const buildDir = join(here, 'dist', `upload-probe-${process.pid}`)
const children: Child[] = []
const log = (msg: string) =>
  console.log(`[upload-probe ${((performance.now() / 1000) | 0).toString().padStart(4)} s] ${msg}`)
const b64 = (s: string) => Buffer.from(s).toString('base64')
const block = randomBytes(bytes)

interface Target {
  name: string
  child: Child
  /** The request bytes of file `i` into `folder`. */
  request: (folder: string, i: number) => Buffer
  folder: (name: string) => Promise<string>
}

async function cumulus(name: string, bundle: string, env: Record<string, string> = {}): Promise<Target> {
  const child = await startChild(
    name,
    bundle,
    [],
    { ...SERVER_ENV, DATA_DIR: join(root, name), LOG_LEVEL: 'warn', APP_DIR: join(root, 'no-app'), ...env },
    nodeArgs,
  )
  children.push(child)
  const uuid = randomUUID()
  const base = `http://127.0.0.1:${child.port}`
  const res = await fetch(`${base}/user-service/create`, {
    method: 'POST',
    headers: { uuid, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `probe-${Date.now()}@example.com`, password: 'probe-password-123' }),
  })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const head = (lines: Record<string, string | number>) =>
    Object.entries(lines)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')
  return {
    name,
    child,
    async folder(folderName) {
      const r = await fetch(`${base}/folder-service/create`, {
        method: 'POST',
        headers: { cookie, uuid, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `${folderName} ${randomUUID().slice(0, 8)}` }),
      })
      const body = (await r.json()) as { _id?: string; folder?: { _id: string } }
      const id = body._id ?? body.folder?._id
      if (!id) throw new Error(`folder: ${r.status} ${JSON.stringify(body)}`)
      return id
    },
    request(folder, i) {
      const data = Buffer.from(block)
      data.writeUInt32BE(i, 0)
      if (route === 'multipart') {
        const m = multipartFraming(`probe ${i}.bin`, bytes, folder)
        const body = Buffer.concat([m.prefix, data, m.suffix])
        return Buffer.concat([
          Buffer.from(
            `POST /file-service/upload HTTP/1.1\r\n${head({ host: '127.0.0.1', cookie, uuid, 'content-type': m.contentType, 'content-length': body.length })}\r\n`,
          ),
          body,
        ])
      }
      const meta = `filename ${b64(`probe ${i}.bin`)},parent ${b64(folder)},filetype ${b64('application/octet-stream')}`
      const lines = {
        host: '127.0.0.1',
        cookie,
        uuid,
        'tus-resumable': '1.0.0',
        'upload-length': bytes,
        'upload-metadata': meta,
        'content-type': 'application/offset+octet-stream',
        'content-length': bytes,
      }
      return Buffer.concat([Buffer.from(`POST /file-service/uploads HTTP/1.1\r\n${head(lines)}\r\n`), data])
    },
  }
}

/** Sends `files` uploads, `parallel` connections each with one in flight; returns files/s and server CPU ms per file. */
async function run(t: Target, label: string, count = files) {
  const folder = await t.folder(label)
  const conns = await Promise.all(Array.from({ length: parallel }, () => Conn.open(t.child.port)))
  let next = 0
  const c0 = cpuSeconds(t.child.pid)
  const t0 = performance.now()
  await Promise.all(
    conns.map(async (conn) => {
      while (next < count) {
        const i = next++
        const r = await conn.send(t.request(folder, i))
        if (r.status !== 201 && r.status !== 200)
          throw new Error(`${t.name} upload ${i} → ${r.status} ${r.body.toString().slice(0, 200)}`)
      }
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  const cpuMs = ((cpuSeconds(t.child.pid) - c0) / count) * 1e3
  for (const c of conns) c.close()
  return { fps: count / seconds, cpuMs }
}

try {
  await bundleChildren(buildDir, [join(here, 'serve.ts')])
  if (against) await bundleChildren(join(buildDir, 'against'), [resolve(against)])
  log(`load average ${loadavg()[0]!.toFixed(2)}; ${files} × ${bytes} B via ${route}, ${parallel} in flight`)
  const targets = [await cumulus('cumulus', join(buildDir, 'serve.mjs'), { ...sharedEnv, ...extraEnv })]
  if (against)
    targets.push(
      await cumulus('against', join(buildDir, 'against', basename(against).replace(/\.ts$/, '.mjs')), sharedEnv),
    )
  if (warmup > 0)
    for (const t of targets)
      log(`${t.name} warmed with ${warmup} files: ${(await run(t, 'warm-up', warmup)).cpuMs.toFixed(2)} ms CPU/file`)
  const got: Record<string, Array<{ fps: number; cpuMs: number }>> = {}
  for (let round = 0; round <= rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse()
    const line: string[] = []
    for (const t of order) {
      const r = await run(t, `probe ${round}`)
      if (round > 0) (got[t.name] ??= []).push(r)
      line.push(`${t.name} ${r.fps.toFixed(0)} files/s, ${r.cpuMs.toFixed(2)} ms CPU/file`)
    }
    log(`${round === 0 ? 'warm-up (dropped)' : `round ${round}/${rounds}`}: ${line.join('; ')}`)
    if (process.argv.includes('--memory'))
      for (const t of targets) log(`  ${t.name} memory: ${JSON.stringify(await t.child.memory())}`)
  }
  for (const [name, rs] of Object.entries(got))
    log(
      `summary ${name}: median ${median(rs.map((r) => r.fps)).toFixed(0)} files/s, ${median(rs.map((r) => r.cpuMs)).toFixed(2)} ms server CPU/file`,
    )
  if (against) {
    const a = got.cumulus!,
      b = got.against!
    log(
      `ratio cumulus/against (median of per-round): files/s ${median(a.map((r, i) => r.fps / b[i]!.fps)).toFixed(3)}, CPU/file ${median(a.map((r, i) => r.cpuMs / b[i]!.cpuMs)).toFixed(3)}`,
    )
  }
  log(`load average at end ${loadavg()[0]!.toFixed(2)}`)
} finally {
  await Promise.all(children.map((c) => c.stop().catch(() => undefined)))
  rmSync(root, { recursive: true, force: true })
  rmSync(buildDir, { recursive: true, force: true })
}
