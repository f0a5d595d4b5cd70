import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { focusRing, state } from '../../theme/states.ts'

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  alignSelf: 'flex-start',
  cursor: 'pointer',
})

export const checkbox = style({
  inlineSize: vars.size.icon.small,
  blockSize: vars.size.icon.small,
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.accent,
  cursor: 'pointer',
  selectors: { [state.focusVisible]: focusRing },
})

// Three choices may not fit one line of a small dialog: they wrap rather than squeeze.
export const actions = style({ flexWrap: 'wrap' })
