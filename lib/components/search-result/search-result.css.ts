import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { focusRing, state } from '../../theme/states.ts'

// One line: crumbs share it and each gives way (cut short) before the line wraps.
export const path = style([
  sprinkles({ display: 'flex', alignItems: 'center', fontSize: 'small', color: 'muted' }),
  { minWidth: 0, margin: 0, padding: 0, listStyle: 'none', overflow: 'hidden', whiteSpace: 'nowrap' },
])

export const crumbItem = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxsmall' }),
  // Every crumb keeps a few letters when a long path shares the line; the innermost gives way last.
  { minWidth: '3em', flexShrink: 1, selectors: { '&:last-child': { flexShrink: 0.2 } } },
])

export const separator = style({ flexShrink: 0, paddingInline: vars.space.xxsmall })

const ellipsis = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const

export const crumb = style([
  ellipsis,
  {
    display: 'block',
    maxWidth: '100%',
    margin: 0,
    padding: 0,
    border: 0,
    borderRadius: vars.radius.small,
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
    selectors: {
      [state.hover]: { color: vars.color.accentText, textDecoration: 'underline' },
      '&:focus-visible': focusRing,
    },
  },
])

export const crumbText = style([ellipsis, { display: 'block' }])

// At most two lines: the snippet is up to 200 characters around the first match.
export const snippet = style([
  sprinkles({ fontSize: 'small', color: 'muted' }),
  {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    overflow: 'hidden',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    fontWeight: vars.font.weight.regular,
  },
])

export const mark = style({
  borderRadius: vars.radius.small,
  background: vars.color.accentSubtle,
  color: vars.color.text,
  fontWeight: vars.font.weight.semibold,
})
