// @vitest-environment node
// The published @cumulus/ui as a consumer gets it: `npm pack` of lib/, unpacked into a scratch
// project whose node_modules holds only the package, its peers (react, react-dom) and the
// dependencies its manifest declares (linked from the repo, so no registry is needed). Every
// export must come through the exports map and match the source entry; undeclared imports fail.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as source from '../../lib/index.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const libDir = join(root, 'lib')
const distDir = join(libDir, 'dist')
const manifest = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')) as {
  name: string
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
}

// Scripts run inside the scratch consumer with plain Node; each prints one JSON line.
const consumerScripts: Record<string, string> = {
  'exports.mjs': `
    import * as ui from '@cumulus/ui'
    const types = Object.fromEntries(Object.entries(ui).map(([name, value]) => [name, typeof value]))
    const css = import.meta.resolve('@cumulus/ui/style.css')
    console.log(JSON.stringify({ types, css }))
  `,
  // The built FileGrid with 10,000 files in a jsdom window, as a consumer's test would mount it.
  // jsdom has no layout, so react-virtuoso's own mock context supplies the window size (1024×768
  // of 200×200 cards); the DOM must then hold a screenful of cards, not 10,000.
  'file-grid-10k.mjs': `
    import { JSDOM } from 'jsdom'
    const { window } = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { pretendToBeVisual: true })
    for (const key of ['window', 'document', 'navigator', 'HTMLElement', 'Element', 'Node', 'getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame', 'MutationObserver']) {
      Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: key === 'window' ? window : window[key] })
    }
    globalThis.IS_REACT_ACT_ENVIRONMENT = true
    const { act, createElement: h } = await import('react')
    const { createRoot } = await import('react-dom/client')
    const { VirtuosoGridMockContext } = await import('react-virtuoso')
    const { FileGrid } = await import('@cumulus/ui')
    const items = Array.from({ length: 10000 }, (_, i) => ({ id: 'f' + i, name: 'file-' + i + '.pdf', size: i, uploadDate: '2024-03-07T21:05:00Z' }))
    const mock = { viewportHeight: 768, viewportWidth: 1024, itemHeight: 200, itemWidth: 200 }
    const root = createRoot(document.getElementById('root'))
    await act(async () => {
      root.render(h(VirtuosoGridMockContext.Provider, { value: mock }, h(FileGrid, { title: 'Home Files', items, style: { height: 768 } })))
    })
    const cards = document.querySelectorAll('[role="option"]')
    const result = {
      cards: cards.length,
      setSize: cards[0]?.getAttribute('aria-setsize') ?? null,
      listbox: document.querySelector('[role="listbox"]')?.getAttribute('aria-labelledby') ? 'named' : 'unnamed',
      elements: document.querySelectorAll('*').length,
    }
    await act(async () => root.unmount())
    console.log(JSON.stringify(result))
  `,
}

// Test tools a consumer brings for its own checks (linked from the repo like the rest).
const consumerTools = ['jsdom']

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    if (entry.name === 'dist' || entry.name === 'node_modules') return latest
    const path = join(dir, entry.name)
    return Math.max(latest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }, 0)

/** Builds lib/dist when it is missing or older than any source file. */
function ensureBuilt() {
  const entry = join(distDir, 'index.js')
  const types = join(distDir, 'types', 'index.d.ts')
  if (existsSync(entry) && existsSync(types) && statSync(entry).mtimeMs >= newestMtime(libDir)) return
  // vitest sets NODE_ENV=test, which would make Vite build React's development JSX runtime in.
  const env = { ...process.env, NODE_ENV: 'production' }
  const build = spawnSync('npm', ['run', 'build:lib'], { cwd: root, encoding: 'utf8', env })
  if (build.status !== 0) throw new Error(`npm run build:lib failed:\n${build.stdout}\n${build.stderr}`)
}

/** The package names a built module imports (bare specifiers only). */
function importedPackages(code: string): string[] {
  const specifiers = [...code.matchAll(/(?:^|[\s;])(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["']([^"'./][^"']*)["']/g)].map((m) => m[1] as string)
  const packageOf = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string))
  return [...new Set(specifiers.map(packageOf))].sort()
}

function link(consumer: string, name: string) {
  const target = join(root, 'node_modules', name)
  const path = join(consumer, 'node_modules', name)
  mkdirSync(dirname(path), { recursive: true })
  symlinkSync(target, path, 'dir')
}

let work: string
let consumer: string
let packedFiles: string[]

beforeAll(() => {
  ensureBuilt()
  work = mkdtempSync(join(tmpdir(), 'cumulus-pack-'))
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: libDir, encoding: 'utf8' }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>
  const [tarball] = packed
  if (!tarball) throw new Error('npm pack produced nothing')
  packedFiles = tarball.files.map((f) => f.path)

  consumer = join(work, 'consumer')
  const installed = join(consumer, 'node_modules', '@cumulus', 'ui')
  mkdirSync(installed, { recursive: true })
  // The tarball's files live under package/; strip it so they land in node_modules/@cumulus/ui.
  execFileSync('tar', ['-xzf', join(work, tarball.filename), '-C', installed, '--strip-components=1'])
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'scratch-consumer', private: true, type: 'module', dependencies: { [manifest.name]: `file:../${tarball.filename}` } }),
  )
  for (const name of [...Object.keys(manifest.peerDependencies), ...Object.keys(manifest.dependencies)]) link(consumer, name)
  // Types a TypeScript consumer of a React library has anyway.
  for (const name of ['@types/react', '@types/react-dom']) link(consumer, name)
  for (const name of consumerTools) link(consumer, name)
  for (const [file, code] of Object.entries(consumerScripts)) writeFileSync(join(consumer, file), code)
}, 120_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

