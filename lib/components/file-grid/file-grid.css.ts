import { style } from '@vanilla-extract/css'
import { cardGrid, narrowCardGrid } from '../../internal/card.css.ts'
import { vars } from '../../theme/contract.css.ts'
// Emits the collection's grid first, so the compact columns below come later and win.
import '../virtual-collection/virtual-collection.css.ts'

export const root = style({ containerName: cardGrid, containerType: 'inline-size' })

// A phone shows two compact cards a row rather than one card a screen.
export const list = style({
  '@container': { [narrowCardGrid]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.small } },
})
