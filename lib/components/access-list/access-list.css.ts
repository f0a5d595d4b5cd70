import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

// minWidth 0: in a flex row the list shrinks and cuts long names instead of overflowing.
export const root = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'small' }),
  baseText,
  { minWidth: 0 },
])

export const list = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' })

export const row = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'medium' }),
  {
    minHeight: vars.size.search.row,
    paddingBlock: vars.space.xsmall,
    selectors: { '& + &': { borderBlockStart: `${vars.borderWidth.thin} solid ${vars.color.border}` } },
  },
])

export const controls = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall' }),
  { flexShrink: 0, marginInlineStart: 'auto' },
])

export const role = style([
  sprinkles({ fontSize: 'small', color: 'muted' }),
  { flexShrink: 0, marginInlineStart: 'auto', whiteSpace: 'nowrap' },
])

export const empty = style([sprinkles({ fontSize: 'small', color: 'muted' }), { margin: 0 }])
