import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const content = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'large', padding: 'large' }),
  baseText,
  { boxSizing: 'border-box', width: vars.size.sidebar, minWidth: 0 },
])

// Desktop: a static column beside the content.
export const column = style([
  sprinkles({ background: 'surface' }),
  { flexShrink: 0, alignSelf: 'stretch', borderInlineEnd: `${vars.borderWidth.thin} solid ${vars.color.border}` },
])

export const addNew = style({ width: '100%' })

// The footer sits at the foot of the column or drawer, below the destinations.
export const footer = style({ marginBlockStart: 'auto' })

export const list = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxsmall', margin: 'none', padding: 'none' }),
  { listStyle: 'none' },
])

export const item = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    gap: 'medium',
    paddingX: 'medium',
    borderRadius: 'medium',
    fontWeight: 'semibold',
  }),
  baseText,
  {
    boxSizing: 'border-box',
    width: '100%',
    minHeight: vars.size.control.large,
    margin: 0,
    border: 'none',
    background: 'transparent',
    color: vars.color.textMuted,
    textAlign: 'start',
    textDecoration: 'none',
    cursor: 'pointer',
    selectors: {
      [state.hover]: { background: vars.color.hover, color: vars.color.text },
      [state.focusVisible]: { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
      '&[aria-current="page"]': { background: vars.color.accentSubtle, color: vars.color.accentText },
    },
  },
])

// A destination without an icon keeps its label in line with the others'.
export const noIcon = style({ flex: 'none', inlineSize: vars.size.icon.medium })

// Mobile: a drawer that slides in from the left over a backdrop.
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  background: vars.color.backdrop,
  opacity: 0,
  transitionProperty: 'opacity',
  transitionDuration: vars.motion.duration.modal,
  transitionTimingFunction: vars.motion.easing.standard,
  selectors: { [state.enter]: { opacity: 1 } },
})

export const drawer = style([
  sprinkles({ background: 'raised', boxShadow: 'large' }),
  {
    position: 'fixed',
    insetBlock: 0,
    insetInlineStart: 0,
    zIndex: vars.zIndex.modal,
    maxWidth: `calc(100% - ${vars.size.control.large})`,
    overflowY: 'auto',
    outline: 'none',
    transform: 'translateX(-100%)',
    transitionProperty: 'transform',
    transitionDuration: vars.motion.duration.modal,
    transitionTimingFunction: vars.motion.easing.standard,
    selectors: {
      // It slides in from the inline start: from the right in RTL.
      ':where([dir="rtl"]) &': { transform: 'translateX(100%)' },
      [state.enter]: { transform: 'none' },
    },
  },
])

export const drawerHeader = sprinkles({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 'small',
})

export const drawerTitle = style([
  sprinkles({ margin: 'none', fontSize: 'large', fontWeight: 'semibold', lineHeight: 'tight' }),
])
