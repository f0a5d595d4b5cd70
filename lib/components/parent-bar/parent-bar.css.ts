import { dropTarget, dropTargetLook } from '../../internal/card.css.ts'
import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

export const bar = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall' }),
  baseText,
  { minWidth: 0, minHeight: vars.size.control.medium },
])

export const crumbs = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall', margin: 'none', padding: 'none' }),
  { minWidth: 0, listStyle: 'none' },
])

export const crumb = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall' }), { minWidth: 0 }])

// The root crumb keeps its size; a long folder name gives way instead.
export const rootCrumb = style({ flexShrink: 0 })

export const separator = style({ color: vars.color.textMuted })

export const current = style([
  sprinkles({ fontWeight: 'semibold', fontSize: 'large' }),
  { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

// The back arrow and the root crumb while dragged items are over them.
export const dropZone = style({ selectors: { [dropTarget]: dropTargetLook } })
