import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { baseText, focusRing, state } from '../../theme/states.ts'
import { tableContainer } from '../virtual-collection/virtual-collection.css.ts'
import { dropTarget, dropTargetLook } from '../../internal/card.css.ts'

// Size and Created drop out when the list is narrow. A container query (not the
// viewport) so it also holds beside the sidebar and details panel. Queries cannot read theme
// variables, so the width is in text units (em of the list's own font size): about 450 px.
const narrow = `${tableContainer} (max-width: 32em)`

// Header and rows share one track list so the columns line up. The header row and the rows are
// separate grids, so no track may size to its content: the Actions track is fixed (its header text
// is wider than the rows' button, and a content-sized track would shift every column before it).
const actionsTrack = `calc(${vars.size.control.large} + ${vars.space.medium})`

export const columns = style([
  sprinkles({ display: 'grid', alignItems: 'center', gap: 'small', paddingX: 'medium' }),
  {
    boxSizing: 'border-box',
    gridTemplateColumns: `minmax(0, 4fr) minmax(0, 1.5fr) minmax(0, 2.5fr) ${actionsTrack}`,
    '@container': { [narrow]: { gridTemplateColumns: `minmax(0, 1fr) ${actionsTrack}` } },
  },
])

export const header = style([
  sprinkles({ fontSize: 'small', fontWeight: 'semibold', color: 'muted' }),
  {
    minHeight: vars.size.control.medium,
    borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  },
])

const selected = '&[data-selected="true"], &[aria-selected="true"]'

export const row = style([
  baseText,
  {
    minHeight: vars.size.control.large,
    borderBottom: `${vars.borderWidth.thin} solid ${vars.color.border}`,
    background: vars.color.surface,
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    transitionProperty: 'background-color',
    transitionDuration: vars.motion.duration.fast,
    selectors: {
      [state.hover]: { background: vars.color.hover },
      [selected]: { background: vars.color.accentSubtle },
      [state.focusVisible]: { ...focusRing, outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
      [dropTarget]: dropTargetLook,
    },
  },
])

export const cell = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

// Size and Created: hidden (for screen readers too) in a narrow list.
export const wideOnly = style([
  cell,
  {
    fontSize: vars.font.size.small,
    fontVariantNumeric: 'tabular-nums',
    color: vars.color.textMuted,
    '@container': { [narrow]: { display: 'none' } },
  },
])

export const headerWideOnly = style({ '@container': { [narrow]: { display: 'none' } } })

export const nameCell = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' }), { minWidth: 0 }])

export const name = style([sprinkles({ fontWeight: 'semibold' }), cell])

export const note = style([sprinkles({ fontSize: 'small', color: 'muted' }), { flexShrink: 0, whiteSpace: 'nowrap' }])

export const folderIcon = style({
  color: vars.color.textMuted,
  selectors: { [`${row}[aria-selected="true"] &, ${row}[data-selected="true"] &`]: { color: vars.color.accentText } },
})

export const actionsCell = sprinkles({ display: 'flex', justifyContent: 'flex-end' })

// The Actions track is as wide as the rows' button, narrower than "Aktionen" or "Acciones": the
// header's text may run past the track's start into the gap and the Created column's end (whose
// header text sits at its start), never cut off.
export const actionsHeader = style([
  sprinkles({ textAlign: 'end' }),
  { justifySelf: 'end', minWidth: 'max-content', whiteSpace: 'nowrap' },
])

// A sorting column header: the header's text as a button, its direction's icon after it.
export const sortButton = style([
  sprinkles({
    display: 'inline-flex',
    alignItems: 'center',
    gap: 'xsmall',
    fontSize: 'small',
    fontWeight: 'semibold',
    color: 'muted',
  }),
  {
    maxWidth: '100%',
    padding: 0,
    border: 'none',
    background: 'none',
    font: 'inherit',
    cursor: 'pointer',
    selectors: { [state.hover]: { color: vars.color.text }, [state.focusVisible]: focusRing },
  },
])

export const sortIcon = style({ flexShrink: 0, width: '1em', height: '1em' })

// A trashed item's note beside the name: it gives way before the name does, cut short at its end.
export const trashNote = style([sprinkles({ fontSize: 'small', color: 'muted' }), { flexShrink: 4, minWidth: 0 }])

// A search result's name cell: the name line over its path and snippet.
export const matchStack = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxsmall', paddingY: 'xsmall' }),
  { minWidth: 0, flexGrow: 1 },
])

export const nameLine = style([sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' }), { minWidth: 0 }])
