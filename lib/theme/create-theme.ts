import { vars } from './contract.css.ts'
import { readableTextOn } from './contrast.ts'
import { themeAttribute } from './theme.ts'
import type { ColorTokens, ThemeTokens } from './tokens.ts'

/** A value per colour scheme; one string means both. */
export type PerScheme = string | { light?: string; dark?: string }

/** The flat colour tokens a brand may set (`color.badge` is the extension palette, set per letter by hand). */
export type ThemeColors = Partial<Omit<ColorTokens, 'badge'>>

/** What a brand sets; everything else keeps the kit's values. Any CSS colour works (hex, rgb(), oklch(), a var()). */
export interface ThemeOptions {
  /** The brand colour: primary buttons, selection, links, progress. */
  accent: string
  /** The accent in dark mode, if the light one is too dark on a dark surface. Defaults to `accent`. */
  darkAccent?: string
  /**
   * Text and icons on an accent fill, for both schemes or `{ light, dark }`. By default the kit
   * measures each scheme's accent (WCAG relative luminance) and keeps its white where that reaches
   * 4.5:1, else black. An accent it cannot measure (a `var()`, `oklch()`) keeps white: give this then.
   */
  textOnAccent?: PerScheme
  /** The font stack (`--cumulus-font-family`). */
  fontFamily?: string
  /** The monospaced font stack of code and plain text (`--cumulus-font-mono`). */
  monoFontFamily?: string
  /**
   * Corner radii. One length sets `medium` and derives `small` (half) and `large` (one and a half)
   * from it ("0" for square corners); or set any of `small`, `medium`, `large`, `full`.
   */
  radius?: string | Partial<ThemeTokens['radius']>
  /**
   * Any other colour tokens in light, e.g. `{ danger: '#b00020', surface: '#fffdf8' }`; they win
   * over what the accent derives. A `danger` fill gets readable `textOnDanger` unless you set it.
   */
  colors?: ThemeColors
  /** The same for dark; `colors` does not reach dark (a light surface would not suit it). */
  darkColors?: ThemeColors
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
const perScheme = (value: PerScheme | undefined, scheme: 'light' | 'dark') =>
  typeof value === 'string' ? value : value?.[scheme]

function radii(radius: ThemeOptions['radius']): ThemeVariables {
  if (radius === undefined) return {}
  const scale: Partial<ThemeTokens['radius']> =
    typeof radius === 'string'
      ? { small: `calc(${radius} * 0.5)`, medium: radius, large: `calc(${radius} * 1.5)` }
      : radius
  const out: ThemeVariables = {}
  for (const [key, value] of Object.entries(scale)) if (value) out[name(vars.radius[key as keyof typeof scale])] = value
  return out
}

function colorVariables(colors: ThemeColors | undefined): ThemeVariables {
  const out: ThemeVariables = {}
  for (const [key, value] of Object.entries(colors ?? {}))
    if (value && key in vars.color) out[name(vars.color[key as keyof ThemeColors])] = value
  return out
}

/**
 * The accent family of one scheme. Hover and active move away from the text on them (darker under
 * white text, lighter under black), so the pressed button stays as readable as the resting one.
 */
function accentFamily(accent: string, text: string, scheme: 'light' | 'dark'): ThemeVariables {
  const away = text === '#000000' ? 'white' : 'black'
  const light = scheme === 'light'
  return {
    [name(vars.color.accent)]: accent,
    [name(vars.color.accentHover)]: mix(accent, 85, away),
    [name(vars.color.accentActive)]: mix(accent, 70, away),
    [name(vars.color.accentSubtle)]: light ? mix(accent, 12, 'white') : mix(accent, 25, 'black'),
    [name(vars.color.accentText)]: light ? mix(accent, 85, 'black') : mix(accent, 55, 'white'),
    [name(vars.color.focusRing)]: light ? accent : mix(accent, 55, 'white'),
    [name(vars.color.textOnAccent)]: text,
  }
}

function scheme(options: ThemeOptions, which: 'light' | 'dark'): ThemeVariables {
  const accent = which === 'light' ? options.accent : (options.darkAccent ?? options.accent)
  const colors = which === 'light' ? options.colors : options.darkColors
  const text = perScheme(options.textOnAccent, which) ?? colors?.textOnAccent ?? readableTextOn(accent)
  const values: ThemeVariables = { ...accentFamily(accent, text, which), ...colorVariables(colors) }
  if (colors?.danger && !colors.textOnDanger) values[name(vars.color.textOnDanger)] = readableTextOn(colors.danger)
  if (options.fontFamily) values[name(vars.font.family)] = options.fontFamily
  if (options.monoFontFamily) values[name(vars.font.mono)] = options.monoFontFamily
  return { ...values, ...radii(options.radius) }
}

/**
 * Derives a full accent family from one colour: hover and active shades, the subtle tint behind
 * selected items, readable accent text, the focus ring, and text on the accent that reaches 4.5:1
 * in each scheme. The shades are `color-mix()` expressions, so the browser derives them from
 * whatever colour you pass, including a CSS variable of your own. Also sets radii, fonts and any
 * other colour token you give.
 */
export function createTheme(options: ThemeOptions): CumulusTheme {
  const light = scheme(options, 'light')
  const dark = scheme(options, 'dark')
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
