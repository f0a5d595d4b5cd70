import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
// Emits the button's CSS first, so these rules come later and win at equal specificity.
import '../button/button.css.ts'

// Square: as wide as the button's height.
export const square = recipe({
  base: { paddingInline: 0 },
  variants: {
    size: {
      small: { width: vars.size.control.small },
      medium: { width: vars.size.control.medium },
      large: { width: vars.size.control.large },
    },
  },
  defaultVariants: { size: 'medium' },
})
