import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

// A pill in small muted type; a long name is cut with an ellipsis at the width it is given.
export const badge = style([
  baseText,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    boxSizing: 'border-box',
    maxInlineSize: '100%',
    minWidth: 0,
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.small,
    borderRadius: vars.radius.full,
    background: vars.color.surfaceSunken,
    color: vars.color.textMuted,
    fontSize: vars.font.size.xsmall,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.tight,
    verticalAlign: 'middle',
  },
])

export const icon = style({ flexShrink: 0 })

export const text = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

// The icon alone: a round mark as tall as the full badge.
export const compact = style({ paddingInline: vars.space.xxsmall, flexShrink: 0 })
