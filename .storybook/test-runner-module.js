// '@storybook/test-runner' inside Jest's test files (moduleNameMapper in test-runner-jest.config.js):
// the module the test environment (test-runner-environment.js) loaded once for its worker, rather
// than a new evaluation of it and of Storybook's node internals in every story file (~1 s each).
export const { getStoryContext, setupPage, waitForPageReady } = globalThis.__storybookTestRunner
