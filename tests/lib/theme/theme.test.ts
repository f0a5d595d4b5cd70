import { describe, expect, it } from 'vitest'
import { darkTokens, lightTokens, reducedMotionDurations } from '../../../lib/theme/tokens.ts'
import { badgeLetters, vars } from '../../../lib/index.ts'

type Tree = { [key: string]: string | Tree }

const leaves = (tree: Tree, path: string[] = []): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[[...path, key].join('.'), value] as [string, string]] : leaves(value, [...path, key]),
  )

describe('theme contract', () => {
  const contract = leaves(vars as unknown as Tree)

  it('names every variable --cumulus-<path in kebab case>, once', () => {
    for (const [path, ref] of contract) {
      const expected = `var(--cumulus-${path.replace(/\./g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`
      expect(ref, path).toBe(expected)
    }
    expect(new Set(contract.map(([, ref]) => ref)).size).toBe(contract.length)
  })

  it('light and dark fill every variable with a non-empty value', () => {
    const paths = contract.map(([path]) => path).sort()
    for (const theme of [lightTokens, darkTokens]) {
      const filled = leaves(theme as unknown as Tree)
      expect(filled.map(([path]) => path).sort()).toEqual(paths)
      for (const [path, value] of filled) expect(value.trim(), path).not.toBe('')
    }
  })

  it('has an extension colour for every letter a–z plus a default', () => {
    expect(Object.keys(vars.color.badge).sort()).toEqual([...badgeLetters, 'default'].sort())
  })

  it('under reduced motion every duration is (next to) nothing; transitions keep 1 ms so Ariakit still sees them end', () => {
    expect(Object.keys(reducedMotionDurations).sort()).toEqual(Object.keys(vars.motion.duration).sort())
    expect(reducedMotionDurations).toEqual({ fast: '1ms', modal: '1ms', spin: '0ms', indeterminate: '0ms' })
  })
})

// WCAG relative luminance, to prove white badge text stays readable on every swatch.
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('extension palette', () => {
  it.each(Object.entries(lightTokens.color.badge))('swatch %s keeps white text at AA (4.5:1)', (_letter, hex) => {
    expect(contrast(hex, lightTokens.color.badgeText)).toBeGreaterThanOrEqual(4.5)
  })

  it('is the same in both themes, so a file keeps its colour', () => {
    expect(darkTokens.color.badge).toEqual(lightTokens.color.badge)
  })
})
