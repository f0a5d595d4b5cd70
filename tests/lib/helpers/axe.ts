import axe from 'axe-core'
import { expect } from 'vitest'

// jsdom has no layout or paint: colour contrast is checked in the browser (Storybook's a11y run).
// A component rendered alone is not a page, so the page-level landmark rule does not apply.
const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } }

/** Runs axe on `root` (the whole document by default, so portals count) and fails on any violation. */
export async function expectNoAxeViolations(root: Element = document.body): Promise<void> {
  const { violations } = await axe.run(root, options)
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}
