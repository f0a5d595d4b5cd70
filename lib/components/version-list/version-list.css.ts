import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

// minWidth 0: in a flex row or a dialog the list shrinks instead of overflowing.
export const root = style([sprinkles({ display: 'flex', flexDirection: 'column' }), baseText, { minWidth: 0 }])

export const list = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' })

// The actions wrap under the facts when the row is narrow (a phone, the details column).
export const row = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'medium' }),
  {
    flexWrap: 'wrap',
    minHeight: vars.size.search.row,
    paddingBlock: vars.space.small,
    selectors: { '& + &': { borderBlockStart: `${vars.borderWidth.thin} solid ${vars.color.border}` } },
  },
])

export const facts = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxsmall' }),
  { flex: '1 1 12em', minWidth: 0 },
])

export const date = style([
  sprinkles({ fontWeight: 'semibold' }),
  { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
])

export const detail = style([
  sprinkles({ fontSize: 'small', color: 'muted' }),
  { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
])

export const actions = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxsmall' }),
  { flexShrink: 0, marginInlineStart: 'auto' },
])

export const danger = style({ color: vars.color.dangerText })

export const status = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'small' }),
  { paddingBlock: vars.space.large, textAlign: 'center' },
])

export const error = style([sprinkles({ color: 'danger', margin: 'none' })])
