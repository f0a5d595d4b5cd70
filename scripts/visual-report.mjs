// The visual review page: one HTML report per visual run, with the expected, actual and diff images
// of every compared screenshot side by side (reg-cli's report), in reports/visual/<side>/.
// `npm run test:visual` (side "storybook") and `npm run test:visual:app` (side "app") keep an actual
// screenshot of everything they compare in reports/visual/<side>/actual/ and call
// writeVisualReport() at the end; `npm run visual:accept` copies the changed and new actuals of the
// last report over the baselines.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The two visual suites: where their baselines live and where their last run's report goes. */
export const visualSides = {
  storybook: { baselines: join(root, '__image_snapshots__'), report: join(root, 'reports/visual/storybook') },
  app: { baselines: join(root, 'e2e/visual/__screenshots__'), report: join(root, 'reports/visual/app') },
}

/** Where a run keeps the actual screenshot of everything it compares. */
export const actualDir = (reportDir) => join(reportDir, 'actual')

/** Every .png under `dir`, as paths relative to it ('/'-separated), but jest-image-snapshot's own diffs. */
export function listImages(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.png'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => !file.split('/').includes('__diff_output__'))
    .sort()
}

const copyInto = (from, to, files) => {
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true })
    copyFileSync(join(from, file), join(to, file))
  }
}

/**
 * Compares `<reportDir>/actual` with the baselines and writes `<reportDir>/index.html` (expected,
 * actual and diff side by side; a success page when nothing changed) and `report.json`. The
 * baselines are copied into `<reportDir>/expected` first, so the report still shows what was
 * expected after they are accepted, and the folder can be kept as a CI artifact as it is.
 * `onlyShot`: a run of some of the stories or screens; baselines it did not shoot are left out
 * rather than listed as missing. Pixel rules as in the suites: colour threshold 0.1, antialiased
 * pixels ignored, no pixel may differ.
 */
export function writeVisualReport({ baselines, reportDir, onlyShot = false }) {
  const started = performance.now()
  const actual = actualDir(reportDir)
  const expected = join(reportDir, 'expected')
  const diff = join(reportDir, 'diff')
  const html = join(reportDir, 'index.html')
  const json = join(reportDir, 'report.json')
  for (const path of [expected, diff, html, json]) rmSync(path, { recursive: true, force: true })
  mkdirSync(actual, { recursive: true })
  const shot = new Set(listImages(actual))
  copyInto(
    baselines,
    expected,
    listImages(baselines).filter((file) => !onlyShot || shot.has(file)),
  )
  mkdirSync(expected, { recursive: true })

  const cli = fileURLToPath(new URL('../node_modules/reg-cli/dist/cli.js', import.meta.url))
  // Exits 1 when something changed; the report is what counts.
  const run = spawnSync(
    process.execPath,
    [cli, actual, expected, diff, '--report', html, '--json', json, '--matchingThreshold', '0.1', '--enableAntialias'],
    {
      encoding: 'utf8',
    },
  )
  if (!existsSync(json)) throw new Error(`reg-cli wrote no report (exit ${run.status}): ${run.stderr || run.stdout}`)
  // The report links a web font; without it the page makes no request outside this folder.
  writeFileSync(html, readFileSync(html, 'utf8').replace(/<link href="https:\/\/fonts\.googleapis\.com[^>]*>\s*/, ''))

  const report = JSON.parse(readFileSync(json, 'utf8'))
  return {
    html,
    changed: report.failedItems,
    added: report.newItems,
    missing: report.deletedItems,
    passed: report.passedItems,
    seconds: (performance.now() - started) / 1000,
  }
}

/** The line a run prints: where the report is and what it found (not the "N passed" line CI counts). */
export function describeReport(label, summary) {
  const { html, changed, added, missing, passed, seconds } = summary
  const found =
    changed.length + added.length + missing.length === 0
      ? 'no differences'
      : `${changed.length} changed, ${added.length} new, ${missing.length} not shot`
  return `${label}: visual report ${relative(process.cwd(), html) || html} (${passed.length} unchanged; ${found}; ${seconds.toFixed(1)} s)`
}

/**
 * Copies the last report's changed and new actuals over the baselines (unchanged ones are left
 * alone, so a sub-threshold pixel drift never rewrites a baseline). Returns the files copied.
 */
export function acceptVisualChanges({ baselines, reportDir }) {
  const json = join(reportDir, 'report.json')
  if (!existsSync(json)) throw new Error(`no report at ${relative(process.cwd(), json)}: run the visual suite first`)
  const report = JSON.parse(readFileSync(json, 'utf8'))
  const files = [...report.failedItems, ...report.newItems]
  copyInto(actualDir(reportDir), baselines, files)
  return files
}
