import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { textInput } from '../../internal/text-input.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'

export const form = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'large' })

export const field = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xsmall' })

export const input = textInput

export const error = style([sprinkles({ margin: 'none', fontSize: 'small' }), { color: vars.color.dangerText }])
