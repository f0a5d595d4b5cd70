// @vitest-environment node
// What @cumulus/ui costs a consumer who uses one component: the packed package (the same build as
// pack.test.ts, see helpers/packed-package.ts) bundled into a one-line entry,
// `import { ExtensionBadge } from '@cumulus/ui'`, by Vite (Rolldown) and by esbuild, minified,
// react and react-dom left out (the consumer has them anyway). Everything else the component
// reaches (its recipe runtime, the theme contract, Ariakit if it used it) counts. Vite splits out
// what the kit imports on demand (the collection's menu popup): its sizes are what a page loads
// up front, the rest printed apart. esbuild, without code splitting, inlines it: its sizes are
// everything an import can ever load.
//
// Measured when this test was written (lib/ at 0.2.0, gzip -9 of the minified bundle):
//   ExtensionBadge alone   Vite 2.56 kB, esbuild 2.42 kB. Before 0.2.0: Vite 13.5 kB, esbuild 12.9 kB,
//                          because every recipe, the sprinkles runtime and its config and the icon
//                          glyph table stayed (top-level calls a bundler must assume impure).
//   the whole package      ≈ 115-125 kB with its dependencies (Ariakit, virtuoso, date-fns).
// The badge needs its own code, `createRuntimeFn` of @vanilla-extract/recipes (≈ 0.8 kB) and the
// `vars` contract (its colours are `var(--cumulus-color-badge-*)`, ≈ 0.9 kB). The limit, 4 kB,
// leaves room for the badge to grow, not for another component's recipes, the sprinkles runtime or
// any Ariakit code to come along unnoticed (Button alone, which is Ariakit's, is ≈ 7.7 kB).
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packConsumer, type PackedConsumer } from './helpers/packed-package.ts'

const LIMIT_GZIP = 4_000

// Runs in the consumer with plain Node: bundles `entry` with both bundlers, prints sizes as JSON.
const bundleScript = `
  import { writeFileSync } from 'node:fs'
  import { gzipSync } from 'node:zlib'
  import { build as vite } from 'vite'
  import { build as esbuild } from 'esbuild'

  const entries = {
    extensionBadge: "import { ExtensionBadge } from '@cumulus/ui'\\nexport { ExtensionBadge }\\n",
    fileGrid: "export { FileGrid } from '@cumulus/ui'\\n",
    searchBar: "export { SearchBar } from '@cumulus/ui'\\n",
    everything: "export * from '@cumulus/ui'\\n",
  }
  const external = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']
  const define = { 'process.env.NODE_ENV': '"production"' }
  const size = (code) => ({ raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, code })

  const result = {}
  for (const [name, code] of Object.entries(entries)) {
    writeFileSync(name + '.js', code)
    const viteOut = await vite({
      configFile: false,
      logLevel: 'silent',
      root: process.cwd(),
      define,
      build: {
        write: false,
        minify: true,
        lib: { entry: name + '.js', formats: ['es'], fileName: name },
        rolldownOptions: { external },
      },
    })
    // What a page pays up front: the entry chunk and the chunks it imports statically. A chunk
    // imported on demand (the collection's menu popup) is counted apart, as \`lazy\`.
    const chunks = new Map((Array.isArray(viteOut) ? viteOut : [viteOut]).flatMap((o) => o.output).filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]))
    const upFront = new Set()
    const visit = (file) => {
      if (upFront.has(file)) return
      upFront.add(file)
      for (const next of chunks.get(file).imports) if (chunks.has(next)) visit(next)
    }
    for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName)
    const codeOf = (files) => files.map((file) => chunks.get(file).code).join('\\n')
    const lazyFiles = [...chunks.keys()].filter((file) => !upFront.has(file))
    // esbuild without code splitting (its default) inlines what is imported on demand.
    const esbuildOut = await esbuild({ entryPoints: [name + '.js'], bundle: true, minify: true, format: 'esm', write: false, external, define, logLevel: 'silent', metafile: true })
    // What the import pulls in: minified bytes per package (the kit's own under @cumulus/ui).
    const pulled = {}
    for (const [path, { bytesInOutput }] of Object.entries(Object.values(esbuildOut.metafile.outputs)[0].inputs)) {
      const pkg = path.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1] ?? 'entry'
      pulled[pkg] = (pulled[pkg] ?? 0) + bytesInOutput
    }
    result[name] = {
      vite: { ...size(codeOf([...upFront])), lazy: lazyFiles.length ? size(codeOf(lazyFiles)).gzip : 0 },
      esbuild: { ...size(esbuildOut.outputFiles[0].text), pulled, lazy: 0 },
    }
  }
  console.log(JSON.stringify(result))
`

