import { globalStyle, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { insetFocusRing } from '../../internal/card.css.ts'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

const gutter = vars.space.large

// Bottom corner at the inline end (right in LTR, left in RTL), at most 300 px tall; the list scrolls inside.
export const panel = recipe({
  base: [
    sprinkles({
      display: 'flex',
      flexDirection: 'column',
      background: 'raised',
      borderRadius: 'large',
      boxShadow: 'large',
    }),
    baseText,
    {
      boxSizing: 'border-box',
      width: `min(${vars.size.uploadPanel.width}, calc(100vw - 2 * ${gutter}))`,
      maxHeight: vars.size.uploadPanel.maxHeight,
      overflow: 'hidden',
      border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    },
  ],
  variants: {
    position: {
      fixed: { position: 'fixed', insetInlineEnd: gutter, insetBlockEnd: gutter, zIndex: vars.zIndex.popover },
      static: { position: 'relative' },
    },
  },
  defaultVariants: { position: 'fixed' },
})

export const header = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    gap: 'xsmall',
    paddingY: 'xsmall',
    paddingInlineStart: 'large',
    paddingInlineEnd: 'xsmall',
    background: 'sunken',
  }),
  { flexShrink: 0, minHeight: vars.size.control.large, boxSizing: 'border-box' },
])

export const heading = style([sprinkles({ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '0' })])

export const title = style([
  sprinkles({ margin: 'none', minWidth: '0', fontSize: 'medium', fontWeight: 'semibold', lineHeight: 'tight' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

// "2 failed, 1 canceled" under the title.
// Red when something failed or was canceled; muted when the user only skipped some.
export const summary = recipe({
  base: [sprinkles({ margin: 'none', fontSize: 'small', lineHeight: 'tight' })],
  variants: { tone: { danger: { color: vars.color.dangerText }, muted: { color: vars.color.textMuted } } },
  defaultVariants: { tone: 'danger' },
})

// The "expand" glyph is the chevron turned to point up (the panel grows upwards).
export const expandButton = style({})
globalStyle(`${expandButton} svg`, { transform: 'rotate(180deg)' })

export const list = style([
  sprinkles({ display: 'flex', flexDirection: 'column', margin: 'none', padding: 'none' }),
  // Minimized: the hidden attribute must win over the flex display above.
  // A tab stop once no row has a button (so the keyboard can scroll it); the ring sits inside, as the panel clips what overflows.
  {
    listStyle: 'none',
    overflowY: 'auto',
    minHeight: 0,
    flexGrow: 1,
    selectors: { '&[hidden]': { display: 'none' }, [state.focusVisible]: insetFocusRing(focusRing) },
  },
])

export const row = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xsmall', paddingY: 'small', paddingX: 'large' }),
  {
    borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    selectors: { '&:first-child': { borderTopWidth: 0 } },
  },
])

export const rowTop = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' }),
  { minHeight: vars.size.control.small },
])

export const name = style([
  sprinkles({ flexGrow: 1, minWidth: '0' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

export const kindIcon = style({ color: vars.color.textMuted })

export const status = recipe({
  base: [
    sprinkles({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }),
    { flexShrink: 0, width: vars.size.control.small, height: vars.size.control.small },
  ],
  variants: {
    state: {
      completed: { color: vars.color.success },
      failed: { color: vars.color.dangerText },
      canceled: { color: vars.color.dangerText },
      skipped: { color: vars.color.textMuted },
    },
  },
})

// Under the bar: the row's text and its extra action, side by side while they fit.
export const rowFoot = style([
  sprinkles({ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }),
  { columnGap: vars.space.small, rowGap: vars.space.xsmall },
])

// Why a row did not finish ("Network Error", "Canceled"), or where it stands ("Paused",
// "1.2 MB/s · 3 min left"). Tabular digits keep the speed from jittering as it ticks.
export const note = recipe({
  base: [
    sprinkles({ margin: 'none', fontSize: 'small', lineHeight: 'tight' }),
    { flexGrow: 1, flexBasis: 0, minWidth: '8em', overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
  ],
  variants: {
    tone: {
      muted: { color: vars.color.textMuted },
      warning: { color: vars.color.warning },
      danger: { color: vars.color.dangerText },
    },
  },
})

export const action = style({ flexShrink: 0, marginInlineStart: 'auto' })
