// A focused probe of the req/s phase for profiling work (not part of `npm run bench`): the Cumulus
// server (optionally with extra node flags, e.g. --cpu-prof), optionally a second build of it to
// compare against in the same run (--against=<serve.ts of another checkout>), and the hello-world;
// a seeded folder each, then closed-loop load on chosen routes, alternating servers, with req/s,
// server CPU per request (steadier than req/s on a shared machine) and peak RSS. Usage:
//   node --import tsx tests/bench/probe.ts [--rows=100000] [--seconds=5] [--rounds=2] [--conns=10]
//     [--routes=hello,list,healthz,user,list1,miss] [--node-args="--cpu-prof --cpu-prof-dir=/tmp/prof"]
//     [--against=path/to/serve.ts] [--against-node-args="..."] [--memory] [--smaps] [--child-stdout=FILE]
// --memory prints the server's process.memoryUsage() and V8 spaces after each run (SIGUSR2 to
// serve.ts), --smaps where its anonymous memory sat at its peak, --child-stdout keeps what the
// server prints (e.g. with --node-args="--trace-gc").
import { randomUUID } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Conn, load } from './lib/http.ts'
import {
  type Child,
  bundleChildren,
  cpuSeconds,
  rssMonitor,
  rssNow,
  SERVER_ENV,
  SERVER_NODE_FLAGS,
  startChild,
} from './lib/proc.ts'
import { MB, median } from './lib/report.ts'
import { seed } from './lib/seed.ts'
import { anonPeak } from './lib/smaps.ts'

const here = dirname(fileURLToPath(import.meta.url))
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const flag = (name: string) => process.argv.includes(`--${name}`)
const rowsN = Number(arg('rows', '100000'))
const seconds = Number(arg('seconds', '5'))
const rounds = Number(arg('rounds', '2'))
const routes = arg('routes', 'hello,list,healthz,user,list1').split(',')
// What `npm start` runs the server with, then any extra flags given.
const nodeArgs = [...SERVER_NODE_FLAGS, ...arg('node-args', '').split(' ').filter(Boolean)]
const conns = Number(arg('conns', '10'))
const against = arg('against', '')
// Node flags for the `against` server instead of the above: A/B of a flag on the same build
// (--against=tests/bench/serve.ts --against-node-args=--max-semi-space-size=16).
const againstNodeArgs = process.argv.some((a) => a.startsWith('--against-node-args='))
  ? arg('against-node-args', '').split(' ').filter(Boolean)
  : nodeArgs
let missed = 0

const root = mkdtempSync(join(tmpdir(), 'cumulus-probe-'))
// Inside the repo so the bundles find node_modules (tests/bench/dist is git-ignored).
const buildDir = join(here, 'dist', `probe-${process.pid}`)
const children: Child[] = []
const log = (msg: string) => console.log(`[probe ${((performance.now() / 1000) | 0).toString().padStart(4)} s] ${msg}`)

interface Server {
  name: string
  child: Child
  reqs: Record<string, Buffer | (() => Buffer)>
}

/** Starts one Cumulus build, signs up, seeds its folder, and builds its requests. */
async function cumulus(name: string, bundle: string, flags = nodeArgs): Promise<Server> {
  const dataDir = join(root, name)
  const child = await startChild(
    name,
    bundle,
    [],
    { ...SERVER_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_DIR: join(root, 'no-app') },
    flags,
  )
  children.push(child)
  const childOut = arg('child-stdout', '')
  if (childOut) child.proc.stdout!.pipe(createWriteStream(`${childOut}${name === 'cumulus' ? '' : `.${name}`}`))
  log(
    `${name}: pid ${child.pid} ${flags.join(' ')}; idle RSS ${(rssNow(child.pid) / MB).toFixed(1)} MB ${JSON.stringify(await child.memory())}`,
  )
  const res = await fetch(`http://127.0.0.1:${child.port}/user-service/create`, {
    method: 'POST',
    headers: { uuid: randomUUID(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: `probe-${Date.now()}@example.com`, password: 'probe-password-123' }),
  })
  const userId = ((await res.json()) as { user: { _id: string } }).user._id
  const access = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('access-token='))!
    .split(';')[0]!
  const folder = seed({ dbFile: join(dataDir, 'cumulus.db'), owner: userId, folders: 1, files: rowsN, seed: 1 })
    .folderIds[0]!
  return {
    name,
    child,
    reqs: {
      list: Conn.get(`/file-service/list?parent=${folder}&limit=50`, access),
      healthz: Conn.get('/healthz'),
      user: Conn.get('/user-service/user', access),
      list1: Conn.get(`/file-service/list?parent=${folder}&limit=1`, access),
      // The list page with the list cache missing every time (an ignored parameter, new each time).
      miss: () => Conn.get(`/file-service/list?parent=${folder}&limit=50&uncached=${++missed}`, access),
    },
  }
}

