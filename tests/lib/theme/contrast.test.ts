import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { contrastRatio, createTheme } from '../../../lib/index.ts'
import { darkTokens, lightTokens } from '../../../lib/theme/tokens.ts'

// axe's own colour maths is the judge: it is what flagged white on '#3fd09a' at 1.96:1.
// (Its typings leave out `commons.color`.)
interface AxeColor {
  parseString(color: string): void
}
const { Color, getContrast } = (
  axe.commons as unknown as {
    color: { Color: new () => AxeColor; getContrast: (a: AxeColor, b: AxeColor) => number }
  }
).color
const axeContrast = (a: string, b: string) => {
  const [first, second] = [new Color(), new Color()]
  first.parseString(a)
  second.parseString(b)
  return getContrast(first, second)
}

// Dark greens and blues, mid tones around the white/black turning point, bright mints and yellows.
const accents = [
  '#3fd09a',
  '#0b7a53',
  '#2563eb',
  '#7aa7ff',
  '#ffd400',
  '#ff8a00',
  '#e11d48',
  '#00b3b3',
  '#767676',
  '#8c8c8c',
  '#b0b0b0',
  '#ffffff',
  '#000000',
  '#5d3fd3',
  'rgb(63, 208, 154)',
  'rgb(250 250 120)',
  'hsl(150, 60%, 53%)',
  '#3fd',
]

describe('createTheme: text on the accent', () => {
  it.each(accents)('reaches 4.5:1 on %s in light and in dark', (accent) => {
    const theme = createTheme({ accent: '#0b7a53', darkAccent: accent })
    const asLight = createTheme({ accent })
    for (const [scheme, fill] of [
      [asLight.light, accent],
      [theme.dark, accent],
    ] as const) {
      const text = scheme['--cumulus-color-text-on-accent']!
      expect(scheme['--cumulus-color-accent']).toBe(fill)
      expect(axeContrast(fill, text), `${text} on ${fill}`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it("keeps the kit's white where it reads, and the README's dark mint gets black", () => {
    const brand = createTheme({ accent: '#0b7a53', darkAccent: '#3fd09a' })
    expect(brand.light['--cumulus-color-text-on-accent']).toBe('#ffffff')
    expect(brand.dark['--cumulus-color-text-on-accent']).toBe('#000000')
    // Hover and active move away from the text: lighter under black, darker under white.
    expect(brand.dark['--cumulus-color-accent-hover']).toBe('color-mix(in oklab, #3fd09a 85%, white)')
    expect(brand.light['--cumulus-color-accent-active']).toBe('color-mix(in oklab, #0b7a53 70%, black)')
  })

  it('takes the text per scheme from the embedder, which wins over the measure', () => {
    const brand = createTheme({ accent: '#0b7a53', darkAccent: '#3fd09a', textOnAccent: { dark: '#10231b' } })
    expect(brand.dark['--cumulus-color-text-on-accent']).toBe('#10231b')
    expect(brand.light['--cumulus-color-text-on-accent']).toBe('#ffffff')
  })

  it('keeps white for an accent it cannot measure (a var(), oklch())', () => {
    expect(createTheme({ accent: 'var(--brand)' }).light['--cumulus-color-text-on-accent']).toBe('#ffffff')
    expect(createTheme({ accent: 'oklch(90% 0.1 150)' }).dark['--cumulus-color-text-on-accent']).toBe('#ffffff')
  })
})

describe('createTheme: the other tokens a brand sets', () => {
  it('derives the radius scale from one length, or takes it by step', () => {
    const round = createTheme({ accent: '#0b7a53', radius: '6px' })
    for (const scheme of [round.light, round.dark]) {
      expect(scheme['--cumulus-radius-medium']).toBe('6px')
      expect(scheme['--cumulus-radius-small']).toBe('calc(6px * 0.5)')
      expect(scheme['--cumulus-radius-large']).toBe('calc(6px * 1.5)')
      expect(scheme['--cumulus-radius-full']).toBeUndefined()
    }
    expect(createTheme({ accent: '#0b7a53', radius: { full: '0' } }).light).toMatchObject({
      '--cumulus-radius-full': '0',
    })
  })

  it('sets other colours per scheme, with readable text on a light danger fill', () => {
    const brand = createTheme({
      accent: '#0b7a53',
      monoFontFamily: 'Iosevka, monospace',
      colors: { surface: '#fffdf8', danger: '#ff9e9e' },
      darkColors: { surface: '#101412' },
    })
    expect(brand.light['--cumulus-color-surface']).toBe('#fffdf8')
    expect(brand.dark['--cumulus-color-surface']).toBe('#101412')
    expect(brand.dark['--cumulus-color-danger']).toBeUndefined()
    expect(axeContrast('#ff9e9e', brand.light['--cumulus-color-text-on-danger']!)).toBeGreaterThanOrEqual(4.5)
    expect(brand.light['--cumulus-font-mono']).toBe('Iosevka, monospace')
  })
})

describe('the kit tokens', () => {
  it('keep text on the accent, on danger and over media at 4.5:1 in both themes', () => {
    for (const { color } of [lightTokens, darkTokens]) {
      expect(contrastRatio(color.accent, color.textOnAccent)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(color.danger, color.textOnDanger)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(color.media, color.textOnMedia)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('contrastRatio agrees with axe', () => {
    for (const accent of accents)
      expect(contrastRatio(accent, '#ffffff')).toBeCloseTo(axeContrast(accent, '#ffffff'), 2)
  })
})
