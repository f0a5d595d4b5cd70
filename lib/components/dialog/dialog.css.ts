import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, state } from '../../theme/states.ts'

// Closed is the base state; Ariakit adds data-enter once open and keeps the element mounted until
// the 200 ms transition ends. Reduced motion makes it 0 ms.
const fade = {
  opacity: 0,
  transitionProperty: 'opacity, transform',
  transitionDuration: vars.motion.duration.modal,
  transitionTimingFunction: vars.motion.easing.standard,
} as const

export const backdrop = style({
  ...fade,
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  background: vars.color.backdrop,
  selectors: { [state.enter]: { opacity: 1 } },
})

const gutter = vars.space.large

export const panel = recipe({
  base: [
    sprinkles({ display: 'flex', flexDirection: 'column', gap: 'large', background: 'raised', boxShadow: 'large' }),
    baseText,
    {
      ...fade,
      position: 'fixed',
      zIndex: vars.zIndex.modal,
      boxSizing: 'border-box',
      overflow: 'auto',
      outline: 'none',
      selectors: { [state.enter]: { opacity: 1, transform: 'none' } },
    },
  ],
  variants: {
    size: {
      small: {},
      medium: {},
      large: {},
      fullscreen: { inset: 0, borderRadius: 0, padding: gutter },
    },
  },
  compoundVariants: (['small', 'medium', 'large'] as const).map((size) => ({
    variants: { size },
    style: {
      insetInline: gutter,
      top: '50%',
      marginInline: 'auto',
      width: `min(${vars.size.dialog[size]}, calc(100% - 2 * ${gutter}))`,
      maxHeight: `calc(100% - 2 * ${gutter})`,
      padding: vars.space.xlarge,
      borderRadius: vars.radius.large,
      transform: `translateY(calc(-50% + ${vars.space.small}))`,
      selectors: { [state.enter]: { transform: 'translateY(-50%)' } },
    },
  })),
  defaultVariants: { size: 'medium' },
})

export const header = sprinkles({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 'medium',
})

export const heading = style([
  sprinkles({
    fontSize: 'large',
    fontWeight: 'semibold',
    lineHeight: 'tight',
    margin: 'none',
    flexGrow: 1,
    minWidth: '0',
  }),
  { overflowWrap: 'anywhere' },
])

export const closeButton = style({
  marginBlock: `calc(-1 * ${vars.space.small})`,
  marginInlineEnd: `calc(-1 * ${vars.space.small})`,
})

export const description = style([sprinkles({ margin: 'none', color: 'muted' }), { overflowWrap: 'anywhere' }])

export const actions = sprinkles({ display: 'flex', justifyContent: 'flex-end', gap: 'small', flexWrap: 'wrap' })
