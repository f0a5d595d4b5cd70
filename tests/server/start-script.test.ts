// `npm start` (scripts/start.mjs) on a first run: one friendly line with the address, a server that
// answers /healthz, and a stop that leaves nothing behind. The real script runs from a throwaway
// copy of the project's start command with a freshly built server bundle, so the test neither
// rebuilds the app nor touches the shared dist/ (SKIP_BUILD=1).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MALLOC_TUNABLES } from '../../scripts/malloc-tunables.mjs'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
/** scripts/start.mjs and what it imports. */
const START_SCRIPTS = ['start.mjs', 'malloc-tunables.mjs']
let dir: string
const started: ChildProcess[] = []

beforeAll(() => {
  // Under the repository, so the bundle's packages resolve from its node_modules.
  mkdirSync(join(root, '.test-tmp'), { recursive: true })
  dir = mkdtempSync(join(root, '.test-tmp', 'start-'))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'cumulus-start-test',
      private: true,
      type: 'module',
      scripts: { start: pkg.scripts.start },
    }),
  )
  mkdirSync(join(dir, 'scripts'))
  for (const script of START_SCRIPTS) copyFileSync(join(root, 'scripts', script), join(dir, 'scripts', script))
  // The project's own build:server command, aimed at the copy.
  const [, ...args] = pkg.scripts['build:server']!.split(' ')
  const esbuildArgs = [
    ...args.filter((a) => !a.startsWith('--outfile=')),
    `--outfile=${join(dir, 'dist/server/main.js')}`,
    '--log-level=warning',
  ]
  execFileSync(join(root, 'node_modules/.bin/esbuild'), esbuildArgs, { cwd: root, stdio: 'inherit' })
  mkdirSync(join(dir, 'dist/app'), { recursive: true })
  writeFileSync(join(dir, 'dist/app/index.html'), '<!doctype html><div id="app"></div>')
}, 60_000)

afterEach(() => {
  // A failed run must not leave a server behind: each was started in its own process group.
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone, as it should be.
    }
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

function start(command: string, args: string[], port: number, { cwd = dir, skipBuild = true } = {}) {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(cwd, `data-${port}`),
      SKIP_BUILD: skipBuild ? '1' : '',
      LOG_LEVEL: 'warn',
    },
  })
  started.push(child)
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk))
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  const friendly = new Promise<string>((done, fail) => {
    child.stdout!.on('data', () => {
      const line = out.split('\n').find((l) => l.startsWith('Cumulus is running'))
      if (line) done(line)
    })
    child.on('exit', (code) => fail(new Error(`exited with ${code} before the friendly line:\n${out}`)))
  })
  friendly.catch(() => {}) // only the tests that wait for it care
  return { child, friendly, exited, output: () => out }
}

/** Every process below `pid` (npm → its shell → node), read from ps. */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number))
  const out: number[] = []
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid !== parent) continue
      out.push(child!)
      walk(child!)
    }
  }
  walk(pid)
  return out
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })

describe('npm start', () => {
  it('prints one friendly line, serves /healthz, and SIGTERM to npm stops the server too (no orphan)', async () => {
    const port = await freePort()
    const npm = start('npm', ['start'], port)
    expect(await npm.friendly).toBe(`Cumulus is running at http://localhost:${port} — press Ctrl+C to stop`)
    expect(npm.output().match(/Cumulus is running/g)).toHaveLength(1)
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    const below = descendants(npm.child.pid!)
    expect(below.length).toBeGreaterThan(0)
    // The server runs with glibc's malloc settings (started again with them, in place or as a child).
    /** A NUL-separated /proc file of `pid` (environ, cmdline); empty once the process is gone. */
    const procList = (pid: number, file: string) => {
      try {
        return readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0')
      } catch {
        return []
      }
    }
    const environ = (pid: number) => procList(pid, 'environ')
    // (glibc parses the variable in place, so /proc shows it up to the first ':' only.)
    expect(below.flatMap(environ)).toContain(`GLIBC_TUNABLES=${MALLOC_TUNABLES.split(':')[0]}`)
    // ...and every Node process running start.mjs (the one npm started, and the one that restart
    // started, if not in place) has the V8 flags of the start command (the old-space floor).
    const flags = pkg.scripts.start!.split(/\s+/).filter((a) => a.startsWith('--'))
    expect(flags).toContain('--initial-old-space-size=80')
    const nodes = below
      .map((pid) => procList(pid, 'cmdline'))
      .filter((argv) => /node$/.test(argv[0] ?? '') && argv.some((a) => a.endsWith('start.mjs')))
    expect(nodes.length).toBeGreaterThan(0)
    for (const argv of nodes) expect(argv).toEqual(expect.arrayContaining(flags))

    npm.child.kill('SIGTERM')
    await npm.exited
    await expect.poll(() => below.filter(alive), { timeout: 10_000 }).toEqual([])
    expect(await portOpen(port)).toBe(false)
  })

  it('SIGTERM to the start script closes the server cleanly: exit code 0, port closed', async () => {
    const port = await freePort()
    const script = start(process.execPath, ['scripts/start.mjs'], port)
    await script.friendly
    script.child.kill('SIGTERM')
    expect(await script.exited).toBe(0)
    expect(await portOpen(port)).toBe(false)
  })

  it('SIGTERM to npm during a build stops the build as well', async () => {
    // A project whose builds never end: start.mjs finds dist/ missing and runs them.
    const project = mkdtempSync(join(root, '.test-tmp', 'start-build-'))
    let below: number[] = []
    try {
      const build = 'node build.mjs'
      writeFileSync(
        join(project, 'package.json'),
        JSON.stringify({
          type: 'module',
          scripts: { start: pkg.scripts.start, 'build:app': build, 'build:server': build },
        }),
      )
      writeFileSync(join(project, 'build.mjs'), "console.log('building'); setInterval(() => {}, 1000)\n")
      mkdirSync(join(project, 'scripts'))
      for (const script of START_SCRIPTS) copyFileSync(join(root, 'scripts', script), join(project, 'scripts', script))
      const npm = start('npm', ['start'], await freePort(), { cwd: project, skipBuild: false })
      await expect.poll(npm.output, { timeout: 10_000 }).toContain('building')
      expect(npm.output()).toContain('Building Cumulus (first run, or the sources changed)…')
      below = descendants(npm.child.pid!)
      expect(below.length).toBeGreaterThanOrEqual(4) // npm's shell, start.mjs, the build's npm, its shell, node build.mjs

      npm.child.kill('SIGTERM')
      await npm.exited
      await expect.poll(() => below.filter(alive), { timeout: 10_000 }).toEqual([])
    } finally {
      // The build runs in its own process group, out of afterEach's reach.
      for (const pid of below.filter(alive)) process.kill(pid, 'SIGKILL')
      rmSync(project, { recursive: true, force: true })
    }
  })
})
