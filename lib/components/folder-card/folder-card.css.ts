import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { cardFrame, insetFocusRing } from '../../internal/card.css.ts'
import { baseText, focusRing } from '../../theme/states.ts'

const selected = '&[data-selected="true"], &[aria-selected="true"]'

export const card = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    gap: 'small',
    paddingX: 'medium',
    borderRadius: 'medium',
    background: 'surface',
  }),
  baseText,
  {
    position: 'relative',
    height: vars.size.control.large,
    outline: 'none',
    ...cardFrame(selected, insetFocusRing(focusRing)),
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

export const note = style([
  sprinkles({ fontSize: 'small', color: 'muted' }),
  { marginInlineStart: 'auto', flexShrink: 0, whiteSpace: 'nowrap' },
])

// A trashed folder's name above its TrashNote.
export const stack = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 })
