import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

export const root = style({
  ...baseText,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  minWidth: 0,
  boxSizing: 'border-box',
})

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, minWidth: 0 })

export const title = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  margin: 0,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
})

export const titleIcon = style({ flexShrink: 0, color: vars.color.accentText })

export const note = style({ margin: 0, color: vars.color.textMuted })

// The drop target: a dashed frame that fills with the accent while files are dragged over it.
export const zone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.medium,
  paddingBlock: vars.space.xxlarge,
  paddingInline: vars.space.large,
  textAlign: 'center',
  border: `${vars.borderWidth.thick} dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    '&[data-dragging]': { borderColor: vars.color.accent, background: vars.color.accentSubtle },
    '&[data-disabled]': { borderStyle: 'solid', borderColor: vars.color.border, background: vars.color.surfaceSunken },
  },
})

export const zoneIcon = style({
  color: vars.color.accentText,
  selectors: { [`${zone}[data-disabled] &`]: { color: vars.color.textMuted } },
})

export const prompt = style({ margin: 0, fontSize: vars.font.size.large, fontWeight: vars.font.weight.semibold })

export const limits = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xsmall,
  columnGap: vars.space.large,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
})

export const closed = style({ margin: 0, color: vars.color.textMuted })

export const closedTitle = style({ margin: 0, fontSize: vars.font.size.large, fontWeight: vars.font.weight.semibold })
