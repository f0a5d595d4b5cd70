// Names the failed tests of a JSON report, one "FAILED: file › test" line each, so that CI's tail
// (the only part of a long log anyone may see) says what broke, not just how many.
import { relative } from 'node:path'

const where = (file) => relative(process.cwd(), file ?? '?')

/** Vitest's and Jest's JSON reporters (the Storybook test runner uses Jest's). */
export function jestFailures(report) {
  const lines = []
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const t of failed) lines.push(`${where(file.name)} › ${t.fullName ?? t.title}`)
    // A file that failed without a failed test: it did not load, or an error escaped its tests.
    if (!failed.length && file.status === 'failed')
      lines.push(`${where(file.name)} › ${firstLine(file.message) || 'the file failed'}`)
  }
  return lines
}

/** Playwright's JSON reporter: tests whose outcome was unexpected (flaky ones passed on retry). */
export function playwrightFailures(report) {
  const lines = []
  const walk = (suite, titles) => {
    const path = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue
        const error = playwrightError(test.results?.at(-1)?.error)
        lines.push(
          `${spec.file}:${spec.line} › ${test.projectName ? `[${test.projectName}] ` : ''}${[...path, spec.title].join(' › ')}${error ? ` (${error})` : ''}`,
        )
      }
    }
    for (const child of suite.suites ?? []) walk(child, path)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return lines
}

/**
 * The error's first line, with what an expect named (its locator and what it met) and the line
 * of the spec it failed at: "toBeVisible() failed" alone doesn't say which of a journey's checks.
 */
function playwrightError(error) {
  if (!error) return ''
  const lines = clean(error.message).split('\n')
  const detail = lines
    .slice(1)
    .filter((l) => /^(Locator|Expected|Received|Error):/.test(l.trim()))
    .slice(0, 3)
  const at = error.location ? ` at ${where(error.location.file)}:${error.location.line}` : ''
  return [firstLine(error.message), ...detail.map((l) => l.trim())].join('; ').slice(0, 400) + at
}

export function printFailures(lines, limit = 40) {
  for (const line of lines.slice(0, limit)) console.log(`FAILED: ${line}`)
  if (lines.length > limit) console.log(`FAILED: … and ${lines.length - limit} more`)
}

// eslint-disable-next-line no-control-regex
const clean = (text) => (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim()

const firstLine = (text) => clean(text).split('\n')[0].slice(0, 200)
