import { vars } from './contract.css.ts'
import { themeAttribute } from './theme.ts'

/** What a brand sets; everything else keeps the kit's values. Any CSS colour works (hex, rgb(), oklch(), a var()). */
export interface ThemeOptions {
  /** The brand colour: primary buttons, selection, links, progress. */
  accent: string
  /** The accent in dark mode, if the light one is too dark on a dark surface. Defaults to `accent`. */
  darkAccent?: string
  /** Text and icons on an accent fill. Defaults to the kit's white. */
  textOnAccent?: string
  /** The font stack (`--cumulus-font-family`). */
  fontFamily?: string
}

/** CSS custom properties, `--cumulus-*` name → value; usable as a React `style` on any element. */
export type ThemeVariables = Record<`--cumulus-${string}`, string>

/** A theme made by `createTheme`: the variables for each scheme, and a stylesheet that applies them. */
export interface CumulusTheme {
  light: ThemeVariables
  dark: ThemeVariables
  /**
   * A stylesheet (unlayered, so it outranks the kit's `@layer cumulus`) applying `light` to `scope`
   * and `dark` where the kit goes dark: `data-theme="dark"`, or no `data-theme` and a dark system.
   * Put it in a `<style>` or your CSS after `@cumulus/ui/style.css`.
   */
  toCss: (scope?: string) => string
}

// `var(--cumulus-color-accent)` → `--cumulus-color-accent`.
const name = (ref: string) => ref.slice(4, -1) as `--cumulus-${string}`
const mix = (color: string, percent: number, other: string) => `color-mix(in oklab, ${color} ${percent}%, ${other})`

/**
 * Derives a full accent family from one colour: hover and active shades (darker on light surfaces,
 * lighter on dark ones), the subtle tint behind selected items, readable accent text and the focus
 * ring. The shades are `color-mix()` expressions, so the browser derives them from whatever colour
 * you pass, including a CSS variable of your own.
 */
export function createTheme(options: ThemeOptions): CumulusTheme {
  const { accent, darkAccent = accent, textOnAccent, fontFamily } = options
  const shared: ThemeVariables = {}
  if (textOnAccent) shared[name(vars.color.textOnAccent)] = textOnAccent
  if (fontFamily) shared[name(vars.font.family)] = fontFamily
  const light: ThemeVariables = {
    [name(vars.color.accent)]: accent,
    [name(vars.color.accentHover)]: mix(accent, 85, 'black'),
    [name(vars.color.accentActive)]: mix(accent, 70, 'black'),
    [name(vars.color.accentSubtle)]: mix(accent, 12, 'white'),
    [name(vars.color.accentText)]: mix(accent, 85, 'black'),
    [name(vars.color.focusRing)]: accent,
    ...shared,
  }
  const dark: ThemeVariables = {
    [name(vars.color.accent)]: darkAccent,
    [name(vars.color.accentHover)]: mix(darkAccent, 85, 'white'),
    [name(vars.color.accentActive)]: mix(darkAccent, 80, 'black'),
    [name(vars.color.accentSubtle)]: mix(darkAccent, 25, 'black'),
    [name(vars.color.accentText)]: mix(darkAccent, 55, 'white'),
    [name(vars.color.focusRing)]: mix(darkAccent, 55, 'white'),
    ...shared,
  }
  const block = (selector: string, values: ThemeVariables) =>
    `${selector} {\n${Object.entries(values)
      .map(([key, value]) => `  ${key}: ${value};`)
      .join('\n')}\n}`
  const toCss = (scope = ':root') => {
    const darkOn = `[${themeAttribute}="dark"]`
    const lightOn = `[${themeAttribute}="light"]`
    return [
      block(`${scope}, ${lightOn}`, light),
      block(`${scope}${darkOn}, ${darkOn}`, dark),
      `@media (prefers-color-scheme: dark) {\n${block(`${scope}:not(${lightOn})`, dark)}\n}`,
    ].join('\n')
  }
  return { light, dark, toCss }
}
