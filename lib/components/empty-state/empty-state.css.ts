import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

export const root = style({
  ...baseText,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.medium,
  padding: `${vars.space.xxlarge} ${vars.space.large}`,
  textAlign: 'center',
})

export const illustration = style({
  width: vars.size.emptyState.illustration,
  height: vars.size.emptyState.illustration,
  flexShrink: 0,
})

// The illustration's parts, in theme colours so it follows light and dark.
export const backdrop = style({ fill: vars.color.accentSubtle })
export const paper = style({
  fill: vars.color.surface,
  stroke: vars.color.accent,
  strokeWidth: 2,
  strokeLinejoin: 'round',
})
export const ink = style({
  fill: 'none',
  stroke: vars.color.accent,
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
})

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  maxWidth: vars.size.emptyState.text,
})

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
})

export const description = style({
  margin: 0,
  fontSize: vars.font.size.medium,
  color: vars.color.textMuted,
})
