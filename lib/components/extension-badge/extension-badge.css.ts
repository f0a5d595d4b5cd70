import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'

// The background colour comes per file from extensionBadge() (a palette var), set inline.
export const badge = recipe({
  base: [
    sprinkles({
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 'small',
      fontWeight: 'semibold',
    }),
    {
      boxSizing: 'border-box',
      flexShrink: 0,
      color: vars.color.badgeText,
      fontFamily: vars.font.family,
      lineHeight: 1,
      letterSpacing: '0.02em',
      whiteSpace: 'nowrap',
      userSelect: 'none',
    },
  ],
  variants: {
    size: {
      small: {
        minWidth: vars.size.badge.small,
        height: vars.size.icon.medium,
        paddingInline: vars.space.xsmall,
        fontSize: vars.font.size.xsmall,
      },
      medium: {
        minWidth: vars.size.badge.medium,
        height: vars.size.control.small,
        paddingInline: vars.space.small,
        fontSize: vars.font.size.small,
      },
      large: {
        minWidth: vars.size.badge.large,
        height: vars.size.control.large,
        paddingInline: vars.space.medium,
        fontSize: vars.font.size.large,
        borderRadius: vars.radius.medium,
      },
    },
  },
  defaultVariants: { size: 'medium' },
})
