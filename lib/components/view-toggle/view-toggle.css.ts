import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'

export const root = style([
  sprinkles({
    display: 'inline-flex',
    alignItems: 'center',
    gap: 'xxsmall',
    padding: 'xxsmall',
    borderRadius: 'medium',
    background: 'sunken',
  }),
])

// The chosen view reads as a raised segment.
export const option = style({
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.surface,
      color: vars.color.accentText,
      boxShadow: vars.shadow.small,
    },
  },
})
