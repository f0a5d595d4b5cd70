// CI's recap names every failed test (scripts/failed-tests.mjs): from Vitest's and Jest's JSON
// reports (the Storybook runner writes Jest's) and from Playwright's.
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { jestFailures, playwrightFailures } from '../../scripts/failed-tests.mjs'

describe('the failed tests of a report', () => {
  it('given a Vitest or Jest report, then each failed test with its file, and a file that failed without one by its error', () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/tests/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'fine' },
            { status: 'failed', fullName: 'group breaks' },
          ],
        },
        {
          name: `${process.cwd()}/tests/b.test.ts`,
          status: 'failed',
          message: '\u001b[31mdeadlock detected\u001b[39m\n    at somewhere',
          assertionResults: [],
        },
        {
          name: `${process.cwd()}/tests/c.test.ts`,
          status: 'passed',
          assertionResults: [{ status: 'passed', fullName: 'ok' }],
        },
      ],
    }
    expect(jestFailures(report)).toEqual(['tests/a.test.ts › group breaks', 'tests/b.test.ts › deadlock detected'])
  })

  it('given a Playwright report, then unexpected outcomes with file, line, project, suites and the first line of the error; flaky and passed ones are left out', () => {
    const report = {
      suites: [
        {
          title: 'app/x.spec.ts',
          file: 'app/x.spec.ts',
          specs: [
            {
              file: 'app/x.spec.ts',
              line: 3,
              title: 'one',
              tests: [{ projectName: '', status: 'unexpected', results: [{ error: { message: 'boom\nstack' } }] }],
            },
          ],
          suites: [
            {
              title: 'group',
              file: 'app/x.spec.ts',
              specs: [
                {
                  file: 'app/x.spec.ts',
                  line: 9,
                  title: 'two',
                  tests: [
                    { projectName: 'mobile', status: 'unexpected', results: [{}] },
                    { projectName: 'desktop', status: 'flaky', results: [{}] },
                    { projectName: 'dark', status: 'expected', results: [{}] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }
    expect(playwrightFailures(report)).toEqual([
      'app/x.spec.ts:3 › one (boom)',
      'app/x.spec.ts:9 › [mobile] group › two',
    ])
  })

  it('says which expect of a journey failed: its locator, what it met, and the spec line', () => {
    const message = [
      '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m',
      '',
      "Locator: getByRole('heading', { name: 'Two-step verification' })",
      'Expected: visible',
      'Timeout: 20000ms',
      'Error: element(s) not found',
      '',
      'Call log:',
      '  - waiting for getByRole…',
    ].join('\n')
    const report = {
      suites: [
        {
          title: 'app/p.spec.ts',
          file: 'app/p.spec.ts',
          specs: [
            {
              file: 'app/p.spec.ts',
              line: 38,
              title: 'journey',
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message, location: { file: `${process.cwd()}/e2e/app/p.spec.ts`, line: 77 } } }],
                },
              ],
            },
          ],
        },
      ],
    }
    expect(playwrightFailures(report)).toEqual([
      "app/p.spec.ts:38 › journey (Error: expect(locator).toBeVisible() failed; Locator: getByRole('heading', { name: 'Two-step verification' }); Expected: visible; Error: element(s) not found at e2e/app/p.spec.ts:77)",
    ])
  })
})
