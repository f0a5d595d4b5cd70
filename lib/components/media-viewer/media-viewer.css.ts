import { style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
// Emits the dialog's CSS first, so these rules come later and win at equal specificity.
import '../dialog/dialog.css.ts'

export const viewer = style({ gap: vars.space.medium, padding: vars.space.medium })

export const header = sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' })

export const title = style([
  sprinkles({ margin: 'none', flexGrow: 1, minWidth: '0', fontSize: 'large', fontWeight: 'semibold', lineHeight: 'tight' }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

export const stage = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' }),
  { flexGrow: 1, minHeight: 0 },
])

export const media = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'center', flexGrow: 1, minWidth: '0', borderRadius: 'medium', background: 'sunken' }),
  { alignSelf: 'stretch', overflow: 'hidden' },
])

export const content = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '100%',
  objectFit: 'contain',
})

export const video = style([content, { width: '100%', height: '100%', background: vars.color.backdrop }])

export const error = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'small', color: 'danger', fontWeight: 'semibold' }),
  { margin: 0 },
])

export const arrow = style({ flexShrink: 0 })
