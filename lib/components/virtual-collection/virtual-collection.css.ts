import { createContainer, createVar, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText } from '../../theme/states.ts'

/** Narrowest column of a grid; set per component from a prop (e.g. 100 px for media). */
export const minCellVar = createVar()

export const root = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'small' }),
  baseText,
  { boxSizing: 'border-box', minWidth: 0, minHeight: 0 },
])

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 'small', flexWrap: 'wrap' }),
  { minHeight: vars.size.control.medium },
])

export const title = style([
  sprinkles({ fontSize: 'large', fontWeight: 'semibold', lineHeight: 'tight', margin: 'none' }),
  { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

export const actions = sprinkles({ display: 'flex', alignItems: 'center', gap: 'xsmall', marginInlineStart: 'none' })

// The part that scrolls: it takes the height left in the root. With no height given anywhere it
// stops at the viewport's, so a virtual list never grows to hold all its items.
export const body = style({
  position: 'relative',
  flex: '1 1 auto',
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
})

export const scroller = style({ flex: '1 1 auto', minHeight: 0, maxHeight: '100vh', outline: 'none' })

// The window reads its rows off this grid (tracks, row gap): keep the auto-fill grid's gaps in the theme.
export const gridList = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(min(${minCellVar}, 100%), 1fr))`,
  gap: vars.space.medium,
})

export const tightList = style({ gap: vars.space.xxsmall })

/** The list view's query container: its rows drop columns when it is narrow. */
export const tableContainer = createContainer()

export const table = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minHeight: 0,
  containerName: tableContainer,
  containerType: 'inline-size',
})

export const empty = style([sprinkles({ color: 'muted', margin: 'none', paddingY: 'medium' })])

export const status = style([sprinkles({ display: 'flex', justifyContent: 'center', paddingY: 'medium' })])
