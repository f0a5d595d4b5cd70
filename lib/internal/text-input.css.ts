import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.ts'
import { sprinkles } from '../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../theme/states.ts'

/** The library's single-line text field: prompt inputs, dialog search boxes. */
export const textInput = style([
  sprinkles({ paddingX: 'medium' }),
  baseText,
  {
    boxSizing: 'border-box',
    width: '100%',
    height: vars.size.control.medium,
    margin: 0,
    border: `${vars.borderWidth.thin} solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.medium,
    background: vars.color.surface,
    selectors: {
      [state.focusVisible]: { ...focusRing, outlineOffset: 0 },
      '&:focus': { ...focusRing, outlineOffset: 0 },
      '&::placeholder': { color: vars.color.textMuted },
      [state.invalid]: { borderColor: vars.color.danger },
      [state.disabled]: { opacity: 0.5 },
    },
  },
])
