import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { cardFrame } from '../../internal/card.css.ts'
import { baseText, focusRing } from '../../theme/states.ts'

// Pressed is how a toggle button says selected.
const selected = '&[aria-pressed="true"]'

export const item = style([
  sprinkles({
    display: 'flex',
    flexDirection: 'column',
    borderRadius: 'medium',
    background: 'surface',
    padding: 'none',
    margin: 'none',
  }),
  baseText,
  {
    // A people mark sits over the preview's corner.
    position: 'relative',
    width: '100%',
    overflow: 'hidden',
    textAlign: 'start',
    ...cardFrame(selected, focusRing),
  },
])

// Compact: a wide, short preview so the collapsed Quick Access strip (about 160 px) shows whole cards.
export const preview = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'sunken' }),
  {
    // The play mark sits over it.
    position: 'relative',
    width: '100%',
    aspectRatio: '2 / 1',
    overflow: 'hidden',
    selectors: { [`${item}[aria-pressed="true"] &`]: { background: vars.color.surface } },
  },
])

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' })

export const body = style([
  sprinkles({ display: 'flex', flexDirection: 'column', paddingX: 'small', paddingY: 'xsmall' }),
  { minWidth: 0, width: '100%', boxSizing: 'border-box' },
])

export const name = style([
  sprinkles({ fontWeight: 'semibold', fontSize: 'small' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

export const date = style([
  sprinkles({ fontSize: 'xsmall', color: 'muted' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
])
