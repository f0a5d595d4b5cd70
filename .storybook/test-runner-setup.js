// Jest setup file of every story file (setupFilesAfterEnv in test-runner-jest.config.js), in place
// of @storybook/test-runner/playwright/jest-setup.js and doing the same: the hooks of
// .storybook/test-runner.ts, and the runner's page setup for its retry after a navigation.
// Why: Jest evaluates setup files in each test file's own module registry, and the runner's
// imports @storybook/test-runner there, with storybook/internal/common, preview-api and Babel:
// ~1 s of CPU per story file, 67 times. '@storybook/test-runner' is mapped to the test
// environment's copy instead (test-runner-module.js), loaded once per worker.
/* global process */
import { setupPage } from '@storybook/test-runner'
import config from './test-runner.ts'

config.setup?.()
globalThis.__sbPreVisit = config.preVisit ?? config.preRender
globalThis.__sbPostVisit = config.postVisit ?? config.postRender
globalThis.__sbSetupPage = setupPage
globalThis.__sbCollectCoverage = process.env.STORYBOOK_COLLECT_COVERAGE === 'true'
