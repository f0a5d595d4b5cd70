import { style } from '@vanilla-extract/css'
import { sprinkles } from '../../theme/sprinkles.css.ts'

/** The element that holds the rows; its width is the width the rows fill. */
export const list = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minWidth: 0, minHeight: 0 })

// Virtuoso keeps the current month's header stuck to the top of the scroller; an opaque surface
// lets the pictures pass under it.
export const monthHeader = style([
  sprinkles({ fontSize: 'medium', fontWeight: 'semibold', paddingY: 'small', margin: 'none', background: 'bg', color: 'text' }),
])

/** One row of tiles; the heights and widths come from the layout, inline. */
export const row = style({ display: 'flex', flexWrap: 'nowrap', boxSizing: 'border-box' })

/** A tile's size is set by the layout: never by the flex container. */
export const tile = style({ flex: '0 0 auto' })
