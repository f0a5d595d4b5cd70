/** The colour schemes the library ships, selected with `data-theme` on any element (usually `<html>`). */
export const themeNames = ['light', 'dark'] as const

/** One of `themeNames`. */
export type ThemeName = (typeof themeNames)[number]

/** The attribute that pins a subtree (or the whole page) to a theme. */
export const themeAttribute = 'data-theme'

/** Picks the groups of a theme that change with the colour scheme; the rest lives on `:root` only. */
export const schemeGroups = <T extends { color: unknown; shadow: unknown }>(theme: T): Pick<T, 'color' | 'shadow'> => ({
  color: theme.color,
  shadow: theme.shadow,
})
