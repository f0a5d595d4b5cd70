// Jest test environment of the Storybook test runner (test-runner-jest.config.js). It does what
// the runner's own (@storybook/test-runner/playwright/custom-environment.js) does, plus two
// things per Jest worker, to cut what each story FILE costs before its first test:
//
// 1. The page goes on to the next story file when the file leaves it as it found it.
//    The runner otherwise opens a new browser connection, context and page for every file and
//    loads iframe.html in it: ~1 MB of preview scripts to fetch, parse and run, then the story's
//    chunks and axe-core (660 kB, at the first a11y check) again: ~1.5 s of CPU here, ~3 s in CI,
//    for each of 67 files. Within a file the runner already renders every story in one page (it
//    only switches the story), so the next file simply goes on like more stories of that file.
//    "As it found it", once its last story is unmounted (as the next story would): the same
//    style sheets, no node outside Storybook's own, no inline style on <html> or <body>, no
//    scroll, no storage or cookie. App screens fail that (goober's global styles: box-sizing,
//    body line-height, which moved library shots by a few pixels; stored preferences), and so
//    does a file with a failed test: the page is then closed and the next file starts on a new
//    context and page, as before. test-runner-sequencer.js runs the app screens last.
//    Upstream: storybookjs/test-runner#64.
// 2. Test files get this realm's @storybook/test-runner (test-runner-module.js and
//    test-runner-setup.js), so Jest does not evaluate it again in every file's module registry.
/* global document, localStorage, sessionStorage, scrollX, scrollY -- in pageState, run in the page */
import * as testRunner from '@storybook/test-runner'
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js'

/** This worker's page between two files, with its state when it was new. */
let kept = null

/** What a story file could leave in the document that would show in the next file's stories. */
const pageState = (page) =>
  page.evaluate(() => {
    const { documentElement: html, body } = document
    return JSON.stringify({
      // Less Storybook's own, added at the first story: its highlight menu, and the animation
      // pause it adds for test runners (seen by the user agent).
      sheets: [...document.querySelectorAll('style, link[rel~="stylesheet"]')]
        .map((s) => s.href || s.textContent)
        .filter(
          (css) => !css.includes('#storybook-highlights-') && !/^\s*\*, \*:before, \*:after \{\s*animation/.test(css),
        ),
      adopted: document.adoptedStyleSheets.length,
      fonts: document.fonts.size,
      // Storybook's own containers, and the addon-a11y filter on <body>, are there for every story.
      nodes: [...body.children].filter(
        (e) => !e.id.startsWith('storybook-') && !e.classList.contains('sb-wrapper') && e.tagName !== 'SCRIPT',
      ).length,
      style: [html.getAttribute('style'), body.getAttribute('style')?.replace('filter: none;', '').trim() || null],
      scroll: [scrollX, scrollY],
      storage: [localStorage.length, sessionStorage.length, document.cookie],
    })
  })

/** Unmounts the story on screen the way Storybook does before it renders the next one. */
const unmountStory = (page) =>
  page.evaluate(async () => {
    const preview = globalThis.__STORYBOOK_PREVIEW__
    await preview.teardownRender(preview.currentRender)
  })

export default class StorybookEnvironment extends PlaywrightEnvironment {
  failed = false

  async setup() {
    const options = this._config.testEnvironmentOptions?.['jest-playwright'] ?? {}
    // Not with --testNamePattern (the runner starts the browser itself: skipInitialization) nor
    // with --coverage (the base class collects it when it closes the page).
    this.keep = !options.skipInitialization && !options.collectCoverage
    if (this.keep && kept?.browser.isConnected() && !kept.page.isClosed()) {
      // The base class still sets up its helpers (jestPlaywright.resetPage, …), but no browser.
      this._config = {
        ...this._config,
        testEnvironmentOptions: {
          ...this._config.testEnvironmentOptions,
          'jest-playwright': { ...options, skipInitialization: true },
        },
      }
      await super.setup()
      Object.assign(this.global, { browser: kept.browser, context: kept.context, page: kept.page })
      this.fresh = kept.fresh
    } else {
      await kept?.browser.close().catch(() => {})
      await super.setup()
      await testRunner.setupPage(this.global.page, this.global.context)
      // Network idle (500 ms without a request) before the first story: the shots' waitForPageReady
      // waits for this page's 'networkidle', which never comes once a story holds a request open
      // (delay('infinite'), tus.hold(): verify-email, upload-panel, …), so every later shot in the
      // page timed out. The runner's own setup file, ~1 s of loading per file, left that gap by chance.
      await this.global.page.waitForLoadState('networkidle')
      this.fresh = this.keep ? await pageState(this.global.page) : null
    }
    kept = null
    this.global.__storybookTestRunner = testRunner
  }

  async handleTestEvent(event) {
    await super.handleTestEvent(event)
    if ((event.name === 'test_done' && event.test.errors.length > 0) || event.name === 'hook_failure')
      this.failed = true
  }

  async teardown() {
    const { browser, context, page } = this.global
    if (this.keep && !this.failed && browser?.isConnected() && !page.isClosed()) {
      const state = await unmountStory(page)
        .then(() => pageState(page))
        .catch(() => null)
      if (state === this.fresh) {
        kept = { browser, context, page, fresh: this.fresh }
        // Or the base class closes the connection, and with it the context and page.
        this.global.browser = null
      }
    }
    await super.teardown()
  }
}
