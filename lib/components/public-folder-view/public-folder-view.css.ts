import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

// A column that fills the height it is given; the content below the header scrolls inside it.
export const root = style({
  ...baseText,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
  minHeight: 0,
  boxSizing: 'border-box',
  background: vars.color.bg,
  paddingBlock: vars.space.large,
  paddingInline: vars.space.large,
})

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  flexWrap: 'wrap',
  minWidth: 0,
})

export const heading = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
  flex: '1 1 auto',
})

export const headingIcon = style({ flexShrink: 0, color: vars.color.accentText })

export const title = style({
  margin: 0,
  minWidth: 0,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
})

export const crumbs = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  flexWrap: 'wrap',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
})

export const crumb = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxsmall, minWidth: 0 })

export const separator = style({ flexShrink: 0, color: vars.color.textMuted })

export const current = style({
  paddingInline: vars.space.small,
  fontWeight: vars.font.weight.semibold,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})

// The part that scrolls: both collections share it as their scroll parent.
export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  // Room for the cards' focus rings, which the scroller would clip.
  paddingInline: vars.space.xsmall,
  paddingBlockEnd: vars.space.large,
})

export const windowContent = style([content, { overflowY: 'visible' }])

// The sections keep their full height (the content scrolls), rather than shrinking into each other.
globalStyle(`${content} > *`, { flexShrink: 0 })
