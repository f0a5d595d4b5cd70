import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
// Only the contract: the viewers entry shares nothing else with the main entry's stylesheet.

export const root = style([
  {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    alignSelf: 'stretch',
    flexGrow: 1,
    minHeight: 0,
    background: vars.color.surfaceSunken,
    color: vars.color.text,
    borderRadius: vars.radius.medium,
    overflow: 'hidden',
  },
])

export const toolbar = style([
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.medium,
    flexWrap: 'wrap',
    paddingBlock: vars.space.xsmall,
    paddingInline: vars.space.small,
    background: vars.color.surface,
    borderBlockEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    fontSize: vars.font.size.small,
  },
])

export const group = style({ display: 'flex', alignItems: 'center', gap: vars.space.xsmall })

export const findGroup = style({ marginInlineStart: 'auto' })

export const pageField = group

export const input = style([
  {
    boxSizing: 'border-box',
    margin: 0,
    border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.small,
    background: vars.color.surface,
    color: vars.color.text,
    fontFamily: vars.font.family,
    selectors: {
      '&:focus-visible': { outline: `${vars.borderWidth.thick} solid ${vars.color.focusRing}`, outlineOffset: 0 },
      '&::placeholder': { color: vars.color.textMuted },
    },
    width: 'auto',
    minHeight: vars.size.control.small,
    paddingBlock: vars.space.none,
    paddingInline: vars.space.xsmall,
    textAlign: 'center',
    fontSize: vars.font.size.small,
  },
])

export const findInput = style({ textAlign: 'start', minWidth: vars.size.select })

export const zoomValue = style({
  minWidth: vars.size.badge.medium,
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
})

export const matchCount = style({
  minWidth: vars.size.badge.large,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})

export const scroller = style({
  position: 'relative',
  flexGrow: 1,
  minHeight: 0,
  overflow: 'auto',
  outline: 'none',
})

export const status = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  margin: 0,
  position: 'absolute',
  inset: 0,
  color: vars.color.textMuted,
})

/** The pages, one under the other, centred while narrower than the scroller. */
export const column = style({
  display: 'flex',
  flexDirection: 'column',
  width: 'max-content',
  minWidth: '100%',
  boxSizing: 'border-box',
})

export const slot = style({ marginInline: 'auto', flexShrink: 0 })

export const placeholder = style([slot, { background: vars.color.surface, opacity: 0.6 }])

export const page = style({
  position: 'relative',
  background: vars.color.surface,
  boxShadow: vars.shadow.small,
  // A PDF page is paper: its own colours in either theme.
  colorScheme: 'only light',
})

export const canvas = style({ display: 'block', background: vars.color.surface })

// pdf.js's text layer: transparent text placed over each glyph run, for selection and find.
// Its variables (--total-scale-factor, --font-height, --scale-x, --rotate) are pdf.js's names.
export const textLayer = style({
  position: 'absolute',
  inset: 0,
  overflow: 'clip',
  lineHeight: 1,
  textAlign: 'initial',
  textSizeAdjust: 'none',
  forcedColorAdjust: 'none',
  transformOrigin: '0 0',
  zIndex: 0,
  vars: {
    '--min-font-size': '1',
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  },
})

globalStyle(`${textLayer} :is(span, br)`, {
  color: 'transparent',
  position: 'absolute',
  whiteSpace: 'pre',
  cursor: 'text',
  transformOrigin: '0% 0%',
})

globalStyle(`${textLayer} > :not(.markedContent), ${textLayer} .markedContent span:not(.markedContent)`, {
  zIndex: 1,
  fontSize: 'calc(var(--text-scale-factor) * var(--font-height, 0))',
  transform: 'rotate(var(--rotate, 0deg)) scaleX(var(--scale-x, 1)) scale(var(--min-font-size-inv))',
})

globalStyle(`${textLayer} .markedContent`, { display: 'contents' })

globalStyle(`${textLayer} ::selection`, { background: vars.color.accentSubtle, color: 'transparent' })

globalStyle(`${textLayer} .endOfContent`, {
  display: 'block',
  position: 'absolute',
  inset: '100% 0 0',
  zIndex: 0,
  cursor: 'default',
  userSelect: 'none',
})

/** A match of the find field; the selected one is stronger. */
export const highlight = style({
  color: 'transparent',
  background: `color-mix(in srgb, ${vars.color.warning} 35%, transparent)`,
  borderRadius: vars.radius.small,
  selectors: {
    '&[data-selected]': { background: `color-mix(in srgb, ${vars.color.accent} 45%, transparent)` },
  },
})
