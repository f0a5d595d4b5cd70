import { readdirSync } from 'node:fs'
import { matchesGlob } from 'node:path'
import { describe, expect, it } from 'vitest'
import { storyGlobs, withAppScreens } from '../../.storybook/stories.ts'

// Every story and guide file on disk, as .storybook/main.ts names them (relative to .storybook/).
const files = ['guides', 'lib', 'app'].flatMap((dir) =>
  readdirSync(`stories/${dir}`, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(mdx|stories\.tsx?)$/.test(e.name))
    .map((e) => `../stories/${dir}/${e.name}`),
)
const picked = (globs: string[]) => files.filter((f) => globs.some((g) => matchesGlob(f, g)))

describe('what a Storybook build holds', () => {
  it('given the published docs, then every kit guide and library story and no app screen', () => {
    const published = picked(storyGlobs(false))
    expect(published.filter((f) => f.includes('/stories/app/'))).toEqual([])
    expect(published).toEqual(files.filter((f) => !f.includes('/stories/app/')))
    expect(published.some((f) => f.endsWith('.mdx'))).toBe(true)
  })

  it('given STORYBOOK_APP=1 (the dev server and test:visual), then the app screens too', () => {
    expect(withAppScreens({ STORYBOOK_APP: '1' })).toBe(true)
    expect(withAppScreens({})).toBe(false)
    expect(picked(storyGlobs(true))).toEqual(files)
    expect(files.filter((f) => f.includes('/stories/app/')).length).toBeGreaterThan(10)
  })
})
