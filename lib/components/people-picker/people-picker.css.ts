import { style } from '@vanilla-extract/css'
import { popupItem, popupSurface } from '../../internal/popup.css.ts'
import { textInput } from '../../internal/text-input.css.ts'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

// minWidth 0: in a flex row the component shrinks and cuts long names instead of overflowing.
export const root = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xsmall' }),
  baseText,
  { minWidth: 0 },
])

export const label = style([sprinkles({ fontWeight: 'semibold', fontSize: 'small' }), { color: vars.color.text }])

export const field = style({ position: 'relative', display: 'flex', alignItems: 'center' })

export const searchIcon = style({
  position: 'absolute',
  insetInlineStart: vars.space.medium,
  color: vars.color.textMuted,
  pointerEvents: 'none',
})

// Room for the search icon at the start and the spinner at the end.
export const input = style([
  textInput,
  {
    paddingInlineStart: `calc(${vars.space.medium} + ${vars.size.icon.small} + ${vars.space.small})`,
    paddingInlineEnd: `calc(${vars.space.medium} + ${vars.size.icon.small})`,
  },
])

export const spinner = style({ position: 'absolute', insetInlineEnd: vars.space.medium })

// As tall as the search bar's suggestions at most.
export const popover = style([
  popupSurface,
  {
    maxHeight: `min(var(--popover-available-height, ${vars.size.search.suggestions}), ${vars.size.search.suggestions})`,
  },
])

export const item = style([
  popupItem,
  {
    flexShrink: 0,
    gap: vars.space.medium,
    minHeight: vars.size.search.row,
    paddingBlock: vars.space.xsmall,
  },
])

export const empty = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'muted' }),
  { flexShrink: 0, minHeight: vars.size.search.row, margin: 0, cursor: 'default', outline: 'none' },
])
