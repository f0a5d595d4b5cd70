import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'

// The thumbnail at its own shape, as wide as its box; a tall one stops at the info pane's width.
export const thumbnail = style([
  sprinkles({ display: 'block', borderRadius: 'medium' }),
  {
    inlineSize: '100%',
    blockSize: 'auto',
    maxBlockSize: vars.size.infoPane,
    objectFit: 'contain',
    background: vars.color.surfaceSunken,
  },
])
