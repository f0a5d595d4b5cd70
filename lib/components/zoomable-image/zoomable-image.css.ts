import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { focusRing, state } from '../../theme/states.ts'

export const frame = style([
  {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexGrow: 1,
    alignSelf: 'stretch',
    inlineSize: '100%',
    blockSize: '100%',
    minInlineSize: 0,
    minBlockSize: 0,
    overflow: 'hidden',
    // The frame's own size, so the picture fits it (and, turned, fits it with its sides swapped).
    containerType: 'size',
    // Every gesture is ours: the page neither scrolls nor zooms under the fingers.
    touchAction: 'none',
    userSelect: 'none',
    WebkitUserSelect: 'none',
    selectors: {
      '&[data-state="zoomed"]': { cursor: 'grab' },
      // Inside, since the frame's overflow clips what lies outside it.
      [state.focusVisible]: { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
])

export const image = style({
  display: 'block',
  maxInlineSize: '100cqw',
  maxBlockSize: '100cqh',
  transformOrigin: 'center',
  // Not while a finger or the wheel drives it: the picture follows at once.
  selectors: {
    '&[data-turned]': { maxInlineSize: '100cqh', maxBlockSize: '100cqw' },
    '&[data-animate]': {
      transition: `transform ${vars.motion.duration.modal} ${vars.motion.easing.standard}`,
    },
  },
  // Safari drags a copy of the picture out otherwise.
  WebkitUserDrag: 'none',
} as Parameters<typeof style>[0])
