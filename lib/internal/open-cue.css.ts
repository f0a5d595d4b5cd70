import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.ts'

/**
 * The "Open" cue a selected card shows on touch, where a first tap only selects: a pill at the
 * card's end corner saying a second tap opens it.
 */
export const openCue = style({
  position: 'absolute',
  insetBlockStart: vars.space.xsmall,
  insetInlineEnd: vars.space.xsmall,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xxsmall,
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  color: vars.color.textOnAccent,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  pointerEvents: 'none',
})
