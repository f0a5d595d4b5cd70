import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles'
import { vars } from './contract.css.ts'
import { breakpoints } from './tokens.ts'

// Atomic layout classes over the theme's scales. Component .css.ts files compose them with
// `style([sprinkles({...}), {...}])`; apps may call `sprinkles()` at runtime.

const responsive = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': `screen and (min-width: ${breakpoints.tablet}px)` },
    desktop: { '@media': `screen and (min-width: ${breakpoints.desktop}px)` },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    // Logical sides: start and end follow the text direction (left and right in LTR, swapped in RTL).
    paddingInlineStart: vars.space,
    paddingInlineEnd: vars.space,
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingInlineStart', 'paddingInlineEnd'],
    paddingX: ['paddingInlineStart', 'paddingInlineEnd'],
    paddingY: ['paddingTop', 'paddingBottom'],
  },
})

const layout = defineProperties({
  properties: {
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    flexWrap: ['nowrap', 'wrap'],
    flexGrow: [0, 1],
    flexShrink: [0, 1],
    minWidth: ['0'],
    marginTop: vars.space,
    marginBottom: vars.space,
    marginInlineStart: vars.space,
    marginInlineEnd: vars.space,
    textAlign: ['start', 'center', 'end'],
  },
  shorthands: {
    margin: ['marginTop', 'marginBottom', 'marginInlineStart', 'marginInlineEnd'],
    marginX: ['marginInlineStart', 'marginInlineEnd'],
    marginY: ['marginTop', 'marginBottom'],
  },
})

const look = defineProperties({
  properties: {
    color: {
      text: vars.color.text,
      muted: vars.color.textMuted,
      accent: vars.color.accentText,
      danger: vars.color.dangerText,
      success: vars.color.success,
      warning: vars.color.warning,
      onAccent: vars.color.textOnAccent,
      onMedia: vars.color.textOnMedia,
    },
    background: {
      bg: vars.color.bg,
      surface: vars.color.surface,
      raised: vars.color.surfaceRaised,
      sunken: vars.color.surfaceSunken,
      accent: vars.color.accent,
      accentSubtle: vars.color.accentSubtle,
      danger: vars.color.danger,
      dangerSubtle: vars.color.dangerSubtle,
      transparent: 'transparent',
    },
    fontSize: vars.font.size,
    fontWeight: vars.font.weight,
    lineHeight: vars.font.lineHeight,
    borderRadius: vars.radius,
    boxShadow: vars.shadow,
  },
})

/** Atomic style props over the theme scales (space, colour, type, radius, shadow), with mobile/tablet/desktop conditions for layout. */
export const sprinkles = createSprinkles(responsive, layout, look)

/** The argument of `sprinkles()`. */
export type Sprinkles = Parameters<typeof sprinkles>[0]
