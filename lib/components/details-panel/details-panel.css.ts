import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

export const panel = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'large', padding: 'large', background: 'surface' }),
  baseText,
  {
    boxSizing: 'border-box',
    flexShrink: 0,
    maxWidth: '100%',
    overflowY: 'auto',
    borderInlineStart: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  },
])

export const empty = style([sprinkles({ color: 'muted', margin: 'none' })])

// The colour comes per item (the extension's palette colour), set inline.
export const banner = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 'medium',
    fontWeight: 'semibold',
    paddingY: 'xxlarge',
  }),
  {
    color: vars.color.badgeText,
    fontSize: vars.font.size.xlarge,
    letterSpacing: '0.04em',
    lineHeight: 1,
  },
])

export const name = style([
  sprinkles({ fontSize: 'large', fontWeight: 'semibold', lineHeight: 'tight', margin: 'none' }),
  { overflowWrap: 'anywhere' },
])

export const facts = style([
  sprinkles({ display: 'grid', gap: 'small', margin: 'none' }),
  { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space.large },
])

export const term = style([sprinkles({ color: 'muted', fontSize: 'small' }), { alignSelf: 'baseline' }])

export const value = style([
  sprinkles({ margin: 'none' }),
  { minWidth: 0, overflowWrap: 'anywhere', alignSelf: 'baseline' },
])
