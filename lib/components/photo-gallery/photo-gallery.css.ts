import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { focusRing, state } from '../../theme/states.ts'

/** The element that holds the rows; its width is the width the rows fill. */
export const list = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minWidth: 0, minHeight: 0 })

// Virtuoso keeps the current month's header stuck to the top of the scroller; an opaque surface
// lets the pictures pass under it.
export const monthHeader = style([
  sprinkles({
    fontSize: 'medium',
    fontWeight: 'semibold',
    paddingY: 'small',
    margin: 'none',
    background: 'bg',
    color: 'text',
  }),
])

/** One row of tiles; the heights and widths come from the layout, inline. */
export const row = style({ display: 'flex', flexWrap: 'nowrap', boxSizing: 'border-box' })

/** A tile's size is set by the layout: never by the flex container. */
export const tile = style({ flex: '0 0 auto' })

/** The list beside the date scrubber: the rows take the width the scrubber leaves. */
export const withScrubber = style({ display: 'flex', flex: '1 1 auto', minWidth: 0, minHeight: 0 })

// The scrubber fills an own scroller's height, beside it; it scrolls itself when the months outgrow it.
// One width whatever the months read ("May", "Sept."), so the rows never re-pack as months load.
export const scrubber = style([
  sprinkles({ paddingX: 'xxsmall', paddingY: 'xsmall', background: 'bg' }),
  {
    flex: '0 0 auto',
    boxSizing: 'content-box',
    inlineSize: vars.size.control.large,
    overflowY: 'auto',
    borderInlineStart: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  },
])

/** On a page that scrolls: it sticks to the top, at most a screen tall (the offset is taken off inline). */
export const scrubberSticky = style({
  position: 'sticky',
  insetBlockStart: 0,
  alignSelf: 'flex-start',
  maxBlockSize: '100vh',
})

export const scrubberList = style({ listStyle: 'none', margin: 0, padding: 0 })

export const scrubberYear = style([
  sprinkles({
    display: 'block',
    fontSize: 'xsmall',
    fontWeight: 'semibold',
    color: 'muted',
    paddingX: 'xsmall',
    paddingY: 'xxsmall',
    textAlign: 'center',
  }),
])

export const scrubberMonth = style([
  sprinkles({
    display: 'block',
    fontSize: 'xsmall',
    color: 'text',
    paddingX: 'xsmall',
    paddingY: 'xxsmall',
    borderRadius: 'small',
    textAlign: 'center',
  }),
  {
    inlineSize: '100%',
    border: 'none',
    background: 'transparent',
    cursor: 'pointer',
    font: 'inherit',
    selectors: {
      [state.hover]: { background: vars.color.hover },
      [state.pressed]: { background: vars.color.pressed },
      [state.focusVisible]: focusRing,
    },
  },
])
