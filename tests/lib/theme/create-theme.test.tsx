import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createTheme, vars } from '../../../lib/index.ts'

const name = (ref: string) => ref.slice(4, -1)

describe('createTheme', () => {
  const theme = createTheme({ accent: '#0b7a53' })

  it('derives the whole accent family for light and dark from one colour', () => {
    for (const scheme of [theme.light, theme.dark]) {
      for (const ref of [
        vars.color.accent,
        vars.color.accentHover,
        vars.color.accentActive,
        vars.color.accentSubtle,
        vars.color.accentText,
        vars.color.focusRing,
      ]) {
        expect(scheme[name(ref) as `--cumulus-${string}`], ref).toContain('#0b7a53')
      }
    }
    expect(theme.light['--cumulus-color-accent']).toBe('#0b7a53')
    // Hover moves away from the text on the accent: white text here, so darker in both schemes.
    expect(theme.light['--cumulus-color-accent-hover']).toBe('color-mix(in oklab, #0b7a53 85%, black)')
    expect(theme.dark['--cumulus-color-accent-hover']).toBe('color-mix(in oklab, #0b7a53 85%, black)')
  })

  it('takes a separate dark accent, the text on accent and the font', () => {
    const custom = createTheme({
      accent: 'rebeccapurple',
      darkAccent: 'plum',
      textOnAccent: 'black',
      fontFamily: 'Georgia, serif',
    })
    expect(custom.light['--cumulus-color-accent']).toBe('rebeccapurple')
    expect(custom.dark['--cumulus-color-accent']).toBe('plum')
    expect(custom.dark['--cumulus-color-accent-subtle']).toContain('plum')
    for (const scheme of [custom.light, custom.dark]) {
      expect(scheme['--cumulus-color-text-on-accent']).toBe('black')
      expect(scheme['--cumulus-font-family']).toBe('Georgia, serif')
    }
  })

  it('names only variables of the contract', () => {
    const contract = new Set(JSON.stringify(vars).match(/--cumulus-[a-z-]+/g))
    for (const key of [...Object.keys(theme.light), ...Object.keys(theme.dark)])
      expect(contract.has(key), key).toBe(true)
  })

  it('writes a stylesheet for the scope, dark under data-theme="dark" and under a dark system preference', () => {
    const css = theme.toCss()
    expect(css).toContain(':root, [data-theme="light"] {\n  --cumulus-color-accent: #0b7a53;')
    expect(css).toContain(':root[data-theme="dark"], [data-theme="dark"] {')
    expect(css).toContain('@media (prefers-color-scheme: dark) {\n:root:not([data-theme="light"]) {')
    expect(css).not.toContain('@layer')
    expect(theme.toCss('.embed')).toContain('.embed[data-theme="dark"], [data-theme="dark"] {')
  })
})

describe('createTheme as a style', () => {
  it("sets a subtree's variables through React's style prop", () => {
    const { container } = render(<div style={createTheme({ accent: 'teal' }).light} />)
    expect((container.firstChild as HTMLElement).style.getPropertyValue('--cumulus-color-accent')).toBe('teal')
  })
})
