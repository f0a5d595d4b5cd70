import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

// The field grows to at most 700 px.
export const form = style([
  baseText,
  {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    maxWidth: vars.size.search.width,
    minWidth: 0,
    margin: 0,
  },
])

export const searchIcon = style({
  position: 'absolute',
  insetInlineStart: vars.space.medium,
  color: vars.color.textMuted,
  pointerEvents: 'none',
})

export const input = style([
  baseText,
  {
    boxSizing: 'border-box',
    width: '100%',
    height: vars.size.control.large,
    margin: 0,
    paddingInlineStart: `calc(${vars.space.medium} + ${vars.size.icon.small} + ${vars.space.small})`,
    paddingInlineEnd: `calc(${vars.size.control.small} + ${vars.space.small})`,
    border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    borderRadius: vars.radius.full,
    background: vars.color.surfaceSunken,
    selectors: {
      [state.hover]: { borderColor: vars.color.borderStrong },
      [state.focusVisible]: { ...focusRing, outlineOffset: 0 },
      '&:focus': { ...focusRing, outlineOffset: 0, background: vars.color.surface },
      [state.disabled]: { opacity: 0.5 },
      '&::placeholder': { color: vars.color.textMuted },
      // The clear button is ours; the browser's own would double it.
      '&::-webkit-search-cancel-button': { display: 'none' },
    },
  },
])

export const clear = style({ position: 'absolute', insetInlineEnd: vars.space.small })

// The dropdown hangs 4 px under the field, as wide as it, at most 400 px tall, each row 47 px high.
// It is the field's own child (no portal), so it takes the field's direction and theme.
export const popover = style([
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
    position: 'absolute',
    top: `calc(100% + ${vars.space.xsmall})`,
    insetInline: 0,
    zIndex: vars.zIndex.popover,
    // On a short screen it ends above the bottom edge (the field sits in the header).
    maxHeight: `min(${vars.size.search.suggestions}, calc(100dvh - ${vars.size.header}))`,
    overflowY: 'auto',
    border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    outline: 'none',
    opacity: 0,
    transitionProperty: 'opacity',
    transitionDuration: vars.motion.duration.fast,
    selectors: { [state.enter]: { opacity: 1 } },
  },
])

export const groupLabel = style([
  sprinkles({
    paddingX: 'small',
    paddingTop: 'small',
    paddingBottom: 'xsmall',
    fontSize: 'xsmall',
    fontWeight: 'semibold',
    color: 'muted',
  }),
  { textTransform: 'uppercase', letterSpacing: '0.04em' },
])

export const item = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'medium', paddingX: 'small', borderRadius: 'small' }),
  {
    boxSizing: 'border-box',
    flexShrink: 0,
    height: vars.size.search.row,
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    scrollMargin: vars.space.xsmall,
    userSelect: 'none',
    selectors: { [state.activeItem]: { background: vars.color.hover } },
  },
])

export const itemIcon = style({ color: vars.color.textMuted })

// The badge column is as wide as a small badge, so names line up under the folder icons.
export const badgeCell = style({
  display: 'inline-flex',
  justifyContent: 'center',
  flexShrink: 0,
  minWidth: vars.size.badge.small,
})

export const itemName = style([
  sprinkles({ flexGrow: 1, minWidth: '0' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

export const empty = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 'small', color: 'muted' }),
  {
    boxSizing: 'border-box',
    flexShrink: 0,
    height: vars.size.search.row,
    margin: 0,
    cursor: 'default',
    outline: 'none',
  },
])

// Name and path stacked inside the 47 px row: 14 px and 12 px text at the tight line height take
// about 33 px, which leaves the row's height as it is.
export const itemText = style([
  sprinkles({ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '0' }),
  { lineHeight: vars.font.lineHeight.tight },
])

export const itemPath = style([
  sprinkles({ fontSize: 'small', color: 'muted' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])
