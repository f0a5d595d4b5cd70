import { createContainer, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

const container = createContainer()

// Rows stack into cards when the table is narrow. A container query, so it holds beside a sidebar
// too; queries cannot read theme variables, so the width is in text units (about 640 px).
const narrow = `${container} (max-width: 40em)`

export const root = style({
  ...baseText,
  containerName: container,
  containerType: 'inline-size',
  // A size container does not take its width from its content: it fills its box instead.
  inlineSize: '100%',
  minWidth: 0,
})

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'collapse',
  '@container': { [narrow]: { display: 'block' } },
})

export const caption = style({
  textAlign: 'start',
  paddingBlockEnd: vars.space.small,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
})

// Narrow: the column headers leave the layout (each cell names itself) but stay for screen readers.
export const head = style({
  '@container': {
    [narrow]: {
      display: 'block',
      position: 'absolute',
      inlineSize: vars.borderWidth.thin,
      blockSize: vars.borderWidth.thin,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
    },
  },
})

export const headerCell = style({
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  textAlign: 'start',
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  borderBlockEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
})

export const actionsHeader = style([headerCell, { textAlign: 'end' }])

export const body = style({
  '@container': { [narrow]: { display: 'flex', flexDirection: 'column', gap: vars.space.small } },
})

export const row = style({
  background: vars.color.surface,
  borderBlockEnd: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  '@container': {
    [narrow]: {
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.xsmall,
      paddingBlock: vars.space.medium,
      paddingInline: vars.space.medium,
      border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
      borderRadius: vars.radius.medium,
    },
  },
})

export const cell = style({
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  verticalAlign: 'middle',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '@container': {
    [narrow]: {
      display: 'flex',
      justifyContent: 'space-between',
      gap: vars.space.medium,
      padding: 0,
      whiteSpace: 'normal',
      // The column's name, from data-label, before the value.
      '::before': { content: 'attr(data-label)', color: vars.color.textMuted, fontSize: vars.font.size.small },
    },
  },
})

export const muted = style({ color: vars.color.textMuted })

export const nameCell = style([
  cell,
  {
    inlineSize: '100%',
    maxInlineSize: 0,
    '@container': {
      [narrow]: { maxInlineSize: 'none', paddingBlockEnd: vars.space.xsmall, '::before': { content: 'none' } },
    },
  },
])

export const name = style({ display: 'flex', alignItems: 'center', gap: vars.space.small, minWidth: 0 })

export const nameText = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.font.weight.semibold,
})

export const folderIcon = style({ flexShrink: 0, color: vars.color.textMuted })

export const actionsCell = style([
  cell,
  {
    textAlign: 'end',
    '@container': {
      [narrow]: { justifyContent: 'flex-start', paddingBlockStart: vars.space.xsmall, '::before': { content: 'none' } },
    },
  },
])

export const actions = style({
  display: 'inline-flex',
  gap: vars.space.xxsmall,
  flexWrap: 'nowrap',
  '@container': { [narrow]: { flexWrap: 'wrap' } },
})

export const revoke = style({ color: vars.color.dangerText })

export const status = style({ display: 'flex', justifyContent: 'center', paddingBlock: vars.space.large })
