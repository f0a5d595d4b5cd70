import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const body = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'large' })

export const file = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    gap: 'medium',
    padding: 'medium',
    borderRadius: 'medium',
    background: 'sunken',
  }),
  { minWidth: 0 },
])

export const fileName = style([
  sprinkles({ flexGrow: 1, minWidth: '0', fontWeight: 'semibold' }),
  { overflowWrap: 'anywhere' },
])

export const field = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xsmall' })

export const label = style([sprinkles({ fontWeight: 'semibold', fontSize: 'small' }), { color: vars.color.text }])

export const linkRow = sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' })

export const input = style([
  sprinkles({ paddingX: 'medium', flexGrow: 1, minWidth: '0' }),
  baseText,
  {
    boxSizing: 'border-box',
    height: vars.size.control.medium,
    margin: 0,
    border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.medium,
    background: vars.color.surfaceSunken,
    color: vars.color.text,
    textOverflow: 'ellipsis',
    selectors: {
      [state.focusVisible]: { ...focusRing, outlineOffset: 0 },
      '&::placeholder': { color: vars.color.textMuted },
    },
  },
])
