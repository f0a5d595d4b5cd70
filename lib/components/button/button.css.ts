import { style } from '@vanilla-extract/css'
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const button = recipe({
  base: {
    ...baseText,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    flexShrink: 0,
    maxWidth: '100%',
    boxSizing: 'border-box',
    margin: 0,
    borderWidth: vars.borderWidth.thin,
    borderStyle: 'solid',
    borderColor: 'transparent',
    borderRadius: vars.radius.medium,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.tight,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: vars.motion.duration.fast,
    transitionTimingFunction: vars.motion.easing.standard,
    selectors: {
      [state.focusVisible]: focusRing,
      [state.disabled]: { opacity: 0.5, cursor: 'not-allowed' },
      [state.busy]: { opacity: 1, cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.accent,
        color: vars.color.textOnAccent,
        selectors: {
          [state.hover]: { background: vars.color.accentHover },
          [state.pressed]: { background: vars.color.accentActive },
        },
      },
      secondary: {
        background: vars.color.surface,
        borderColor: vars.color.borderStrong,
        color: vars.color.text,
        selectors: {
          [state.hover]: { background: vars.color.surfaceSunken },
          [state.pressed]: { borderColor: vars.color.text },
        },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.textOnDanger,
        selectors: {
          [state.hover]: { background: vars.color.dangerHover },
          [state.pressed]: { background: vars.color.dangerHover },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: {
          [state.hover]: { background: vars.color.hover },
          [state.pressed]: { background: vars.color.pressed },
        },
      },
    },
    size: {
      small: { height: vars.size.control.small, paddingInline: vars.space.small, fontSize: vars.font.size.small },
      medium: { height: vars.size.control.medium, paddingInline: vars.space.medium, fontSize: vars.font.size.medium },
      large: { height: vars.size.control.large, paddingInline: vars.space.large, fontSize: vars.font.size.large },
    },
  },
  defaultVariants: { variant: 'secondary', size: 'medium' },
})

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>

// A label too long for the space it is given ends in an ellipsis instead of overflowing.
export const label = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' })