interface Size {
  raw: number
  gzip: number
  code: string
  /** esbuild: minified bytes per package the import pulled in up front. */
  pulled?: Record<string, number>
  /** gzip bytes of the chunks loaded on demand (0 when none). */
  lazy: number
}
type Sizes = Record<'extensionBadge' | 'fileGrid' | 'searchBar' | 'everything', Record<'vite' | 'esbuild', Size>>

let packed: PackedConsumer
let sizes: Sizes

beforeAll(() => {
  packed = packConsumer(['vite', 'esbuild'], { 'bundle.mjs': bundleScript })
  sizes = packed.run('bundle.mjs') as Sizes
  const kB = (n: number) => `${(n / 1000).toFixed(2)} kB`
  for (const [entry, byBundler] of Object.entries(sizes)) {
    for (const [bundler, { raw, gzip, pulled, lazy }] of Object.entries(byBundler)) {
      console.log(
        `@cumulus/ui consumer, ${entry.padEnd(14)} ${bundler.padEnd(7)} ${kB(gzip).padStart(9)} gzip (${kB(raw)} raw)` +
          (lazy ? `, + ${kB(lazy)} gzip on demand` : ''),
      )
      if (pulled && entry !== 'everything')
        console.log(
          `  pulls in (minified): ${Object.entries(pulled)
            .sort((a, b) => b[1] - a[1])
            .map(([pkg, bytes]) => `${pkg} ${kB(bytes)}`)
            .join(', ')}`,
        )
    }
  }
}, 180_000)

afterAll(() => {
  if (packed) rmSync(packed.work, { recursive: true, force: true })
})

describe('@cumulus/ui bundle size for a consumer', () => {
  it.each(['vite', 'esbuild'] as const)(
    `importing only ExtensionBadge stays under ${LIMIT_GZIP / 1000} kB gzip (%s)`,
    (bundler) => {
      expect(sizes.extensionBadge[bundler].gzip).toBeLessThan(LIMIT_GZIP)
    },
  )

  it.each(['vite', 'esbuild'] as const)(
    'leaves out what ExtensionBadge does not use: other recipes, sprinkles, glyphs, Ariakit (%s)',
    (bundler) => {
      const { code } = sizes.extensionBadge[bundler]
      // Present: the badge's colour comes from the contract.
      expect(code).toContain('var(--cumulus-color-badge-a)')
      // Absent: the icon glyph table (arrow-left's path), the sprinkles runtime's config
      // (its condition names), Ariakit's focusable and virtuoso's list.
      expect(code).not.toContain('M19 12H5M11 6l-6 6 6 6')
      expect(code).not.toContain('defaultCondition')
      expect(code).not.toContain('data-focus-visible')
      expect(code).not.toContain('virtuoso')
    },
  )

  // FileGrid: Vite 61.2 kB, esbuild 56.9 kB (it was 82.2 / 76.5 kB with react-virtuoso, 20.7 kB
  // gzip of it; the grid now windows its rows itself). Of esbuild's 160 kB minified: Ariakit with
  // floating-ui ≈ 113 kB, most of it the context menu's menu and popover (≈ 41 kB gzip alone), the
  // kit's own 42 kB. The goal, ≤ 40 kB, needs that menu loaded on demand.
  it('importing only FileGrid costs no more than today, and brings no virtualiser', () => {
    for (const bundler of ['vite', 'esbuild'] as const) expect(sizes.fileGrid[bundler].gzip).toBeLessThan(64_000)
    expect(sizes.fileGrid.esbuild.pulled?.['react-virtuoso'] ?? 0).toBe(0)
    expect(sizes.fileGrid.vite.code).not.toContain('virtuoso')
  })

  // SearchBar: Vite 12.4 kB, esbuild 11.5 kB. It was 53.8 / 50.5 kB on Ariakit's combobox and
  // popover (≈ 44 kB gzip of Ariakit with floating-ui); its combobox is now the kit's own, and of
  // Ariakit only the clear button's Button comes along.
  it.each(['vite', 'esbuild'] as const)(
    'importing only SearchBar stays under 20 kB gzip, no popover code (%s)',
    (bundler) => {
      expect(sizes.searchBar[bundler].gzip).toBeLessThan(20_000)
      const pulled = sizes.searchBar.esbuild.pulled ?? {}
      expect(pulled['react-virtuoso'] ?? 0).toBe(0)
      expect(pulled['@floating-ui/dom'] ?? 0).toBe(0)
    },
  )

  it.each(['vite', 'esbuild'] as const)('one component costs a small fraction of the whole package (%s)', (bundler) => {
    expect(sizes.extensionBadge[bundler].gzip * 10).toBeLessThan(sizes.everything[bundler].gzip)
  })
})
