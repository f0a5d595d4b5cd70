import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

export const root = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'large' }),
  baseText,
  { minWidth: 0 },
])

// The file name sits in a box beside a Copy name button.
export const nameBox = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    gap: 'medium',
    padding: 'medium',
    borderRadius: 'medium',
    background: 'sunken',
  }),
  { border: `${vars.borderWidth.thin} solid ${vars.color.border}` },
])

export const name = style([
  sprinkles({ flexGrow: 1, minWidth: '0', fontWeight: 'semibold' }),
  { overflowWrap: 'anywhere' },
])

export const block = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'small' })

export const heading = style([
  sprinkles({ margin: 'none', fontSize: 'medium', fontWeight: 'semibold', lineHeight: 'tight' }),
])

export const list = style([
  sprinkles({ display: 'grid', gap: 'small', margin: 'none' }),
  { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space.large },
])

export const term = sprinkles({ color: 'muted' })

export const value = style([sprinkles({ margin: 'none' }), { overflowWrap: 'anywhere' }])

export const actions = sprinkles({ display: 'flex', justifyContent: 'flex-end' })
