// Text previews (DESIGN.md §8 "Previews"): a Markdown file opens in the viewer as a document,
// its raw HTML never becoming elements and never running.
import { expect, test } from '@playwright/test'
import { upload } from '../support/api.ts'
import { item, signedIn } from '../support/browser.ts'

const MARKDOWN = [
  '# Trip plan',
  '',
  'See [the map](https://example.com/map).',
  '',
  `<script>window.__ran = true; fetch('/__pwned')</script>`,
  '',
  '<img src="x" onerror="window.__ran = true">',
  '',
  '- tent',
  '- stove',
].join('\n')

test('given an uploaded Markdown file, when opened, then its heading and link render and its script is neither an element nor run', async ({
  page,
  context,
}) => {
  let pwned = 0
  await context.route('**/__pwned*', (route) => {
    pwned++
    return route.fulfill({ status: 204 })
  })
  await signedIn(page)
  await upload(page.request, 'trip.md', MARKDOWN)
  await page.reload()
  // Two clicks within 1.5 s open an item (SPEC §4).
  await item(page, 'trip.md').click()
  await item(page, 'trip.md').click()

  const viewer = page.getByRole('dialog', { name: 'trip.md' })
  await expect(viewer.getByRole('heading', { name: 'Trip plan' })).toBeVisible()
  const link = viewer.getByRole('link', { name: 'the map' })
  await expect(link).toHaveAttribute('href', 'https://example.com/map')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(viewer.getByRole('listitem')).toHaveText(['tent', 'stove'])
  await expect(viewer.locator('script')).toHaveCount(0)
  await expect(viewer.locator('img')).toHaveCount(0)
  await expect(viewer.getByRole('region', { name: 'Contents of trip.md' })).toBeVisible()

  // The source is one toggle away, the script there as text.
  await viewer.getByRole('button', { name: 'Show as text' }).click()
  await expect(viewer.getByText('<script>window.__ran = true;', { exact: false })).toBeVisible()
  await expect(viewer.locator('script')).toHaveCount(0)

  expect(await page.evaluate(() => (window as { __ran?: boolean }).__ran)).toBeUndefined()
  expect(pwned).toBe(0)
})
