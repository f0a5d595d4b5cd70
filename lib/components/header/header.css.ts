import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'medium', paddingX: 'large', background: 'surface' }),
  baseText,
  {
    boxSizing: 'border-box',
    height: vars.size.header,
    borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  },
])

export const logo = style([
  sprinkles({
    display: 'inline-flex',
    alignItems: 'center',
    gap: 'small',
    fontSize: 'large',
    fontWeight: 'semibold',
    borderRadius: 'small',
    flexShrink: 0,
  }),
  {
    color: vars.color.text,
    textDecoration: 'none',
    lineHeight: vars.font.lineHeight.tight,
    selectors: { [state.focusVisible]: focusRing },
  },
])

export const logoMark = style({
  color: vars.color.accent,
  width: vars.size.icon.large,
  height: vars.size.icon.large,
  flexShrink: 0,
})

export const search = sprinkles({ display: 'flex', justifyContent: 'center', flexGrow: 1, minWidth: '0' })

// Responsive: the menu button below the desktop breakpoint (the sidebar is a drawer), the cog from it.
export const slot = recipe({
  base: [sprinkles({ display: 'flex' }), { alignItems: 'center', flexShrink: 0 }],
  variants: {
    responsive: { true: {}, false: {} },
    show: { mobile: {}, desktop: {} },
  },
  compoundVariants: [
    {
      variants: { responsive: true, show: 'mobile' },
      style: sprinkles({ display: { mobile: 'flex', desktop: 'none' } }),
    },
    {
      variants: { responsive: true, show: 'desktop' },
      style: sprinkles({ display: { mobile: 'none', desktop: 'flex' } }),
    },
  ],
})

// Keeps the bar's height when the search slot is empty or the cog hidden.
export const end = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall', flexShrink: 0 })
