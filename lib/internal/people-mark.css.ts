import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.ts'

// Over a file card's preview, in its top corner: the name and date lines keep their room.
export const overPreview = style({
  position: 'absolute',
  insetBlockStart: vars.space.small,
  insetInlineEnd: vars.space.small,
  maxInlineSize: `calc(100% - 2 * ${vars.space.small})`,
  background: vars.color.surface,
  boxShadow: vars.shadow.small,
})
