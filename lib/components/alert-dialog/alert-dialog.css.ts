import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'

export const body = sprinkles({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 'medium',
  textAlign: 'center',
})

export const icon = recipe({
  base: [sprinkles({ display: 'inline-flex', padding: 'small', borderRadius: 'full' })],
  variants: {
    tone: {
      error: { color: vars.color.danger, background: vars.color.dangerSubtle },
      warning: { color: vars.color.warning, background: vars.color.warningSubtle },
    },
  },
})

export const text = style({ textAlign: 'center' })

export const actions = sprinkles({ justifyContent: 'center' })
