import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'

export const note = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minWidth: 0,
})

// The last days stand out: the item is about to go for good.
export const daysLeft = style({
  selectors: { '&[data-soon]': { color: vars.color.dangerText, fontWeight: vars.font.weight.semibold } },
})