const runInConsumer = (file: string) => {
  const run = spawnSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${file} failed:\n${run.stderr}`)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string)
}

describe('packed @cumulus/ui', () => {
  it('ships only the build: JS, CSS, source maps and declarations under dist/, plus the manifest', () => {
    expect(packedFiles).toContain('package.json')
    expect(packedFiles).toContain('dist/index.js')
    expect(packedFiles).toContain('dist/style.css')
    expect(packedFiles).toContain('dist/types/index.d.ts')
    for (const path of packedFiles) {
      expect(path, path).toMatch(/^(package\.json|README\.md|dist\/.+\.(js|js\.map|css|d\.ts))$/)
    }
    expect(packedFiles.some((p) => p.includes('mockServiceWorker'))).toBe(false)
  })

  it('declares exactly the packages its JavaScript imports (peers: react, react-dom)', () => {
    const code = readFileSync(join(consumer, 'node_modules/@cumulus/ui/dist/index.js'), 'utf8')
    const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)].sort()
    const imported = importedPackages(code)
    // A development build (jsx-dev-runtime, dev-only checks) must never be what gets published.
    expect(code).not.toContain('react/jsx-dev-runtime')
    expect(imported.filter((name) => !declared.includes(name)), 'imported but not declared').toEqual([])
    expect(Object.keys(manifest.dependencies).filter((name) => !imported.includes(name)), 'declared but never imported').toEqual([])
  })

  it('exports every name of lib/index.ts through the exports map, none undefined, and resolves ./style.css', () => {
    const { types, css } = runInConsumer('exports.mjs') as { types: Record<string, string>; css: string }
    const expected = Object.fromEntries(Object.entries(source).map(([name, value]) => [name, typeof value]))
    expect(types).toEqual(expected)
    expect(Object.values(types)).not.toContain('undefined')
    const cssPath = fileURLToPath(css)
    expect(relative(consumer, cssPath)).toBe(join('node_modules', '@cumulus', 'ui', 'dist', 'style.css'))
    const stylesheet = readFileSync(cssPath, 'utf8')
    expect(stylesheet).toContain('--cumulus-color-accent:')
    expect(stylesheet).toContain('[data-theme="dark"]')
    expect(stylesheet.match(/@font-face/g)).toHaveLength(2)
  })

  it('renders a FileGrid of 10,000 files with a bounded DOM (fewer than 300 cards)', () => {
    const { cards, setSize, listbox, elements } = runInConsumer('file-grid-10k.mjs') as { cards: number; setSize: string | null; listbox: string; elements: number }
    expect(cards).toBeGreaterThan(0)
    expect(cards).toBeLessThan(300)
    // Every rendered card still tells assistive technology the whole count.
    expect(setSize).toBe('10000')
    expect(listbox).toBe('named')
    expect(elements).toBeLessThan(300 * 20)
  }, 60_000) // a child Node loading jsdom, React and the package: seconds on a busy machine

  it('type-checks a strict TypeScript consumer against the declarations in the exports map', () => {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', target: 'ES2022', lib: ['ES2023', 'DOM'], types: [], skipLibCheck: true },
        include: ['*.ts', '*.tsx'],
      }),
    )
    writeFileSync(join(consumer, 'css.d.ts'), "declare module '*.css'\n")
    writeFileSync(
      join(consumer, 'app.tsx'),
      `import '@cumulus/ui/style.css'
       import { Button, type ButtonProps, ConfirmDialog, extensionBadge, formatBytes, vars } from '@cumulus/ui'
       const props: ButtonProps = { variant: 'primary', size: 'large', loading: true }
       // @ts-expect-error: not a variant
       const wrong: ButtonProps = { variant: 'loud' }
       export const ui = (
         <>
           <Button {...props}>Upload Files</Button>
           <ConfirmDialog open title="Delete file?" onConfirm={() => {}} onCancel={() => {}} />
         </>
       )
       export const facts: string[] = [formatBytes(1536), extensionBadge('a.pdf').text, vars.color.accent, String(wrong)]
      `,
    )
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/@typescript/native/bin/tsc'), '-p', consumer], { encoding: 'utf8' })
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  })
})
