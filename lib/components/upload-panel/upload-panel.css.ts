import { globalStyle, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

const gutter = vars.space.large

// Bottom-right, at most 300 px tall; the list scrolls inside.
export const panel = recipe({
  base: [
    sprinkles({ display: 'flex', flexDirection: 'column', background: 'raised', borderRadius: 'large', boxShadow: 'large' }),
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
      fixed: { position: 'fixed', right: gutter, bottom: gutter, zIndex: vars.zIndex.popover },
      static: { position: 'relative' },
    },
  },
  defaultVariants: { position: 'fixed' },
})

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall', paddingY: 'xsmall', paddingLeft: 'large', paddingRight: 'xsmall', background: 'sunken' }),
  { flexShrink: 0, minHeight: vars.size.control.large, boxSizing: 'border-box' },
])

export const title = style([
  sprinkles({ margin: 'none', flexGrow: 1, minWidth: '0', fontSize: 'medium', fontWeight: 'semibold', lineHeight: 'tight' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

// The "expand" glyph is the chevron turned to point up (the panel grows upwards).
export const expandButton = style({})
globalStyle(`${expandButton} svg`, { transform: 'rotate(180deg)' })

export const list = style([
  sprinkles({ display: 'flex', flexDirection: 'column', margin: 'none', padding: 'none' }),
  // Minimized: the hidden attribute must win over the flex display above.
  { listStyle: 'none', overflowY: 'auto', minHeight: 0, flexGrow: 1, selectors: { '&[hidden]': { display: 'none' } } },
])

export const row = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xsmall', paddingY: 'small', paddingX: 'large' }),
  { borderTop: `${vars.borderWidth.thin} solid ${vars.color.border}`, selectors: { '&:first-child': { borderTopWidth: 0 } } },
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
      canceled: { color: vars.color.dangerText },
    },
  },
})
