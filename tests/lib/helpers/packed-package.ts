// The published @cumulus/ui as a consumer gets it: `npm pack` of lib/, unpacked into a scratch
// project whose node_modules holds only the package, its peers (react, react-dom) and the
// dependencies its manifest declares, linked from the repo so no registry is needed. Shared by
// pack.test.ts and package-size.test.ts, which vitest may run at the same time: the build is
// guarded by a lock so it happens once.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../..', import.meta.url))
export const libDir = join(root, 'lib')
export const distDir = join(libDir, 'dist')

export interface Manifest {
  name: string
  version: string
  license: string
  types: string
  files: string[]
  exports: Record<string, unknown>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
}

export const readManifest = (): Manifest => JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')) as Manifest

/** What `npm run build:lib` writes; all must exist and be newer than every source file. */
const builtFiles = ['index.js', 'style.css', 'fonts.css', 'types/index.d.ts']

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    if (entry.name === 'dist' || entry.name === 'node_modules') return latest
    const path = join(dir, entry.name)
    return Math.max(latest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }, 0)

const isFresh = () => {
  const newest = newestMtime(libDir)
  return builtFiles.every((file) => existsSync(join(distDir, file)) && statSync(join(distDir, file)).mtimeMs >= newest)
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Builds lib/dist when it is missing or older than any source file (once, across test files). */
export function ensureBuilt() {
  if (isFresh()) return
  const lock = join(tmpdir(), 'cumulus-ui-build.lock')
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // Another test file is building; a lock older than a build can take is left over from a crash.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true })
      sleep(250)
    }
  }
  try {
    if (isFresh()) return
    // vitest sets NODE_ENV=test, which would make Vite build React's development JSX runtime in.
    const env = { ...process.env, NODE_ENV: 'production' }
    const build = spawnSync('npm', ['run', 'build:lib'], { cwd: root, encoding: 'utf8', env })
    if (build.status !== 0) throw new Error(`npm run build:lib failed:\n${build.stdout}\n${build.stderr}`)
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

function link(consumer: string, name: string) {
  const path = join(consumer, 'node_modules', name)
  mkdirSync(dirname(path), { recursive: true })
  symlinkSync(join(root, 'node_modules', name), path, 'dir')
}

export interface PackedConsumer {
  /** Scratch directory holding the tarball and the consumer; remove it when done. */
  work: string
  /** The consumer project: node_modules/@cumulus/ui is the unpacked tarball. */
  consumer: string
  /** Paths inside the tarball, relative to the package root. */
  packedFiles: string[]
  /** Writes files into the consumer and runs one of them with Node; returns its last stdout line as JSON. */
  run: (file: string) => unknown
}

/**
 * Builds (if needed) and packs lib/, then sets up a consumer with the package, its peers, its
 * declared dependencies and `tools` (packages a consumer brings for its own checks or build).
 */
export function packConsumer(tools: string[] = [], scripts: Record<string, string> = {}): PackedConsumer {
  ensureBuilt()
  const manifest = readManifest()
  const work = mkdtempSync(join(tmpdir(), 'cumulus-pack-'))
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: libDir, encoding: 'utf8' }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>
  const [tarball] = packed
  if (!tarball) throw new Error('npm pack produced nothing')

  const consumer = join(work, 'consumer')
  const installed = join(consumer, 'node_modules', '@cumulus', 'ui')
  mkdirSync(installed, { recursive: true })
  // The tarball's files live under package/; strip it so they land in node_modules/@cumulus/ui.
  execFileSync('tar', ['-xzf', join(work, tarball.filename), '-C', installed, '--strip-components=1'])
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({
      name: 'scratch-consumer',
      private: true,
      type: 'module',
      dependencies: { [manifest.name]: `file:../${tarball.filename}` },
    }),
  )
  for (const name of [...Object.keys(manifest.peerDependencies), ...Object.keys(manifest.dependencies)])
    link(consumer, name)
  // Types a TypeScript consumer of a React library has anyway.
  for (const name of ['@types/react', '@types/react-dom', ...tools]) link(consumer, name)
  for (const [file, code] of Object.entries(scripts)) {
    mkdirSync(dirname(join(consumer, file)), { recursive: true })
    writeFileSync(join(consumer, file), code)
  }

  const run = (file: string) => {
    // The size script prints whole bundles (the full entry is past spawnSync's 1 MiB default).
    const child = spawnSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    if (child.status !== 0)
      throw new Error(`${file} failed (${child.signal ?? child.status}):\n${child.error ?? ''}\n${child.stderr}`)
    return JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as unknown
  }
  return { work, consumer, packedFiles: tarball.files.map((f) => f.path), run }
}
