import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { cssLayer } from './lib/build/css-layer.ts'

const API_PORT = Number(process.env.API_PORT ?? 3001)
const api = { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false }

// The app reaches @cumulus/ui only through its public entry (tests/app rejects deep imports).
const cumulusUiEntry = fileURLToPath(new URL('./lib/index.ts', import.meta.url))

/** The viewers' entry (`@cumulus/ui/viewers`), loaded by the app only when a file is opened. */
const cumulusUiViewers = fileURLToPath(new URL('./lib/viewers.ts', import.meta.url))

/** For configs without the plugin below (vitest): exactly '@cumulus/ui' → lib/index.ts, and the viewers. */
export const cumulusUiAlias = { find: /^@cumulus\/ui$/, replacement: cumulusUiEntry }
export const cumulusUiViewersAlias = { find: /^@cumulus\/ui\/viewers$/, replacement: cumulusUiViewers }

// '@cumulus/ui/fonts.css' (the package's optional Inter font faces, lib/fonts.ts in the build) →
// the stylesheet's source, so the app imports the font as an outside consumer would.
const cumulusUiFonts = fileURLToPath(new URL('./lib/theme/fonts.css.ts', import.meta.url))

// '@cumulus/ui' → lib/index.ts. In builds it goes through a small wrapper module: lib/package.json
// declares only stylesheets as side effects, so Rolldown treats lib/index.ts as a pure barrel and
// skips its side-effect imports of the theme (fonts, light, dark), leaving the built app without
// any --cumulus-* variable. The wrapper repeats exactly those imports (read from lib/index.ts) and
// re-exports the entry, so components still tree-shake. Dev and tests need nothing of the sort.
const CUMULUS_UI_WRAPPER = '\0cumulus-ui'
function cumulusUi(): Plugin {
  let build = false
  return {
    name: 'cumulus-ui',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build'
    },
    resolveId(source) {
      if (source === '@cumulus/ui') return build ? CUMULUS_UI_WRAPPER : cumulusUiEntry
      if (source === '@cumulus/ui/fonts.css') return cumulusUiFonts
      if (source === '@cumulus/ui/viewers') return cumulusUiViewers
    },
    load(id) {
      if (id !== CUMULUS_UI_WRAPPER) return
      const sideEffects = [...readFileSync(cumulusUiEntry, 'utf8').matchAll(/^import\s+'(\.[^']+)'/gm)].map(
        ([, path]) => `import ${JSON.stringify(resolve(dirname(cumulusUiEntry), path!))}`,
      )
      return `${sideEffects.join('\n')}\nexport * from ${JSON.stringify(cumulusUiEntry)}\n`
    },
  }
}

// The SPA. In `npm run dev` Vite serves it on :3000 and forwards the API to the server on :3001;
// in production the server serves dist/app itself (same origin either way).
export default defineConfig({
  // cssLayer: the lib's CSS in `@layer cumulus`, as the published package ships it.
  plugins: [react(), vanillaExtractPlugin(), cssLayer(fileURLToPath(new URL('./lib', import.meta.url))), cumulusUi()],
  publicDir: 'public',
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  optimizeDeps: { include: ['@vanilla-extract/recipes/createRuntimeFn'] },
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/user-service': api,
      '/file-service': api,
      '/folder-service': api,
      '/share-service': api,
      '/admin': api,
      '/healthz': api,
    },
  },
})
