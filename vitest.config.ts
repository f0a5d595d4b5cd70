import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { cumulusUiAlias, cumulusUiViewersAlias } from './vite.config.ts'

// One run, four suites: the component library and the app in a DOM, the repository's tools, the
// server over real HTTP.
// Two workers, not Vitest's default of cores − 1 (one, on our 2-core machines): a server test
// spends much of its time waiting on sockets and fsync, and a DOM test file's set-up (jsdom,
// imports) can run while another waits, so two files at a time use both cores. The DOM suites'
// timeout is a hang guard, raised for a machine shared by two workers.
// Node 25+ defines a global localStorage of its own, inert without --localstorage-file, and
// Vitest's jsdom environment keeps a global that exists: jsdom's Storage never landed and every
// test that stores something failed on Node 26. Off in the DOM suites' workers (Node 24 and older
// reject the flag).
const domExecArgv = Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-webstorage'] : []

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: [cumulusUiAlias, cumulusUiViewersAlias] },
  test: {
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'lib',
          include: ['tests/lib/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          execArgv: domExecArgv,
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          execArgv: domExecArgv,
          testTimeout: 15_000,
        },
      },
      {
        // The repository's own tools (scripts/): the visual review page, the docs checks. The
        // timeout is a hang guard: a report runs reg-cli, a few child processes.
        test: { name: 'tools', include: ['tests/tools/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's module cache: each starts its own servers and data, and no
          // server test mocks a module. Importing the server once per worker instead of once per
          // file cut the import time from 268 s to 157 s and `npm test` from 10m43s to 9m07s.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
