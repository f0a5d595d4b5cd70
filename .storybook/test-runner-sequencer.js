// Jest test sequencer of the Storybook test runner (test-runner-jest.config.js): Jest's own order
// (failed first, then slowest first), but the app screens' story files (stories/app) after all
// the others. Why: an app screen leaves goober's global styles in its page, so the test
// environment (test-runner-environment.js) never hands that page on; a library file after it
// would have to load a fresh page. With the app screens last, each worker goes through the
// library's files in one page. The order changes no result, only how many pages are loaded.
import Sequencer from '@jest/test-sequencer'

const appScreen = (test) => /[\\/]stories[\\/]app[\\/]/.test(test.path)

export default class StorybookSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    return [...sorted.filter((test) => !appScreen(test)), ...sorted.filter(appScreen)]
  }
}
