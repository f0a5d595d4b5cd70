import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const field = recipe({
  base: [sprinkles({ display: 'flex', gap: 'xsmall' }), baseText],
  variants: {
    layout: {
      stacked: sprinkles({ flexDirection: 'column', alignItems: 'flex-start' }),
      inline: sprinkles({ flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', gap: 'medium' }),
    },
  },
  defaultVariants: { layout: 'stacked' },
})

export const label = style([sprinkles({ fontWeight: 'semibold', fontSize: 'small' }), { color: vars.color.text }])

export const hint = style([sprinkles({ fontSize: 'small', color: 'muted' }), { margin: 0 }])

export const trigger = style([
  sprinkles({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'small',
    paddingX: 'medium',
  }),
  baseText,
  {
    boxSizing: 'border-box',
    minWidth: vars.size.select,
    maxWidth: '100%',
    height: vars.size.control.medium,
    margin: 0,
    border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.medium,
    background: vars.color.surface,
    textAlign: 'start',
    cursor: 'pointer',
    selectors: {
      [state.hover]: { borderColor: vars.color.text },
      [state.expanded]: { borderColor: vars.color.accent },
      [state.focusVisible]: focusRing,
      [state.disabled]: { opacity: 0.5, cursor: 'not-allowed' },
      [state.busy]: { cursor: 'progress' },
    },
  },
])

export const value = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

export const placeholder = style({ color: vars.color.textMuted })

// Checked option: accent text, on top of the shared item look.
export const checked = style({
  selectors: { [state.checked]: { color: vars.color.accentText, fontWeight: vars.font.weight.semibold } },
})

export const check = style({ display: 'inline-flex', flexShrink: 0 })
