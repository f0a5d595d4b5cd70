import { defineMain } from '@storybook/react-vite/node'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import type { PluginOption } from 'vite'
import { storyGlobs, withAppScreens } from './stories.ts'

const pluginNames = (plugins: PluginOption[] | undefined): string[] =>
  (plugins ?? []).flat(Infinity as 1).flatMap((p) => (p && typeof p === 'object' && 'name' in p ? [p.name] : []))

export default defineMain({
  framework: '@storybook/react-vite',
  // The kit's guides and library stories (with autodocs pages); the app's screens only when asked
  // for (stories.ts says where).
  stories: storyGlobs(withAppScreens()),
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', 'msw-storybook-addon'],
  // msw's worker (public/mockServiceWorker.js) is served from here.
  // msw's worker is for Storybook only: it lives here so the app build never ships it.
  staticDirs: ['./public'],
  typescript: { reactDocgen: 'react-docgen-typescript' },
  core: { disableTelemetry: true },
  // Storybook merges the root vite.config.ts when there is one (the app's); add React and
  // vanilla-extract only if it did not bring them, so they never run twice.
  async viteFinal(config) {
    const present = pluginNames(config.plugins)
    const plugins: PluginOption[] = []
    if (!present.includes('vite:react-refresh')) plugins.push(react())
    if (!present.includes('vite-plugin-vanilla-extract')) plugins.push(vanillaExtractPlugin())
    return {
      ...config,
      plugins: [...(config.plugins ?? []), ...plugins],
      // Found late by the dev server otherwise (a full reload mid-session).
      optimizeDeps: {
        ...config.optimizeDeps,
        include: [
          ...(config.optimizeDeps?.include ?? []),
          '@vanilla-extract/recipes/createRuntimeFn',
          '@vanilla-extract/sprinkles/createRuntimeSprinkles',
        ],
      },
    }
  },
})
