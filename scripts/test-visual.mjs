// `npm run test:visual [-- -u|--update]`: builds the static Storybook, serves it, runs every story
// in Chromium with @storybook/test-runner (play functions, the axe check, and screenshots of the
// "States" stories against __image_snapshots__/), checks the kit's docs in that build (autodocs
// pages and guides: scripts/storybook-docs-check.mjs), writes the review page
// reports/visual/storybook/index.html (expected / actual / diff of every shot), then prints the
// plain closing line CI reads: "N passed, N failed". `-u` writes new baselines; so does
// `npm run visual:accept -- storybook` after a run, from the report. Extra arguments go to test-storybook.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { jestFailures, printFailures } from './failed-tests.mjs'
import { checkStorybookDocs } from './storybook-docs-check.mjs'
import { actualDir, describeReport, visualSides, writeVisualReport } from './visual-report.mjs'

const HOST = '127.0.0.1'
// Overridable so two checkouts (or two engineers) can run it side by side.
const PORT = Number(process.env.STORYBOOK_PORT ?? 6006)
const OUT = process.env.STORYBOOK_OUT ?? 'dist/storybook'
const URL_ = `http://${HOST}:${PORT}`
const args = process.argv.slice(2)
const update = args.some((a) => a === '-u' || a === '--update' || a === '--updateSnapshot')
const passThrough = args.filter((a) => !['-u', '--update', '--updateSnapshot'].includes(a))

const bin = (pkg, path) => fileURLToPath(new URL(`../node_modules/${pkg}/${path}`, import.meta.url))
const root = fileURLToPath(new URL('..', import.meta.url))
const side = visualSides.storybook
// This run's shots only (.storybook/test-runner.ts writes them).
rmSync(actualDir(side.report), { recursive: true, force: true })

function finish(passed, failed, code) {
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(code)
}

// 1. Static build: `npm run build:storybook`'s command, with the app's screens (STORYBOOK_APP=1),
// which the published docs leave out (.storybook/stories.ts).
const build = spawnSync(process.execPath, [bin('storybook', 'dist/bin/dispatcher.js'), 'build', '-o', OUT, '--quiet'], {
  stdio: 'inherit',
  env: { ...process.env, STORYBOOK_APP: '1' },
})
if (build.status !== 0) {
  console.error('test:visual: storybook build failed')
  finish(0, 1, 1)
}

// 2. Serve it. Spawned as node itself, so the pid we stop is the server's.
const server = spawn(
  process.execPath,
  [bin('vite', 'bin/vite.js'), 'preview', '--outDir', OUT, '--host', HOST, '--port', String(PORT), '--strictPort'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
)
let serverExited = false
server.on('exit', () => {
  serverExited = true
})
const stopServer = () => {
  if (!serverExited) server.kill('SIGTERM')
}
process.on('exit', stopServer)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopServer()
    process.exit(130)
  })
}

async function waitForServer(timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (serverExited) return false
    try {
      const res = await fetch(`${URL_}/index.json`)
      if (res.ok) return true
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

if (!(await waitForServer(30_000))) {
  console.error(`test:visual: the preview server did not answer on ${URL_} (is the port taken?)`)
  stopServer()
  finish(0, 1, 1)
}

// 3. The test runner; with --json the report goes to stdout and everything else to stderr.
mkdirSync('reports', { recursive: true })
const reportPath = `reports/test-storybook-${process.pid}.json`
const reportFd = openSync(reportPath, 'w')
// Two browser workers (Jest's default is cores − 1: one on our 2-core machines): a story spends
// much of its time waiting for fonts, images and the screenshot, so two share the cores well.
const workers = passThrough.some((a) => a.startsWith('--maxWorkers'))
  ? []
  : [`--maxWorkers=${process.env.STORYBOOK_WORKERS ?? 2}`]
const runnerArgs = ['--url', URL_, '--json', ...workers, ...(update ? ['-u'] : []), ...passThrough]
const runner = await new Promise((resolve) => {
  // The runner reads main.ts's story globs too: the app's screens are tested as they are built.
  const child = spawn(process.execPath, [bin('@storybook/test-runner', 'dist/test-storybook.js'), ...runnerArgs], {
    stdio: ['ignore', reportFd, 'inherit'],
    env: { ...process.env, STORYBOOK_APP: '1' },
  })
  child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }))
})
closeSync(reportFd)

// 4. The docs in the same build, while it is served.
let docsPassed = 0
let docsFailed = 0
try {
  for (const result of await checkStorybookDocs({ root, outDir: OUT, url: URL_ })) {
    if (result.ok) docsPassed += 1
    else {
      docsFailed += 1
      console.error(`test:visual: docs check failed: ${result.name}\n  ${result.problems.join('\n  ')}`)
    }
  }
} catch (error) {
  console.error(`test:visual: the docs checks did not run: ${error.message}`)
  docsFailed += 1
}
console.log(`test:visual: docs checks ${docsPassed} of ${docsPassed + docsFailed} passed`)
stopServer()

// 5. The review page: every shot of this run beside its baseline.
let reportFailed = 0
try {
  console.log(
    describeReport(
      'test:visual',
      writeVisualReport({ baselines: side.baselines, reportDir: side.report, onlyShot: passThrough.length > 0 }),
    ),
  )
} catch (error) {
  console.error(`test:visual: no visual report: ${error.message}`)
  reportFailed = 1
}

// 6. The closing line. Anything but a clean, complete report counts as a failure.
let passed = docsPassed
let failed = docsFailed + reportFailed
try {
  const text = readFileSync(reportPath, 'utf8')
  const report = JSON.parse(text.slice(text.indexOf('{')))
  passed += report.numPassedTests
  failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0)
  printFailures(jestFailures(report))
  rmSync(reportPath)
} catch (error) {
  console.error(`test:visual: could not read the runner's JSON report (${reportPath}): ${error.message}`)
  failed = Math.max(failed, 1)
}
if (runner.code !== 0 && failed === 0) failed = 1
finish(passed, failed, runner.code === 0 && failed === 0 ? 0 : 1)
