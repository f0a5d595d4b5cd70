// Storybook test runner (Jest + Playwright), ejected to point Playwright at Debian's Chromium:
// no `playwright install` download is needed (or possible) on our machines and CI.
import { getJestConfig } from '@storybook/test-runner'

const testRunnerConfig = getJestConfig()

/** @type {import('@jest/types').Config.InitialOptions} */
export default {
  ...testRunnerConfig,
  // Less work per story file: one page per worker while files leave it clean, and the runner's
  // module loaded once per worker, not once per file; app screens' files last (see these four
  // files in .storybook/).
  testEnvironment: '<rootDir>/.storybook/test-runner-environment.js',
  setupFilesAfterEnv: testRunnerConfig.setupFilesAfterEnv.map((file) =>
    file.endsWith('/playwright/jest-setup.js') ? '<rootDir>/.storybook/test-runner-setup.js' : file,
  ),
  moduleNameMapper: { '^@storybook/test-runner$': '<rootDir>/.storybook/test-runner-module.js' },
  testSequencer: '<rootDir>/.storybook/test-runner-sequencer.js',
  testEnvironmentOptions: {
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
      // A fixed viewport and scale keep screenshots identical from run to run.
      // ...and a fixed time zone: the app's fixtures are server timestamps (UTC instants).
      contextOptions: { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, timezoneId: 'UTC' },
    },
  },
}
