import { style } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.ts'

// An avatar is as large as a medium control; initials in small semibold type.
export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  inlineSize: vars.size.control.medium,
  blockSize: vars.size.control.medium,
  borderRadius: vars.radius.full,
  background: vars.color.badge.default,
  color: vars.color.badgeText,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  lineHeight: 1,
  userSelect: 'none',
})

// After `avatar`, so it wins at the same specificity.
export const group = style({ background: vars.color.accentSubtle, color: vars.color.accentText })

export const text = style({ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 })

const line = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  unicodeBidi: 'isolate',
} as const

export const name = style({ ...line, color: vars.color.text, lineHeight: vars.font.lineHeight.tight })

export const detail = style({
  ...line,
  color: vars.color.textMuted,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.normal,
})
