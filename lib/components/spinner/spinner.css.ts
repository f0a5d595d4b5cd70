import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const root = style({ display: 'inline-flex', color: 'inherit', lineHeight: 0 })

// Under prefers-reduced-motion the spin duration is 0: the arc stays still and still reads as busy.
export const graphic = recipe({
  base: {
    flexShrink: 0,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 3,
    strokeLinecap: 'round',
    animation: `${spin} ${vars.motion.duration.spin} linear infinite`,
  },
  variants: {
    size: {
      small: { width: vars.size.icon.small, height: vars.size.icon.small },
      medium: { width: vars.size.icon.medium, height: vars.size.icon.medium },
      large: { width: vars.size.icon.large, height: vars.size.icon.large },
    },
  },
  defaultVariants: { size: 'medium' },
})

export const track = style({ opacity: 0.25 })
