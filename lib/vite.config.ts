import { fileURLToPath } from 'node:url'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The published package is always a production build: a NODE_ENV inherited from a test runner
// (vitest sets "test") would otherwise make Vite emit React's development JSX runtime.
process.env.NODE_ENV = 'production'

// Library build of @cumulus/ui: one ES module + one style.css; types come from tsc (tsconfig.build.json).
export default defineConfig({
  root: here('.'),
  plugins: [react(), vanillaExtractPlugin()],
  // Without this the repo's public/ (msw's worker) would be copied into the package.
  publicDir: false,
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // Keep identifiers readable for consumers' stack traces; their bundler minifies.
    minify: false,
    sourcemap: true,
    lib: { entry: here('./index.ts'), formats: ['es'], fileName: 'index', cssFileName: 'style' },
    rolldownOptions: {
      // Everything the package lists as a (peer) dependency stays an import, so consumers dedupe it.
      external: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        /^@ariakit\//,
        /^@vanilla-extract\/(recipes|sprinkles)($|\/)/,
        /^react-virtuoso($|\/)/,
        /^date-fns($|\/)/,
      ],
    },
  },
})
