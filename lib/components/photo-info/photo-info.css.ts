import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const root = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'medium', padding: 'large', background: 'surface' }),
  baseText,
  { boxSizing: 'border-box', minWidth: 0, overflowY: 'auto' },
])

export const heading = style([
  sprinkles({ margin: 'none', fontSize: 'medium', fontWeight: 'semibold', lineHeight: 'tight' }),
])

export const list = style([
  sprinkles({ display: 'grid', gap: 'small', margin: 'none' }),
  { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space.large },
])

export const term = style([sprinkles({ color: 'muted', fontSize: 'small' }), { alignSelf: 'baseline' }])

export const value = style([
  sprinkles({ margin: 'none' }),
  { minWidth: 0, overflowWrap: 'anywhere', alignSelf: 'baseline' },
])

export const note = sprinkles({ color: 'muted', margin: 'none' })

export const link = style({
  color: vars.color.accentText,
  borderRadius: vars.radius.small,
  selectors: { [state.focusVisible]: focusRing },
})
