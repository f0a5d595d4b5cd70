// The kit's documentation, checked on the static Storybook that `npm run test:visual` has just built
// and serves (no second build): its index lists an autodocs page for every library story file and a
// page for every MDX guide (and none for the app's screens), and in Chromium a props table shows the
// JSDoc and every guide renders its live examples without an error. Each check counts as one test
// in test:visual's closing line.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { chromium } from 'playwright-core'

/** One check's outcome. */
const check = (name, problems) => ({ name, ok: problems.length === 0, problems })

/**
 * The checks on index.json alone. `libStories` and `guides` are the story files under stories/lib
 * and the .mdx files under stories/guides (file names), as on disk.
 */
export function checkDocsIndex(index, { libStories, guides }) {
  const docs = Object.values(index.entries).filter((entry) => entry.type === 'docs')
  const autodocsFor = new Set(
    docs.filter((entry) => entry.tags.includes('autodocs')).map((entry) => basename(entry.importPath)),
  )
  const guidePages = new Set(
    docs.filter((entry) => entry.importPath.includes('/stories/guides/')).map((entry) => basename(entry.importPath)),
  )
  const appAutodocs = docs.filter(
    (entry) => entry.importPath.includes('/stories/app/') && entry.tags.includes('autodocs'),
  )
  return [
    check(
      `an autodocs page for each of the ${libStories.length} library story files`,
      libStories.filter((file) => !autodocsFor.has(file)).map((file) => `no autodocs page for stories/lib/${file}`),
    ),
    check(
      `a page for each of the ${guides.length} MDX guides`,
      guides.filter((file) => !guidePages.has(file)).map((file) => `no docs page for stories/guides/${file}`),
    ),
    check(
      'no autodocs pages for the app screens',
      appAutodocs.map((entry) => `${entry.id} (${entry.importPath})`),
    ),
  ]
}

/** The story files and guides on disk, relative to the repository root `root`. */
export function docsSources(root) {
  const list = (dir, pattern) =>
    readdirSync(join(root, dir))
      .filter((file) => pattern.test(file))
      .sort()
  return { libStories: list('stories/lib', /\.stories\.tsx?$/), guides: list('stories/guides', /\.mdx$/) }
}

// A prop of Button and its JSDoc (lib/components/button/button.tsx): the props table must show it.
const propsPage = {
  id: 'library-button--docs',
  prop: 'loading',
  jsdoc: 'Busy: shows a spinner, sets aria-busy and ignores presses while staying focusable.',
}

/** Opens a docs page in the static Storybook; resolves to the page once Storybook has rendered it. */
async function openDocs(page, url, id) {
  const errors = []
  const onError = (error) => errors.push(error.message)
  page.on('pageerror', onError)
  await page.goto(`${url}/iframe.html?id=${id}&viewMode=docs`)
  await page.locator('#storybook-docs .sbdocs-content').waitFor({ timeout: 30_000 })
  page.off('pageerror', onError)
  const shown = await page.locator('.sb-errordisplay').isVisible()
  if (shown) errors.push(await page.locator('.sb-errordisplay').innerText())
  return errors
}

/** The checks in Chromium, against the static Storybook served at `url`. */
export async function checkDocsPages(url, index) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const results = []
  try {
    // One context: the preview's bundle is fetched once for every page.
    const context = await browser.newContext()
    const page = await context.newPage()
    const propsProblems = await openDocs(page, url, propsPage.id)
    const row = page.locator('.docblock-argstable tbody tr', { has: page.getByText(propsPage.prop, { exact: true }) })
    const rowText = (await row.count()) > 0 ? await row.first().innerText() : ''
    if (!rowText.includes(propsPage.jsdoc))
      propsProblems.push(`the "${propsPage.prop}" row of ${propsPage.id} shows no JSDoc: ${JSON.stringify(rowText)}`)
    results.push(check('the props table shows the JSDoc descriptions', propsProblems))

    const guideIds = Object.values(index.entries)
      .filter((entry) => entry.type === 'docs' && entry.importPath.includes('/stories/guides/'))
      .map((entry) => entry.id)
    const guideProblems = []
    for (const id of guideIds) {
      // A page of its own each: a guide's examples may still be busy when the next one loads.
      const guide = await context.newPage()
      const problems = await openDocs(guide, url, id).catch((error) => [error.message])
      // Every guide has at least one live example, rendered into a story block.
      const rendered = await guide
        .locator('.docs-story')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(
          () => true,
          () => false,
        )
      if (!rendered) problems.push('no live example rendered')
      guideProblems.push(...problems.map((problem) => `${id}: ${problem}`))
      await guide.close()
    }
    results.push(check(`the ${guideIds.length} guides render with their live examples`, guideProblems))
  } finally {
    await browser.close()
  }
  return results
}

/** Every check: on `<outDir>/index.json`, then in Chromium against `url`. */
export async function checkStorybookDocs({ root, outDir, url }) {
  const index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8'))
  return [...checkDocsIndex(index, docsSources(root)), ...(await checkDocsPages(url, index))]
}
