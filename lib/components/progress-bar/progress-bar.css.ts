import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'

export const track = style({
  position: 'relative',
  overflow: 'hidden',
  width: '100%',
  height: vars.size.progress,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
})

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
})

// The same sweep from the inline start in RTL (right to left).
const slideRtl = keyframes({
  from: { transform: 'translateX(100%)' },
  to: { transform: 'translateX(-250%)' },
})

// The fill is full width and scaled, so a value change animates on the compositor. It grows from
// the inline start: `transform-origin` has no logical keyword, so RTL says right. RTL is read from
// the `dir` attribute, not `:dir()`: CSS minifiers (lightningcss in Vite) rewrite `:dir(rtl)` into a
// list of `:lang()` values for older targets, which a German page with dir="rtl" never matches.
export const fill = recipe({
  base: {
    position: 'absolute',
    inset: 0,
    borderRadius: vars.radius.full,
    transformOrigin: 'left center',
    selectors: { ':where([dir="rtl"]) &': { transformOrigin: 'right center' } },
    transitionProperty: 'transform',
    transitionDuration: vars.motion.duration.fast,
    transitionTimingFunction: vars.motion.easing.standard,
  },
  variants: {
    tone: {
      accent: { background: vars.color.accent },
      success: { background: vars.color.success },
      danger: { background: vars.color.danger },
    },
    // Indeterminate: a 40% segment sweeping across. With reduced motion (duration 0) it rests at the start.
    indeterminate: {
      true: {
        insetInlineEnd: 'auto',
        width: '40%',
        animation: `${slide} ${vars.motion.duration.indeterminate} ${vars.motion.easing.standard} infinite`,
        selectors: { ':where([dir="rtl"]) &': { animationName: slideRtl } },
      },
      false: {},
    },
  },
  defaultVariants: { tone: 'accent', indeterminate: false },
})
