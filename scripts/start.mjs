// `npm start`: builds whatever is missing or older than its sources (quietly), runs the server in
// this process, and prints one line with the address to open.
// package.json runs this with --max-semi-space-size=4 (V8's young generation capped at 4 MiB a
// half instead of 16): a cached list costs ~25% less CPU (the young objects of a request stay in
// the CPU caches) and idle RSS drops by ~20 MB; 1 MiB was slower again (tests/bench/README.md).
// And with --initial-old-space-size=80, a floor under V8's old-space limit: V8 (Node 20, 22) counts
// an upload's short-lived body buffers (~33 MB between scavenges) against that limit, and after
// a full GC in a quiet stretch it sets the limit ~12 MB above the live heap, so the next big
// upload ran a full GC every 20–45 ms (WebDAV 1 GiB up: ~170 of them, 0.55 of raw; with the
// floor 2–3, 0.72–0.93). It costs ~15 MB of peak RSS in uploads (tests/bench/README.md).
//
// Stopping: Ctrl+C and SIGTERM reach the server's own handlers (server/shutdown.ts), which close
// it cleanly. But `npm start` runs us through a shell, and when npm is sent SIGTERM it signals
// only that shell, which dies and leaves us running as an orphan; so when our parent goes away we
// stop as if signalled. A build in progress is stopped with us, and we exit with its status.
//
// On Linux with glibc it first starts itself again with the malloc settings of
// scripts/malloc-tunables.mjs (glibc reads them only at a process's start): in place, one process
// as before, where Node has process.execve (22.15+, 23.11+); on older Node as a child it waits for
// and passes signals to, exiting as the child did.
//
// SKIP_BUILD=1 serves dist/ as it is (an image or deploy that built already). In a terminal the
// server logs warnings and errors only, unless LOG_LEVEL is set.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { clearInterval, setInterval } from 'node:timers'
import { lacksMallocTunables, withMallocTunables } from './malloc-tunables.mjs'

const POSIX = process.platform !== 'win32'

// --- glibc's malloc settings ------------------------------------------------------------------
if (lacksMallocTunables()) {
  const args = [...process.execArgv, ...process.argv.slice(1)]
  const env = withMallocTunables(process.env)
  // process.execve is experimental: its warning is emitted on the next tick, which never comes (seen on 22.23).
  if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...args], env)
  const child = spawn(process.execPath, args, { stdio: 'inherit', env })
  // Ctrl+C reaches the child too (same process group); a second signal is harmless there.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  // The child watches us as its parent (below); we watch ours the same way.
  const parentPid = process.ppid
  if (process.env.npm_lifecycle_event && parentPid > 1) {
    setInterval(() => process.ppid !== parentPid && child.kill('SIGTERM'), 500).unref()
  }
  const [code, signal] = await new Promise((resolve) => child.on('exit', (...how) => resolve(how)))
  if (signal) {
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  }
  process.exit(code ?? 1)
}

const newest = (paths) => {
  let max = 0
  const walk = (p) => {
    if (!existsSync(p)) return
    const s = statSync(p)
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'dist' && e !== 'node_modules') walk(join(p, e))
    } else max = Math.max(max, s.mtimeMs)
  }
  paths.forEach(walk)
  return max
}
const stale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < newest(sources)

// --- stopping with our parent -------------------------------------------------------------------
// Polling is the portable way to notice: once the parent dies we are re-parented (ppid changes).
// Only under npm (or another script runner): a server started by hand and disowned keeps running.
const parentPid = process.ppid
let parentGone = () => process.kill(process.pid, 'SIGTERM')
if (process.env.npm_lifecycle_event && parentPid > 1) {
  const watch = setInterval(() => {
    if (process.ppid === parentPid) return
    clearInterval(watch)
    parentGone()
  }, 500)
  watch.unref()
}

// --- builds ------------------------------------------------------------------------------------
/** Runs `npm run <script> -- <args>` quietly; a stop signal (or our parent leaving) stops it too. */
function build(script, args) {
  return new Promise((resolve) => {
    // Its own process group, so stopping it reaches npm, its shell and the build tool alike.
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      stdio: 'inherit',
      detached: POSIX,
      shell: !POSIX,
    })
    const stop = (signal) => {
      try {
        if (POSIX) process.kill(-child.pid, signal)
        else child.kill(signal)
      } catch {
        // Already gone.
      }
    }
    const onSignal = (signal) => stop(signal)
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
    parentGone = () => stop('SIGTERM')
    child.on('exit', (code, signal) => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
      parentGone = () => process.kill(process.pid, 'SIGTERM')
      resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : 15))
    })
  })
}

if (process.env.SKIP_BUILD !== '1') {
  const app = stale('dist/app/index.html', ['app', 'lib', 'index.html', 'public', 'vite.config.ts'])
  const server = stale('dist/server/main.js', ['server'])
  if (app || server) console.log('Building Cumulus (first run, or the sources changed)…')
  for (const [needed, script, args] of [
    [app, 'build:app', ['--logLevel', 'warn']],
    [server, 'build:server', ['--log-level=warning']],
  ]) {
    if (!needed) continue
    const status = await build(script, args)
    if (status !== 0) process.exit(status)
  }
}

// --- the server --------------------------------------------------------------------------------
/** The addresses a person can open: localhost, and this machine's network addresses when it
 *  listens on all of them (HOST=0.0.0.0, for phones on the home network). */
function urls({ address, port }) {
  const local = ['127.0.0.1', '::1', '0.0.0.0', '::'].includes(address)
    ? 'localhost'
    : address.includes(':')
      ? `[${address}]`
      : address
  const out = [`http://${local}:${port}`]
  if (address === '0.0.0.0' || address === '::') {
    for (const nets of Object.values(networkInterfaces())) {
      for (const net of nets ?? [])
        if (net.family === 'IPv4' && !net.internal) out.push(`http://${net.address}:${port}`)
    }
  }
  return out
}

// In a terminal the friendly line should not drown in a JSON line per request: only warnings and
// errors there unless LOG_LEVEL says otherwise. Service managers and pipes keep the full log.
if (process.stdout.isTTY) process.env.LOG_LEVEL ??= 'warn'
const { listening } = await import('../dist/server/main.js')
const address = await listening
if (address) {
  const [first, ...others] = urls(address)
  const network = others.length ? ` (on your network: ${others.join(', ')})` : ''
  console.log(`Cumulus is running at ${first}${network} — press Ctrl+C to stop`)
}
