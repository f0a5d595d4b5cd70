import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

// No sprinkles and no kit components here: CSS shared with the main entry would land in a chunk
// stylesheet of its own, which neither style.css nor viewers.css carries.

export const viewer = style([
  baseText,
  {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: 0,
    alignSelf: 'stretch',
    minHeight: 0,
    overflow: 'hidden',
    background: vars.color.surface,
    borderRadius: vars.radius.medium,
  },
])

/** The line above the text: notices and the CSV and Markdown toggle. */
export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  paddingInline: vars.space.medium,
  paddingBlock: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  background: vars.color.surfaceSunken,
  borderBlockEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  minBlockSize: vars.size.control.medium,
  boxSizing: 'border-box',
})

/** The switch between the rendered view and the text (a quiet button, as the kit's ghost one). */
export const toggle = style({
  flexShrink: 0,
  marginInlineStart: 'auto',
  minBlockSize: vars.size.control.small,
  paddingInline: vars.space.small,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.accentText,
  font: 'inherit',
  fontWeight: vars.font.weight.semibold,
  cursor: 'pointer',
  selectors: {
    [state.hover]: { background: vars.color.hover },
    [state.pressed]: { background: vars.color.pressed },
    [state.focusVisible]: focusRing,
  },
})

export const scroller = style({
  flexGrow: 1,
  minHeight: 0,
  overflow: 'auto',
  selectors: { '&:focus-visible': { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` } },
})

export const lines = style({
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.normal,
  paddingBlock: vars.space.xsmall,
})

export const line = style({ display: 'flex' })

export const lineNumber = style({
  flexShrink: 0,
  boxSizing: 'content-box',
  paddingInline: vars.space.small,
  textAlign: 'end',
  color: vars.color.textMuted,
  userSelect: 'none',
  borderInlineEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

// Long lines wrap: one row per line keeps the numbers true, and no sideways scroll takes the arrows.
export const lineText = style({
  flexGrow: 1,
  minWidth: 0,
  paddingInline: vars.space.small,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

// highlight.js's scopes, coloured with the theme's text colours (readable on the surface in both themes).
const scopeColors: Array<[string, string]> = [
  ['.hljs-keyword, .hljs-built_in, .hljs-selector-tag, .hljs-doctag, .hljs-type', vars.color.accentText],
  ['.hljs-string, .hljs-regexp, .hljs-addition, .hljs-template-tag, .hljs-selector-attr', vars.color.success],
  ['.hljs-number, .hljs-literal, .hljs-symbol, .hljs-variable.language_, .hljs-bullet', vars.color.warning],
  ['.hljs-title, .hljs-section, .hljs-name, .hljs-selector-id, .hljs-selector-class', vars.color.dangerText],
  ['.hljs-attr, .hljs-attribute, .hljs-property, .hljs-params, .hljs-meta', vars.color.accentText],
  ['.hljs-comment, .hljs-quote, .hljs-deletion', vars.color.textMuted],
]
for (const [selectors, color] of scopeColors)
  globalStyle(
    selectors
      .split(', ')
      .map((s) => `${lines} ${s}`)
      .join(', '),
    { color },
  )
globalStyle(`${lines} .hljs-comment, ${lines} .hljs-quote`, { fontStyle: 'italic' })
globalStyle(`${lines} .hljs-title, ${lines} .hljs-section, ${lines} .hljs-strong`, {
  fontWeight: vars.font.weight.semibold,
})

export const markdown = style({
  paddingBlock: vars.space.large,
  paddingInline: vars.space.xlarge,
  overflowWrap: 'anywhere',
})
globalStyle(`${markdown} > :first-child`, { marginBlockStart: 0 })
globalStyle(`${markdown} h1, ${markdown} h2`, {
  fontSize: vars.font.size.xlarge,
  lineHeight: vars.font.lineHeight.tight,
  fontWeight: vars.font.weight.semibold,
})
globalStyle(`${markdown} h2`, { fontSize: vars.font.size.large })
globalStyle(`${markdown} h3, ${markdown} h4, ${markdown} h5, ${markdown} h6`, {
  fontSize: vars.font.size.medium,
  fontWeight: vars.font.weight.semibold,
})
globalStyle(`${markdown} a`, { color: vars.color.accentText })
globalStyle(`${markdown} code`, {
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.small,
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.small,
  paddingInline: vars.space.xxsmall,
})
globalStyle(`${markdown} pre`, {
  background: vars.color.surfaceSunken,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  whiteSpace: 'pre-wrap',
})
globalStyle(`${markdown} pre code`, { padding: 0, background: 'transparent' })
globalStyle(`${markdown} blockquote`, {
  marginInline: 0,
  paddingInlineStart: vars.space.medium,
  borderInlineStart: `${vars.borderWidth.thick} solid ${vars.color.border}`,
  color: vars.color.textMuted,
})
globalStyle(`${markdown} hr`, {
  border: 'none',
  borderBlockStart: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})
// GitHub's tables in Markdown: ruled cells, scrolling sideways when wider than the page.
globalStyle(`${markdown} table`, {
  display: 'block',
  maxInlineSize: '100%',
  overflowX: 'auto',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
})
globalStyle(`${markdown} th, ${markdown} td`, {
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.small,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  textAlign: 'start',
})
globalStyle(`${markdown} th`, { background: vars.color.surfaceSunken })
globalStyle(`${markdown} del`, { color: vars.color.textMuted })

export const table = style({
  borderCollapse: 'collapse',
  fontSize: vars.font.size.small,
  fontVariantNumeric: 'tabular-nums',
})
globalStyle(`${table} th, ${table} td`, {
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.small,
  borderBlockEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  borderInlineEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'top',
  whiteSpace: 'pre-wrap',
})
globalStyle(`${table} th`, {
  position: 'sticky',
  insetBlockStart: 0,
  background: vars.color.surfaceSunken,
  fontWeight: vars.font.weight.semibold,
})

export const empty = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  margin: 0,
  minBlockSize: '100%',
  boxSizing: 'border-box',
  color: vars.color.textMuted,
  padding: vars.space.xlarge,
})
