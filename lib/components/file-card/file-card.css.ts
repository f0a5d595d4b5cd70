import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
import { cardFrame, insetFocusRing, narrowCardGrid } from '../../internal/card.css.ts'
import { baseText, focusRing } from '../../theme/states.ts'

// Selected: the standalone card says data-selected; inside a listbox the option says aria-selected.
const selected = '&[data-selected="true"], &[aria-selected="true"]'

export const card = style([
  sprinkles({ display: 'flex', flexDirection: 'column', borderRadius: 'medium', background: 'surface' }),
  baseText,
  {
    position: 'relative',
    overflow: 'hidden',
    outline: 'none',
    ...cardFrame(selected, insetFocusRing(focusRing)),
  },
])

// A fixed aspect ratio keeps every card of a grid the same height (the virtual grid measures one).
export const preview = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'sunken' }),
  {
    // The play mark sits over it.
    position: 'relative',
    aspectRatio: '16 / 10',
    overflow: 'hidden',
    selectors: {
      [`${card}[data-selected="true"] &, ${card}[aria-selected="true"] &`]: { background: vars.color.surface },
    },
  },
])

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' })

export const body = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxsmall', paddingX: 'medium', paddingY: 'small' }),
  {
    minWidth: 0,
    '@container': {
      [narrowCardGrid]: { paddingInline: vars.space.small, paddingBlock: vars.space.xsmall, gap: vars.space.none },
    },
  },
])

// In a compact (phone) grid the name takes two lines, always, so every card keeps one height.
const twoLines = `calc(2em * ${vars.font.lineHeight.tight})`

export const name = style([
  sprinkles({ fontWeight: 'semibold' }),
  {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@container': {
      [narrowCardGrid]: {
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: 2,
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        fontSize: vars.font.size.small,
        lineHeight: vars.font.lineHeight.tight,
        height: twoLines,
      },
    },
  },
])

export const date = style([
  sprinkles({ fontSize: 'small', color: 'muted' }),
  {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    '@container': { [narrowCardGrid]: { fontSize: vars.font.size.xsmall } },
  },
])
