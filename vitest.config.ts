import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { cumulusUiAlias } from './vite.config.ts'

// One run, three suites: the component library and the app in a DOM, the server over real HTTP.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: [cumulusUiAlias] },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'lib', include: ['tests/lib/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup-dom.ts'] },
      },
      {
        extends: true,
        test: { name: 'app', include: ['tests/app/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/setup-dom.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
