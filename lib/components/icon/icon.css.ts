import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'

export const icon = recipe({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    verticalAlign: 'middle',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
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

export const solid = style({ fill: 'currentColor', stroke: 'none' })

/** Icons that point along the text (back, previous, next) turn around in RTL. */
export const directional = style({ selectors: { ':where([dir="rtl"]) &': { transform: 'scaleX(-1)' } } })
