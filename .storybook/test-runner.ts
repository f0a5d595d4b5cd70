import { getStoryContext, type TestRunnerConfig, waitForPageReady } from '@storybook/test-runner'
import { toMatchImageSnapshot } from 'jest-image-snapshot'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// Visual baselines: every story whose name starts with "States" (light, and "States Dark") is
// shot after its play function and a11y check have passed. Anything else only runs its play
// function and the a11y check (addon-a11y with test: 'error', reported by the runner).

const snapshotsDir = join(process.cwd(), '__image_snapshots__')
// Every shot is also kept here, passed or not, for the run's review page (scripts/visual-report.mjs).
const actualDir = join(process.cwd(), 'reports/visual/storybook/actual')

// The page size of test-runner-jest.config.js; a story may ask for another (a phone) through
// parameters.visual.viewport, set before it renders so the app's media queries see it.
const defaultViewport = { width: 1024, height: 768 }

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot })
  },
  async preVisit(page, context) {
    const { parameters } = await getStoryContext(page, context)
    const size = parameters.visual?.viewport ?? defaultViewport
    const now = page.viewportSize()
    if (now?.width !== size.width || now?.height !== size.height) await page.setViewportSize(size)
  },
  async postVisit(page, context) {
    if (!context.name.startsWith('States')) return
    const { parameters } = await getStoryContext(page, context)
    await waitForPageReady(page)
    // Inter is embedded in the library CSS; make sure both weights are decoded before the shot.
    await page.evaluate(async () => {
      await Promise.all([document.fonts.load('400 14px Inter'), document.fonts.load('600 14px Inter')])
      await document.fonts.ready
    })
    // parameters.visual.mask: Playwright selectors of what differs by machine (e.g. a URL with the
    // server's port), painted over in the shot.
    const mask = ((parameters.visual?.mask ?? []) as string[]).map((selector) => page.locator(selector))
    const options = { animations: 'disabled', caret: 'hide', scale: 'css', mask } as const
    const shoot = () =>
      parameters.visual?.target === 'viewport'
        ? page.screenshot(options)
        : page.locator('#storybook-root').screenshot(options)
    // A shot is taken once two in a row agree (as Playwright's toHaveScreenshot does): under load a
    // gallery may still be re-packing or decoding a thumbnail when the play function has ended.
    let image = await shoot()
    for (let tries = 0; tries < 4; tries++) {
      const next = await shoot()
      if (next.equals(image)) break
      image = next
    }
    mkdirSync(actualDir, { recursive: true })
    writeFileSync(join(actualDir, `${context.id}.png`), image)
    expect(image).toMatchImageSnapshot({
      customSnapshotsDir: snapshotsDir,
      customSnapshotIdentifier: context.id,
      // parameters.visual.maxDiffPixels: pixels a story may differ by between runs (default none),
      // for antialiasing that varies with how a layer was repainted; say why beside it.
      failureThreshold: parameters.visual?.maxDiffPixels ?? 0,
      failureThresholdType: 'pixel',
      customDiffConfig: { threshold: 0.1 },
    })
  },
}

export default config
