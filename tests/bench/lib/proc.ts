// Child servers and their memory. Servers run in their own processes so their RSS is theirs
// alone, and they are plain bundled JS (like `npm start` runs dist/server/main.js): under tsx
// the loader's worker thread would add tens of MB to the figure.
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { build } from 'esbuild'
import { withMallocTunables } from '../../../scripts/malloc-tunables.mjs'

export interface Child {
  name: string
  port: number
  pid: number
  proc: ChildProcess
  /** process.memoryUsage() of a child that answers SIGUSR2 (serve.ts), in MB, plus RSS kinds and V8 spaces ("committed/used"). */
  memory(): Promise<Record<string, unknown>>
  stop(): Promise<void>
}

/**
 * The node flags `npm start` gives the server (package.json's start script), so the bench's
 * Cumulus children run as users run it. The baselines run with node's defaults.
 */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((a) => a.startsWith('--'))

/**
 * The environment `npm start` gives the server on glibc Linux (scripts/malloc-tunables.mjs): the
 * bench's Cumulus children get it like the node flags. The baselines run with glibc's defaults.
 */
export const SERVER_ENV: Record<string, string> = process.platform === 'linux' ? withMallocTunables({}) : {}

/** Bundles the child entry points (tests/bench/dist is git- and lint-ignored, and deleted after the run). */
export async function bundleChildren(outdir: string, entries: string[]): Promise<void> {
  await build({
    entryPoints: entries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Same as build:server: native addons and deps stay in node_modules, found by walking up.
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  })
}

/** Starts `node [nodeArgs] script args`, waits for its stdout line `{"port":N}`. */
export async function startChild(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<Child> {
  const proc = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  proc.stderr!.setEncoding('utf8')
  proc.stderr!.on('data', (c: string) => (stderr = (stderr + c).slice(-4000)))
  const lines = createInterface({ input: proc.stdout! })
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s\n${stderr}`)), 30_000)
    // Lines before it (e.g. --trace-gc output when profiling) are skipped.
    const onLine = (line: string) => {
      if (!line.startsWith('{"port":')) return
      clearTimeout(timer)
      lines.off('line', onLine)
      resolve((JSON.parse(line) as { port: number }).port)
    }
    lines.on('line', onLine)
    proc.once('exit', (code) => reject(new Error(`${name} exited with ${code}\n${stderr}`)))
  })
  // Keep draining stdout (logs) so a full pipe never stalls the server; keep the tail for errors.
  let stdoutTail = ''
  let memoryWaiter: ((m: Record<string, unknown>) => void) | undefined
  lines.on('line', (l) => {
    if (memoryWaiter && l.startsWith('{"memory":')) {
      memoryWaiter((JSON.parse(l) as { memory: Record<string, unknown> }).memory)
      memoryWaiter = undefined
    } else stdoutTail = `${stdoutTail}${l}\n`.slice(-4000)
  })
  let stopping = false
  const exited = new Promise<void>((r) => proc.once('exit', () => r()))
  // A server dying mid-bench is a finding in itself: say so loudly, with its last words.
  proc.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `\n!! ${name} (pid ${proc.pid}) exited unexpectedly: code ${code}, signal ${signal}\n${stdoutTail}${stderr}`,
      )
  })
  return {
    name,
    port,
    pid: proc.pid!,
    proc,
    memory() {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not report its memory`)), 5000)
        memoryWaiter = (m) => {
          clearTimeout(timer)
          resolve(m)
        }
        proc.kill('SIGUSR2')
      })
    },
    async stop() {
      stopping = true
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill('SIGTERM')
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

const statusField = (pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon'): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : 0
}

/**
 * Peak RSS of a process over a phase: VmRSS polled every 50 ms, plus the kernel's own high-water
 * mark (VmHWM) reset at the start through clear_refs, which catches spikes between polls. RssAnon
 * (heap, native allocations) is tracked apart: VmRSS also counts file pages the process has
 * mapped, e.g. SQLite's shared-memory WAL index, which the kernel can drop at will.
 */
export function rssMonitor(pid: number) {
  let hwmReset = false
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    hwmReset = true
  } catch {
    // Not permitted here: polling alone still gives a close lower bound.
  }
  let peak = statusField(pid, 'VmRSS')
  let anon = statusField(pid, 'RssAnon')
  let family = peak
  const timer = setInterval(() => {
    try {
      const own = statusField(pid, 'VmRSS')
      peak = Math.max(peak, own)
      anon = Math.max(anon, statusField(pid, 'RssAnon'))
      family = Math.max(family, own + childPids(pid).reduce((n, child) => n + childRss(child), 0))
    } catch {
      // The process went away; stop() reports what was seen.
    }
  }, 50)
  return {
    /**
     * Peak bytes since the monitor started (total, and anonymous memory only), and with the
     * children it spawns (a decoder process) added, as sampled every 50 ms.
     */
    stop(): { total: number; anon: number; withChildren: number } {
      clearInterval(timer)
      try {
        if (hwmReset) peak = Math.max(peak, statusField(pid, 'VmHWM'))
      } catch {
        // ignore: process gone
      }
      return { total: peak, anon, withChildren: Math.max(family, peak) }
    },
  }
}

/** The processes `pid`'s threads started that are still running. */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    )
  } catch {
    return []
  }
}

function childRss(pid: number): number {
  try {
    return statusField(pid, 'VmRSS')
  } catch {
    return 0 // it exited between the listing and the read
  }
}

export const rssNow = (pid: number) => statusField(pid, 'VmRSS')

/**
 * CPU seconds (user + system, all threads) a process has used so far. Unlike wall-clock
 * throughput this barely moves when other work shares the machine, so it is the steadier figure.
 */
export function cpuSeconds(pid: number): number {
  // Fields after "(comm)": state is #3, utime #14, stime #15 (1-based, proc(5)).
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(f[11]) + Number(f[12])) / CLOCK_TICKS
}
// getconf CLK_TCK is 100 on every Linux we run on.
const CLOCK_TICKS = 100
