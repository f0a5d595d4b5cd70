import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

const selected = '&[data-selected="true"], &[aria-selected="true"]'

export const card = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'small', paddingX: 'medium', borderRadius: 'medium', background: 'surface' }),
  baseText,
  {
    boxSizing: 'border-box',
    minWidth: 0,
    height: vars.size.control.large,
    border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    transitionProperty: 'background-color, border-color',
    transitionDuration: vars.motion.duration.fast,
    selectors: {
      [state.hover]: { borderColor: vars.color.borderStrong },
      [selected]: { borderColor: vars.color.accent, background: vars.color.accentSubtle },
      [state.focusVisible]: { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
      [state.disabled]: { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
])

export const icon = style({
  color: vars.color.textMuted,
  selectors: { [`${card}[data-selected="true"] &, ${card}[aria-selected="true"] &`]: { color: vars.color.accentText } },
})

export const name = style([
  sprinkles({ fontWeight: 'semibold' }),
  { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])
