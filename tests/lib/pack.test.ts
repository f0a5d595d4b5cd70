// @vitest-environment node
// The published @cumulus/ui as a consumer gets it (helpers/packed-package.ts: `npm pack` of lib/
// unpacked into a scratch project with only its peers and declared dependencies). Every export
// must come through the exports map and match the source entry; undeclared imports fail.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as source from '../../lib/index.ts'
import { libDir, packConsumer, type PackedConsumer, readManifest, root } from './helpers/packed-package.ts'

const manifest = readManifest()

// Scripts run inside the scratch consumer with plain Node; each prints one JSON line.
const consumerScripts: Record<string, string> = {
  'exports.mjs': `
    import * as ui from '@cumulus/ui'
    const types = Object.fromEntries(Object.entries(ui).map(([name, value]) => [name, typeof value]))
    const css = import.meta.resolve('@cumulus/ui/style.css')
    const fonts = import.meta.resolve('@cumulus/ui/fonts.css')
    console.log(JSON.stringify({ types, css, fonts }))
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

// An embedder's strict TypeScript: its own item type through a grid's callbacks, a wrapper that
// passes its optional props on (undefined under exactOptionalPropertyTypes), a dialog by the kit's
// open rule, and the viewers entry. Type-checked under `bundler` and `node` resolution.
const embedderCode = `
  import '@cumulus/ui/style.css'
  import { type BrowserFile, type BrowserFolder, ConfirmDialog, FileGrid, type FileGridProps, FolderGrid, MoveDialog, PhotoGallery } from '@cumulus/ui'
  import { AudioPlayer } from '@cumulus/ui/viewers'

  interface Folder extends BrowserFolder { extra: string }
  interface Photo extends BrowserFile { album: string }

  export function Folders({ items, onOpen }: { items: Folder[]; onOpen: (folder: Folder) => void }) {
    return (
      <FolderGrid title="Folders" items={items} onItemOpen={onOpen} onItemDoubleOpen={onOpen}
        itemMenu={(folder) => [{ id: 'open', label: folder.extra, onSelect: () => onOpen(folder) }]}
        onItemContextMenu={(folder) => folder.extra} />
    )
  }

  type Passed = Pick<FileGridProps<Photo>, 'view' | 'loading' | 'onItemOpen' | 'formatDate' | 'emptyText'>
  export function Photos({ items, ...passed }: { items: Photo[] } & { [K in keyof Passed]?: Passed[K] | undefined }) {
    return (
      <>
        <FileGrid title="Files" items={items} view={passed.view} loading={passed.loading} onItemOpen={passed.onItemOpen}
          formatDate={passed.formatDate} emptyText={passed.emptyText} onItemClick={(photo) => photo.album} />
        <PhotoGallery title="Photos" items={items} renderBadge={(photo) => photo.album} useWindowScroll />
      </>
    )
  }

  export function Dialogs({ open, setOpen, busy }: { open: boolean; setOpen: (open: boolean) => void; busy?: boolean | undefined }) {
    return (
      <>
        <ConfirmDialog open={open} onOpenChange={setOpen} busy={busy} title="Delete file?" onConfirm={() => {}} onCancel={() => {}} />
        <MoveDialog defaultOpen busy={busy} folders={[]} currentFolder={null} onSearch={() => {}} onBack={() => {}}
          onHome={() => {}} onEnter={() => {}} onConfirm={() => {}} onOpenChange={setOpen} />
      </>
    )
  }

  export const viewer = AudioPlayer
`

/** The package names a built module imports (bare specifiers only). */
function importedPackages(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/(?:^|[\s;])(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["']([^"'./][^"']*)["']/g),
    // Engines the viewers load when first needed: import("pdfjs-dist"), import("highlight.js/lib/languages/…").
    ...code.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g),
  ].map((m) => m[1] as string)
  const packageOf = (s: string) =>
    s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string)
  return [...new Set(specifiers.map(packageOf))].sort()
}

let packed: PackedConsumer

beforeAll(() => {
  packed = packConsumer(consumerTools, consumerScripts)
}, 120_000)

afterAll(() => {
  if (packed) rmSync(packed.work, { recursive: true, force: true })
})

const runInConsumer = (file: string) => packed.run(file)

describe('packed @cumulus/ui', () => {
  it('ships the build (JS, CSS, source maps, declarations, the font licence) and the manifest, licence, readme and changelog', () => {
    const { packedFiles } = packed
    for (const file of [
      'package.json',
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'dist/index.js',
      'dist/style.css',
      'dist/fonts.css',
      'dist/OFL-Inter.txt',
      'dist/types/index.d.ts',
    ]) {
      expect(packedFiles).toContain(file)
    }
    for (const path of packedFiles) {
      expect(path, path).toMatch(
        /^(package\.json|LICENSE|README\.md|CHANGELOG\.md|dist\/OFL-Inter\.txt|dist\/.+\.(js|js\.map|css|d\.ts))$/,
      )
    }
    // No build helpers, contributor docs or empty CSS-entry chunks.
    expect(
      packedFiles.filter((p) =>
        /mockServiceWorker|CONTRIBUTING|\.changeset|dist\/fonts\.js|types\/(build|fonts)\b/.test(p),
      ),
    ).toEqual([])
  })

  it('marks every JavaScript module "use client", so a React Server Component imports the kit as it is', () => {
    const modules = packed.packedFiles.filter((p) => /^dist\/[^/]+\.js$/.test(p))
    expect(modules).toEqual(expect.arrayContaining(['dist/index.js', 'dist/viewers.js']))
    for (const module of modules) {
      const code = readFileSync(join(packed.consumer, 'node_modules/@cumulus/ui', module), 'utf8')
      expect(code.startsWith('"use client";\n'), module).toBe(true)
    }
  })

  it('is MIT with the licence text, at the version its changelog names last', () => {
    expect(manifest.license).toBe('MIT')
    const license = readFileSync(join(libDir, 'LICENSE'), 'utf8')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the Cumulus authors\n/)
    const changelog = readFileSync(join(libDir, 'CHANGELOG.md'), 'utf8')
    expect(changelog.match(/^## (\d+\.\d+\.\d+)$/m)?.[1]).toBe(manifest.version)
  })

  it('takes its runtime dependencies as caret ranges (a consumer dedupes them) and React 19 as a peer', () => {
    for (const [name, range] of Object.entries(manifest.dependencies)) expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/)
    // React 19 only: components take `ref` as a prop (virtuoso's list parts, every ComponentPropsWithRef).
    expect(manifest.peerDependencies).toEqual({ react: '^19.0.0', 'react-dom': '^19.0.0' })
  })

  it('declares exactly the packages its JavaScript imports (peers: react, react-dom)', () => {
    // Every module of the package: both entries (index.js, viewers.js) and the chunks they share.
    const dist = join(packed.consumer, 'node_modules/@cumulus/ui/dist')
    const modules = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    const code = modules.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n')
    const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)].sort()
    // The viewers entry takes the kit's parts from the main entry: the package itself.
    const imported = importedPackages(code).filter((name) => name !== manifest.name)
    // A development build (jsx-dev-runtime, dev-only checks) must never be what gets published.
    expect(code).not.toContain('react/jsx-dev-runtime')
    expect(
      imported.filter((name) => !declared.includes(name)),
      'imported but not declared',
    ).toEqual([])
    expect(
      Object.keys(manifest.dependencies).filter((name) => !imported.includes(name)),
      'declared but never imported',
    ).toEqual([])
  })

  it('exports every name of lib/index.ts through the exports map, none undefined, and resolves ./style.css and ./fonts.css', () => {
    const { types, css, fonts } = runInConsumer('exports.mjs') as {
      types: Record<string, string>
      css: string
      fonts: string
    }
    const expected = Object.fromEntries(Object.entries(source).map(([name, value]) => [name, typeof value]))
    expect(types).toEqual(expected)
    expect(Object.values(types)).not.toContain('undefined')
    const cssPath = fileURLToPath(css)
    expect(relative(packed.consumer, cssPath)).toBe(join('node_modules', '@cumulus', 'ui', 'dist', 'style.css'))
    const stylesheet = readFileSync(cssPath, 'utf8')
    expect(stylesheet).toContain('--cumulus-color-accent:')
    expect(stylesheet).toContain('[data-theme="dark"]')
    // The font is optional: style.css names Inter first in its stack but carries no font file.
    expect(stylesheet).not.toContain('@font-face')
    const fontsPath = fileURLToPath(fonts)
    expect(relative(packed.consumer, fontsPath)).toBe(join('node_modules', '@cumulus', 'ui', 'dist', 'fonts.css'))
    const fontFaces = readFileSync(fontsPath, 'utf8')
    expect(fontFaces.match(/@font-face/g)).toHaveLength(2)
    expect(fontFaces).toContain('font-family: Inter')
    expect(fontFaces).toContain('SIL Open Font License 1.1')
    expect(fontFaces).not.toContain('--cumulus-')
  })

  it('renders a FileGrid of 10,000 files with a bounded DOM (fewer than 300 cards)', () => {
    const { cards, setSize, listbox, elements } = runInConsumer('file-grid-10k.mjs') as {
      cards: number
      setSize: string | null
      listbox: string
      elements: number
    }
    expect(cards).toBeGreaterThan(0)
    expect(cards).toBeLessThan(300)
    // Every rendered card still tells assistive technology the whole count.
    expect(setSize).toBe('10000')
    expect(listbox).toBe('named')
    expect(elements).toBeLessThan(300 * 20)
  }, 60_000) // a child Node loading jsdom, React and the package: seconds on a busy machine

  it('type-checks a strict TypeScript consumer, and the README example, against the declarations in the exports map', () => {
    writeFileSync(
      join(packed.consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: [],
          skipLibCheck: true,
          // A strict embedder's flag: optional props must take undefined where a wrapper passes it on.
          exactOptionalPropertyTypes: true,
        },
        include: ['*.ts', '*.tsx'],
      }),
    )
    writeFileSync(join(packed.consumer, 'embed.tsx'), embedderCode)
    writeFileSync(join(packed.consumer, 'css.d.ts'), "declare module '*.css'\n")
    writeFileSync(
      join(packed.consumer, 'app.tsx'),
      `import '@cumulus/ui/style.css'
       import '@cumulus/ui/fonts.css'
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
    // The README's example, as a consumer would paste it.
    const example = readFileSync(join(libDir, 'README.md'), 'utf8').match(/```tsx\n([\s\S]*?)```/)?.[1]
    expect(example).toContain('<UploadPanel')
    writeFileSync(join(packed.consumer, 'readme-example.tsx'), example!)
    const tsc = spawnSync(
      process.execPath,
      [join(root, 'node_modules/@typescript/native/bin/tsc'), '-p', packed.consumer],
      { encoding: 'utf8' },
    )
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  })

  it('type-checks the same embedder under moduleResolution node, through the top-level types field', () => {
    expect(manifest.types).toBe('./dist/types/index.d.ts')
    writeFileSync(join(packed.consumer, 'css.d.ts'), "declare module '*.css'\n")
    writeFileSync(join(packed.consumer, 'embed.tsx'), embedderCode)
    writeFileSync(
      join(packed.consumer, 'tsconfig.node10.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'ESNext',
          moduleResolution: 'node',
          // TypeScript 6 still resolves `node` (node10), deprecated; TypeScript 7 drops it.
          ignoreDeprecations: '6.0',
          jsx: 'react-jsx',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: [],
          skipLibCheck: true,
          exactOptionalPropertyTypes: true,
        },
        files: ['embed.tsx', 'css.d.ts'],
      }),
    )
    const tsc = spawnSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc6'), '-p', join(packed.consumer, 'tsconfig.node10.json')],
      { encoding: 'utf8' },
    )
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  })
})
