// `npm run test:visual:app [-- <playwright args>]`: builds the app into dist/visual-app (its own
// folder, so a build or run elsewhere in the tree is left alone), runs the app visual suite
// (e2e/visual/playwright.config.ts: the real server on ports 4360/4361, Debian's Chromium) against
// the baselines in e2e/visual/__screenshots__/, and prints the plain closing line CI reads:
// "N passed, N failed". Before it, the review page reports/visual/app/index.html (expected / actual /
// diff of every screen shot: scripts/visual-report.mjs). `npm run visual:accept -- app` accepts that
// run's changes; `npm run test:visual:app:update` (`--update-snapshots`) shoots and accepts anew.
// `--no-build` reuses the last build. Other arguments go to `playwright test`.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { playwrightFailures, printFailures } from './failed-tests.mjs'
import { actualDir, describeReport, visualSides, writeVisualReport } from './visual-report.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const report = 'reports/visual-app.json'
const appDir = process.env.VISUAL_APP_DIR ?? 'dist/visual-app'
const args = process.argv.slice(2)
const build = !args.includes('--no-build')
const passThrough = args.filter((a) => a !== '--no-build')
const bin = (pkg, path) => fileURLToPath(new URL(`../node_modules/${pkg}/${path}`, import.meta.url))

function finish(passed, failed) {
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 ? 0 : 1)
}

const started = Date.now()
if (build) {
  const vite = spawnSync(
    process.execPath,
    [
      bin('vite', 'bin/vite.js'),
      'build',
      '--outDir',
      appDir,
      '--emptyOutDir',
      '--sourcemap',
      'false',
      '--logLevel',
      'warn',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (vite.status !== 0) {
    console.error('test:visual:app: the app build failed')
    finish(0, 1)
  }
}

rmSync(`${root}/${report}`, { force: true })
// This run's shots only (e2e/visual/support/actuals.ts writes them).
const side = visualSides.app
rmSync(actualDir(side.report), { recursive: true, force: true })
const run = spawnSync(
  process.execPath,
  [bin('@playwright/test', 'cli.js'), 'test', '-c', 'e2e/visual/playwright.config.ts', ...passThrough],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VISUAL_APP_DIR: appDir },
  },
)

// Anything but a clean, complete report counts as a failure.
let passed = 0
let failed = 0
if (existsSync(`${root}/${report}`)) {
  const json = JSON.parse(readFileSync(`${root}/${report}`, 'utf8'))
  const { stats } = json
  printFailures(playwrightFailures(json))
  passed = stats.expected + (stats.flaky ?? 0)
  failed = stats.unexpected
}
if (run.status !== 0 && failed === 0) failed = 1
try {
  console.log(
    describeReport(
      'test:visual:app',
      writeVisualReport({ baselines: side.baselines, reportDir: side.report, onlyShot: passThrough.length > 0 }),
    ),
  )
} catch (error) {
  console.error(`test:visual:app: no visual report: ${error.message}`)
  failed += 1
}
console.log(`test:visual:app: ${((Date.now() - started) / 1000).toFixed(0)} s`)
finish(passed, failed)
