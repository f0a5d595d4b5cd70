import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

export const bar = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    gap: 'xsmall',
    paddingX: 'xsmall',
    borderRadius: 'medium',
    background: 'accentSubtle',
  }),
  baseText,
  { boxSizing: 'border-box', minWidth: 0, minHeight: vars.size.control.large },
])

export const count = style([
  sprinkles({ fontWeight: 'semibold', paddingX: 'xsmall' }),
  {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
])

export const spacer = style({ flex: '1 1 auto' })

export const danger = style({ color: vars.color.dangerText })
