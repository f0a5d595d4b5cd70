import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { cssLayer } from './build/css-layer.ts'
import { keepPackageUrls } from './build/keep-package-urls.ts'
import { pureTopLevel } from './build/pure-top-level.ts'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The published package is always a production build: a NODE_ENV inherited from a test runner
// (vitest sets "test") would otherwise make Vite emit React's development JSX runtime.
process.env.NODE_ENV = 'production'

// Two entries, one stylesheet each: index.ts (the components) → index.js + style.css, and fonts.ts
// (Inter, optional for consumers) → fonts.css. fonts.ts holds no JavaScript, so its empty chunk is
// not shipped. The font's licence (SIL OFL 1.1) must travel with it: fonts.css names it in a banner
// and the package carries its text as dist/OFL-Inter.txt.
function stylesheetEntries(): Plugin {
  return {
    name: 'cumulus-stylesheet-entries',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk' && output.isEntry && output.name === 'fonts') {
          if (output.code.trim() !== '') this.error(`lib/fonts.ts must stay CSS only, but ${file} has code`)
          delete bundle[file]
        }
        // A module with styles shared by two entries would get a chunk stylesheet of its own, which
        // consumers never import: the viewers share only JavaScript with the main entry.
        if (output.type === 'asset' && file.endsWith('.css') && !/^(style|viewers|fonts)\.css$/.test(file))
          this.error(`${file}: styles shared between entries; keep lib/viewers.ts's CSS in its own modules`)
        if (output.type === 'asset' && file === 'fonts.css') {
          const banner =
            '/* Inter, Copyright 2016 The Inter Project Authors (https://github.com/rsms/inter). SIL Open Font License 1.1: OFL-Inter.txt */\n'
          output.source = banner + String(output.source)
        }
      }
      const require = createRequire(import.meta.url)
      this.emitFile({
        type: 'asset',
        fileName: 'OFL-Inter.txt',
        source: readFileSync(require.resolve('@fontsource/inter/LICENSE'), 'utf8'),
      })
    },
  }
}

// Library build of @cumulus/ui: one ES module, style.css and fonts.css; types come from tsc
// (tsconfig.build.json).
export default defineConfig({
  root: here('.'),
  // pureTopLevel: unused components must cost a consumer nothing (see build/pure-top-level.ts).
  // cssLayer: the kit's CSS sits in `@layer cumulus`, so a consumer's unlayered overrides win.
  plugins: [
    react(),
    vanillaExtractPlugin(),
    cssLayer(here('.')),
    pureTopLevel(here('.')),
    keepPackageUrls(here('.')),
    stylesheetEntries(),
  ],
  // Without this the repo's public/ (msw's worker) would be copied into the package.
  publicDir: false,
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Keep identifiers readable for consumers' stack traces; their bundler minifies.
    minify: false,
    sourcemap: true,
    lib: {
      entry: { index: here('./index.ts'), viewers: here('./viewers.ts'), fonts: here('./fonts.ts') },
      formats: ['es'],
    },
    // A stylesheet per entry (one style.css for everything otherwise).
    cssCodeSplit: true,
    rolldownOptions: {
      // Vite turns top-level const into var (a runtime nicety for apps); a library keeps const, so a
      // consumer's bundler knows those bindings never change and can drop unused ones (esbuild
      // keeps `var t = "…"; var table = { a: `…${t}` }` but drops the same with const).
      output: {
        topLevelVar: false,
        // Every component holds state or effects: to React Server Components (Next.js's App
        // Router) the whole kit is client code, imported from a server component as it is.
        banner: (chunk) => (chunk.name === 'fonts' ? '' : '"use client";'),
        // index.ts's stylesheet keeps its published name.
        assetFileNames: (asset) => (asset.names.includes('index.css') ? 'style.css' : '[name][extname]'),
      },
      // Everything the package lists as a (peer) dependency stays an import, so consumers dedupe it.
      external: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        /^@ariakit\//,
        /^@vanilla-extract\/(recipes|sprinkles)($|\/)/,
        /^react-virtuoso($|\/)/,
        /^date-fns($|\/)/,
        // The viewers entry takes the kit's parts from the main entry (the package itself).
        /^@cumulus\/ui$/,
        // The viewers' engines (@cumulus/ui/viewers only).
        /^pdfjs-dist($|\/)/,
        /^highlight\.js($|\/)/,
        /^react-markdown($|\/)/,
        /^remark-gfm($|\/)/,
        /^papaparse($|\/)/,
      ],
    },
  },
})
