// Runs the Playwright e2e suite and prints the plain closing line CI reads.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { playwrightFailures, printFailures } from './failed-tests.mjs'

const report = 'reports/e2e.json'
rmSync(report, { force: true })
const run = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
let passed = 0
let failed = 0
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'))
  const { stats } = json
  printFailures(playwrightFailures(json))
  passed = stats.expected + (stats.flaky ?? 0)
  failed = stats.unexpected
}
if (run.status !== 0 && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
