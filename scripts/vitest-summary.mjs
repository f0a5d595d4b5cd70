// Runs vitest with a JSON report beside the normal output and prints the plain closing line CI
// reads: "N passed, N failed". Usage: node scripts/vitest-summary.mjs [vitest args...]
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { jestFailures, printFailures } from './failed-tests.mjs'

const report = `reports/vitest-${process.pid}.json`
mkdirSync('reports', { recursive: true })
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
)
let passed = 0
let failed = 0
try {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  passed = r.numPassedTests
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)
  printFailures(jestFailures(r))
  rmSync(report)
} catch {
  failed = Math.max(1, failed)
}
if (run.status !== 0 && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed`)
process.exit(run.status === 0 && failed === 0 ? 0 : 1)
