import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'

export const menu = style({ minWidth: vars.size.menu })

export const danger = style({ color: vars.color.dangerText })

export const itemIcon = style({ color: vars.color.textMuted, selectors: { [`${danger} &`]: { color: 'inherit' } } })

export const separator = style([
  sprinkles({ marginY: 'xsmall', marginX: 'none' }),
  { height: 0, border: 'none', borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}` },
])
