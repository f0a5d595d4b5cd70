import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

// Notifications sit at the bottom corner at the inline start (left in LTR, right in RTL); the newest is nearest the corner.
export const region = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'small' }),
  {
    position: 'fixed',
    insetInlineStart: vars.space.large,
    insetBlockEnd: vars.space.large,
    zIndex: vars.zIndex.toast,
    width: `min(${vars.size.toast}, calc(100% - 2 * ${vars.space.large}))`,
    pointerEvents: 'none',
  },
])

export const toast = recipe({
  base: [
    sprinkles({
      display: 'flex',
      alignItems: 'center',
      gap: 'small',
      paddingY: 'small',
      paddingInlineStart: 'medium',
      paddingInlineEnd: 'small',
      borderRadius: 'medium',
      boxShadow: 'medium',
      background: 'raised',
    }),
    baseText,
    {
      boxSizing: 'border-box',
      minHeight: vars.size.control.large,
      border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
      borderInlineStartWidth: vars.space.xsmall,
      pointerEvents: 'auto',
    },
  ],
  variants: {
    tone: {
      pending: { borderInlineStartColor: vars.color.accent },
      success: { borderInlineStartColor: vars.color.success },
      error: { borderInlineStartColor: vars.color.danger },
      info: { borderInlineStartColor: vars.color.borderStrong },
    },
  },
  defaultVariants: { tone: 'info' },
})

export const icon = recipe({
  base: { display: 'inline-flex', flexShrink: 0 },
  variants: {
    tone: {
      pending: { color: vars.color.accentText },
      success: { color: vars.color.success },
      error: { color: vars.color.danger },
      info: { color: vars.color.textMuted },
    },
  },
})

export const message = style([sprinkles({ flexGrow: 1, minWidth: '0' }), { overflowWrap: 'anywhere' }])

// The action reads as a link-like command in the accent colour, so it stands apart from the message.
export const action = style({ flexShrink: 0, color: vars.color.accentText })
