import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { textInput } from '../../internal/text-input.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'

export const body = style([sprinkles({ display: 'flex', flexDirection: 'column', gap: 'medium' }), { minWidth: 0 }])

export const search = textInput

export const nav = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall' })

// A folder row: shared by the current folder and the list's options.
const rowBase = [
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'small', paddingX: 'small', borderRadius: 'small' }),
  baseText,
  {
    boxSizing: 'border-box',
    minHeight: vars.size.control.medium,
    margin: 0,
    border: `${vars.borderWidth.thin} solid transparent`,
    background: 'transparent',
    textAlign: 'start',
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    selectors: {
      [state.hover]: { background: vars.color.hover },
      [state.focusVisible]: { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
      [state.checked]: {
        background: vars.color.accentSubtle,
        borderColor: vars.color.accent,
        color: vars.color.accentText,
      },
      '&[aria-pressed="true"]': {
        background: vars.color.accentSubtle,
        borderColor: vars.color.accent,
        color: vars.color.accentText,
      },
    },
  },
] as const

export const current = style([...rowBase, sprinkles({ flexGrow: 1, minWidth: '0', fontWeight: 'semibold' })])

export const list = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxsmall', padding: 'xsmall', borderRadius: 'medium' }),
  {
    boxSizing: 'border-box',
    // The folder list scrolls inside a fixed 230 px.
    height: vars.size.moveList,
    overflowY: 'auto',
    border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    background: vars.color.surface,
  },
])

export const placeholder = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'muted' }),
  { flexGrow: 1 },
])

export const option = style([...rowBase, { flexShrink: 0 }])

export const name = style([
  sprinkles({ flexGrow: 1, minWidth: '0' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

export const folderIcon = style({
  color: vars.color.textMuted,
  selectors: { [`${option}[aria-selected="true"] &, ${current}[aria-pressed="true"] &`]: { color: 'inherit' } },
})

export const chevron = style({ color: vars.color.textMuted })

export const footer = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'medium',
    flexWrap: 'wrap',
  }),
])

export const summary = style([
  sprinkles({ margin: 'none', minWidth: '0', flexGrow: 1, fontWeight: 'semibold' }),
  { overflowWrap: 'anywhere' },
])
