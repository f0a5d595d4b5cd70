import { style } from '@vanilla-extract/css'
import { popupSurface } from '../../internal/popup.css.ts'
import { textInput } from '../../internal/text-input.css.ts'
import { vars } from '../../theme/contract.css.ts'

// The popover: the floating surface menus use, with room for a small form.
export const popover = style([popupSurface, { padding: vars.space.medium, maxHeight: 'none', overflowY: 'visible' }])

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium, minWidth: 0 })

export const fields = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.medium })

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, minWidth: 0 })

export const label = style({ fontSize: vars.font.size.small, fontWeight: vars.font.weight.semibold })

export const input = style([textInput, { inlineSize: 'auto', color: vars.color.text, colorScheme: 'light dark' }])

export const error = style({ margin: 0, fontSize: vars.font.size.small, color: vars.color.dangerText })

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.small })
