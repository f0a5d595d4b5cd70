import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { focusRing, state } from '../../theme/states.ts'

export const tile = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'sunken' }),
  {
    position: 'relative',
    boxSizing: 'border-box',
    minWidth: 0,
    aspectRatio: '1',
    overflow: 'hidden',
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    selectors: {
      // A wash over the picture, so hover and selection read on any thumbnail.
      '&::after': {
        content: '""',
        position: 'absolute',
        inset: 0,
        pointerEvents: 'none',
        transitionProperty: 'background-color, box-shadow',
        transitionDuration: vars.motion.duration.fast,
      },
      [`${state.hover}::after`]: { background: vars.color.hover },
      [`&[aria-selected="true"]::after, &[data-selected="true"]::after`]: {
        background: vars.color.pressed,
        boxShadow: `inset 0 0 0 calc(2 * ${vars.borderWidth.thick}) ${vars.color.accent}`,
      },
      [state.focusVisible]: { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
])

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' })

export const play = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 'full' }),
  {
    // Centred by auto margins in a zero inset, not by a translate: a translate is physical, so
    // under dir="rtl" it would push an inline-start-anchored mark off the centre.
    position: 'absolute',
    insetBlock: 0,
    insetInline: 0,
    margin: 'auto',
    width: vars.size.control.large,
    height: vars.size.control.large,
    background: vars.color.backdrop,
    color: vars.color.textOnMedia,
    pointerEvents: 'none',
  },
])

// Over a badge (no picture) the play mark moves to a corner, out of the badge's way.
export const playCorner = style({
  insetBlockStart: 'auto',
  insetInlineStart: 'auto',
  insetBlockEnd: vars.space.xsmall,
  insetInlineEnd: vars.space.xsmall,
  margin: 0,
  width: vars.size.control.small,
  height: vars.size.control.small,
})

export const error = style({ color: vars.color.dangerText })

// The name over the bottom of a picture, shown while the tile is hovered or focused.
export const caption = style([
  sprinkles({ fontSize: 'small', paddingX: 'xsmall', paddingY: 'xxsmall' }),
  {
    position: 'absolute',
    insetInline: 0,
    insetBlockEnd: 0,
    zIndex: 1,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    background: vars.color.backdrop,
    color: vars.color.textOnMedia,
    pointerEvents: 'none',
    opacity: 0,
    transitionProperty: 'opacity',
    transitionDuration: vars.motion.duration.fast,
    selectors: {
      [`${tile}:hover &, ${tile}:focus-visible &`]: { opacity: 1 },
    },
  },
])

/** A tile's badge (whose photo it is): over the picture's top start corner, never in the way of a click. */
export const badge = style([
  sprinkles({ paddingX: 'xxsmall' }),
  {
    position: 'absolute',
    insetBlockStart: vars.space.xsmall,
    insetInlineStart: vars.space.xsmall,
    zIndex: 1,
    maxWidth: `calc(100% - 2 * ${vars.space.xsmall})`,
    overflow: 'hidden',
    borderRadius: vars.radius.small,
    // Legible over any picture, as the caption is.
    background: vars.color.backdrop,
    color: vars.color.textOnMedia,
    pointerEvents: 'none',
  },
])
