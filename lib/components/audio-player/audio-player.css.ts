import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { baseText } from '../../theme/states.ts'

// Plain styles, no sprinkles: the viewers entry's stylesheet must hold all it uses (sprinkles live
// in the main entry's). A card of its own: it stands on the viewer's black stage as on any page, in either theme.
export const player = style([
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: vars.space.large,
    padding: vars.space.xlarge,
    background: vars.color.surface,
    borderRadius: vars.radius.large,
    boxShadow: vars.shadow.medium,
  },
  baseText,
  {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: vars.size.audioPlayer.width,
    maxHeight: '100%',
    overflow: 'auto',
  },
])

export const cover = style([
  { display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: vars.radius.medium },
  {
    flexShrink: 0,
    width: vars.size.audioPlayer.cover,
    maxWidth: '100%',
    aspectRatio: '1',
    overflow: 'hidden',
    background: vars.color.surfaceSunken,
    color: vars.color.textMuted,
  },
])

export const coverImage = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' })

// The note fills a good part of the square, whatever the icon scale says.
export const placeholder = style({ width: '40%', height: '40%' })

export const titles = style([
  { display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 0 },
  { width: '100%', textAlign: 'center' },
])

const line = {
  margin: 0,
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

export const title = style([
  { fontSize: vars.font.size.large, fontWeight: vars.font.weight.semibold, lineHeight: vars.font.lineHeight.tight },
  line,
])
export const artist = style([{ color: vars.color.text }, line])
export const album = style([{ color: vars.color.textMuted, fontSize: vars.font.size.small }, line])

export const controls = style([{ display: 'flex', flexDirection: 'column', gap: vars.space.small }, { width: '100%' }])

const row = { display: 'flex', alignItems: 'center', gap: vars.space.small } as const

export const seekRow = style(row)

// Tabular digits, so the elapsed time does not jiggle as it counts.
export const time = style([
  { color: vars.color.textMuted, fontSize: vars.font.size.small },
  { fontVariantNumeric: 'tabular-nums', flexShrink: 0 },
])

export const slider = style({
  flexGrow: 1,
  minWidth: 0,
  margin: 0,
  accentColor: vars.color.accent,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'default' } },
})

export const buttons = style(row)

/** The two ends of the button row share the rest, so the transport sits in the middle. */
export const side = style({ flex: '1 1 0', minWidth: 0, display: 'flex', justifyContent: 'flex-end' })

export const transport = style(row)

export const play = style({ borderRadius: vars.radius.full })

export const volume = style({ alignItems: 'center', gap: vars.space.xsmall })

export const volumeSlider = style([slider, { flexGrow: 0, width: '100%', maxWidth: vars.size.audioPlayer.volume }])

export const error = style([
  { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.medium },
  { width: '100%' },
])

export const errorText = style([
  { ...row, color: vars.color.dangerText, fontWeight: vars.font.weight.semibold },
  { margin: 0, textAlign: 'center' },
])
