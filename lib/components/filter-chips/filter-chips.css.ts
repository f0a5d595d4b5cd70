import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const root = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' }), { flexWrap: 'wrap' }])

export const chip = style([
  baseText,
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xsmall', paddingX: 'medium', fontSize: 'small' }),
  {
    boxSizing: 'border-box',
    height: vars.size.control.small,
    margin: 0,
    border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    borderRadius: vars.radius.full,
    background: vars.color.surface,
    color: vars.color.text,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transitionProperty: 'background-color, border-color',
    transitionDuration: vars.motion.duration.fast,
    selectors: {
      [state.hover]: { background: vars.color.hover },
      [state.focusVisible]: focusRing,
      [state.disabled]: { opacity: 0.5, cursor: 'default' },
      '&[aria-pressed="true"]': {
        borderColor: vars.color.accent,
        background: vars.color.accentSubtle,
        color: vars.color.accentText,
        fontWeight: vars.font.weight.semibold,
      },
    },
  },
])
