import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { checkDocsIndex, docsSources } from '../../scripts/storybook-docs-check.mjs'

interface Check {
  name: string
  ok: boolean
  problems: string[]
}

const docs = (id: string, importPath: string, tags: string[]) => [id, { id, type: 'docs', importPath, tags }]
const index = (...entries: ReturnType<typeof docs>[]) => ({ entries: Object.fromEntries(entries) })
const sources = { libStories: ['button.stories.tsx', 'menu.stories.tsx'], guides: ['01-getting-started.mdx'] }

describe("the docs checks on Storybook's index.json (scripts/storybook-docs-check.mjs)", () => {
  it('passes when every library story file has an autodocs page and every guide a page', () => {
    const checks = checkDocsIndex(
      index(
        docs('library-button--docs', './stories/lib/button.stories.tsx', ['autodocs']),
        docs('library-menu--docs', './stories/lib/menu.stories.tsx', ['autodocs']),
        docs('guides-getting-started--docs', './stories/guides/01-getting-started.mdx', ['unattached-mdx']),
      ),
      sources,
    ) as Check[]
    expect(checks.map((check) => check.ok)).toEqual([true, true, true])
  })

  it('names a library file without autodocs, a guide without a page and an app screen with autodocs', () => {
    const checks = checkDocsIndex(
      index(
        docs('library-button--docs', './stories/lib/button.stories.tsx', ['autodocs']),
        docs('app-home--docs', './stories/app/home.stories.tsx', ['autodocs']),
      ),
      sources,
    ) as Check[]
    expect(checks.map((check) => check.problems)).toEqual([
      ['no autodocs page for stories/lib/menu.stories.tsx'],
      ['no docs page for stories/guides/01-getting-started.mdx'],
      ['app-home--docs (./stories/app/home.stories.tsx)'],
    ])
  })

  it('reads the story files and guides from the repository', () => {
    const found = docsSources(process.cwd()) as typeof sources
    expect(found.libStories).toContain('button.stories.tsx')
    expect(found.guides).toEqual(readdirSync('stories/guides').filter((f) => f.endsWith('.mdx')))
    expect(found.guides).toContain('01-getting-started.mdx')
  })
})