try {
  await bundleChildren(buildDir, [join(here, 'serve.ts'), join(here, 'baseline.ts')])
  if (against) await bundleChildren(join(buildDir, 'against'), [resolve(against)])
  log(`load average ${loadavg()[0]!.toFixed(2)}`)
  const servers = [await cumulus('cumulus', join(buildDir, 'serve.mjs'))]
  if (against)
    servers.push(
      await cumulus('against', join(buildDir, 'against', basename(against).replace(/\.ts$/, '.mjs')), againstNodeArgs),
    )
  log(`seeded ${rowsN} rows each`)
  const hello = await startChild('hello', join(buildDir, 'baseline.mjs'), ['hello'], {})
  children.push(hello)

  // One (server, route) pair per measurement; hello once per round.
  const runs: Array<{ label: string; child: Child; req: Buffer | (() => Buffer) }> = []
  for (const r of routes) {
    if (r === 'hello') runs.push({ label: 'hello', child: hello, req: Conn.get('/') })
    else
      for (const s of servers)
        runs.push({ label: servers.length > 1 ? `${r} [${s.name}]` : r, child: s.child, req: s.reqs[r]! })
  }
  for (const run of runs) await load(run.child.port, run.req, conns, 1)
  const rps: Record<string, number[]> = {}
  const cpu: Record<string, number[]> = {}
  for (let i = 0; i < rounds; i++) {
    // Alternate the order so drift on a shared machine hits every server alike.
    for (const run of i % 2 === 0 ? runs : [...runs].reverse()) {
      const m = rssMonitor(run.child.pid)
      const smaps = flag('smaps') && run.child !== hello ? anonPeak(run.child.pid) : undefined
      const c0 = cpuSeconds(run.child.pid)
      const out = await load(run.child.port, run.req, conns, seconds)
      const cpuUs = ((cpuSeconds(run.child.pid) - c0) / out.requests) * 1e6
      const peak = m.stop()
      if (out.errors) throw new Error(`${run.label}: ${out.errors} non-200 replies`)
      ;(rps[run.label] ??= []).push(out.rps)
      ;(cpu[run.label] ??= []).push(cpuUs)
      log(
        `${run.label}: ${out.rps.toFixed(0)} req/s, server CPU ${cpuUs.toFixed(0)} µs/req, peak RSS ${(peak.total / MB).toFixed(0)} / anon ${(peak.anon / MB).toFixed(0)} MB`,
      )
      if (smaps) log(`  anonymous memory at its peak: ${JSON.stringify(smaps.stop())}`)
      if (flag('memory') && run.child !== hello) log(`  after: ${JSON.stringify(await run.child.memory())}`)
    }
  }
  const h = rps.hello ? median(rps.hello) : NaN
  for (const [label, xs] of Object.entries(rps)) {
    log(
      `summary ${label.padEnd(20)} median ${median(xs).toFixed(0).padStart(6)} req/s, ratio to hello ${(median(xs) / h).toFixed(3)}, server CPU ${median(cpu[label]!).toFixed(0)} µs/req`,
    )
  }
  log(`load average at end ${loadavg()[0]!.toFixed(2)}`)
} finally {
  await Promise.all(children.map((c) => c.stop().catch(() => undefined)))
  rmSync(root, { recursive: true, force: true })
  rmSync(buildDir, { recursive: true, force: true })
}
