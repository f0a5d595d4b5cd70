import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

export const line = style([
  baseText,
  {
    margin: 0,
    color: vars.color.textMuted,
    fontSize: vars.font.size.small,
    overflowWrap: 'anywhere',
  },
])

export const name = style({ color: vars.color.text, fontWeight: vars.font.weight.semibold })
