// axe-core in the page under test: no serious or critical accessibility violations (issue #8).
// The source is evaluated through the DevTools protocol rather than added as a <script>: the app's
// CSP (script-src 'self') rightly refuses inline scripts, and relaxing it for tests (bypassCSP)
// would hide real CSP breakage from the specs that watch for it.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, Result } from 'axe-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const BLOCKING = new Set(['serious', 'critical'])

/** What to check, as CSS selectors (they cross into the page; DOM nodes cannot). */
export type A11yContext = string | { include?: string | string[]; exclude?: string | string[] }

/** One line per failing element: rule, impact, selector and what is wrong. */
function describe(violation: Result): string[] {
  return violation.nodes.map((node) =>
    `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}. ${node.failureSummary ?? ''}`.trim(),
  )
}

/**
 * Runs axe on the page (or on `context`, an axe include/exclude spec such as '[role="dialog"]')
 * and fails with the rule and selector of every serious or critical violation. Call it once the
 * state to check is on screen (a modal open, a mode switched); `name` labels the failure.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  context?: A11yContext,
  name = page.url(),
): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // Entrance animations (toasts, dialogs) would otherwise be measured mid-fade for contrast;
  // endless ones (spinners) never finish and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await page.evaluate(
    (ctx) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(ctx ?? document, {
        resultTypes: ['violations'],
      }),
    context,
  )
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? '')).flatMap(describe)
  expect(blocking, `serious or critical axe violations on ${name}`).toEqual([])
}
