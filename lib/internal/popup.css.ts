import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.ts'
import { sprinkles } from '../theme/sprinkles.css.ts'
import { baseText, state } from '../theme/states.ts'

// The floating list look that Select, Menu and ContextMenu share.

export const popupSurface = style([
  sprinkles({
    display: 'flex',
    flexDirection: 'column',
    padding: 'xsmall',
    background: 'raised',
    borderRadius: 'medium',
    boxShadow: 'medium',
  }),
  baseText,
  {
    boxSizing: 'border-box',
    zIndex: vars.zIndex.popover,
    // Ariakit sets --popover-available-height so the list never runs off screen.
    maxHeight: `min(var(--popover-available-height, ${vars.size.popover}), ${vars.size.popover})`,
    overflowY: 'auto',
    border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    outline: 'none',
    opacity: 0,
    transitionProperty: 'opacity',
    transitionDuration: vars.motion.duration.fast,
    selectors: { [state.enter]: { opacity: 1 } },
  },
])

export const popupItem = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'small', paddingX: 'small', borderRadius: 'small' }),
  {
    minHeight: vars.size.control.small,
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    scrollMargin: vars.space.xsmall,
    userSelect: 'none',
    selectors: {
      [state.activeItem]: { background: vars.color.hover },
      [state.disabled]: { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
])
