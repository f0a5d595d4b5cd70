import { style } from '@vanilla-extract/css'
import { textInput } from '../../internal/text-input.css.ts'
import { vars } from '../../theme/contract.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const form = style({
  ...baseText,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  minWidth: 0,
})

// One option: its switch, then (when on) its field, indented under the switch's label.
export const option = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
})

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  alignSelf: 'flex-start',
  fontWeight: vars.font.weight.semibold,
  cursor: 'pointer',
})

export const checkbox = style({
  inlineSize: vars.size.icon.small,
  blockSize: vars.size.icon.small,
  margin: 0,
  accentColor: vars.color.accent,
  cursor: 'pointer',
  selectors: { [state.focusVisible]: focusRing },
})

export const detail = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  paddingInlineStart: `calc(${vars.size.icon.small} + ${vars.space.small})`,
  minWidth: 0,
})

export const label = style({ fontSize: vars.font.size.small, fontWeight: vars.font.weight.semibold })

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  flexWrap: 'wrap',
  minWidth: 0,
})

export const input = style([
  textInput,
  { flex: '1 1 12em', minWidth: 0, color: vars.color.text, colorScheme: 'light dark' },
])

// Numbers are short: the field need not fill the row.
export const numberInput = style([
  textInput,
  { inlineSize: '8em', flex: '0 0 auto', color: vars.color.text, colorScheme: 'light dark' },
])

export const unit = style([
  textInput,
  {
    inlineSize: 'auto',
    flex: '0 0 auto',
    paddingInlineEnd: vars.space.small,
    color: vars.color.text,
    colorScheme: 'light dark',
    cursor: 'pointer',
  },
])

export const note = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.textMuted })

export const fieldError = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.dangerText })

// The refusal from outside (the server's reason), above the buttons.
export const formError = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  margin: 0,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  borderRadius: vars.radius.medium,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
  fontSize: vars.font.size.small,
})

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.small, flexWrap: 'wrap' })
