import { createContainer, style } from '@vanilla-extract/css'
import { vars } from '../../theme/contract.css.ts'
import { sprinkles } from '../../theme/sprinkles.css.ts'
// Emits the dialog's CSS first, so these rules come later and win at equal specificity.
import '../dialog/dialog.css.ts'

// On a phone-wide viewer the picture takes the whole width and the arrows float over it. A
// container query on the viewer (queries cannot read theme variables: about 500 px).
const viewerContainer = createContainer()
const narrow = `${viewerContainer} (max-width: 36em)`

export const viewer = style({
  gap: vars.space.medium,
  padding: vars.space.medium,
  containerName: viewerContainer,
  containerType: 'inline-size',
})

export const header = sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' })

export const title = style([
  sprinkles({
    margin: 'none',
    flexGrow: 1,
    minWidth: '0',
    fontSize: 'large',
    fontWeight: 'semibold',
    lineHeight: 'tight',
  }),
  { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
])

/** The name and the details line under it, in the header's room for the title. */
export const titles = sprinkles({ flexGrow: 1, minWidth: '0', display: 'flex', flexDirection: 'column' })

export const stage = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'small' }),
  {
    position: 'relative',
    flexGrow: 1,
    minHeight: 0,
    // Edge to edge: out through the viewer's padding.
    '@container': { [narrow]: { marginInline: `calc(-1 * ${vars.space.medium})` } },
  },
])

// Black behind the picture, as the letterbox of a video is.
export const media = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexGrow: 1,
    minWidth: '0',
    borderRadius: 'medium',
  }),
  {
    alignSelf: 'stretch',
    overflow: 'hidden',
    background: vars.color.media,
    '@container': { [narrow]: { borderRadius: 0 } },
  },
])

export const content = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '100%',
  objectFit: 'contain',
})

export const video = style([content, { width: '100%', height: '100%', background: vars.color.media }])

export const error = style([
  // Light on the black stage, in either theme.
  sprinkles({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: 'small',
    color: 'onMedia',
    fontWeight: 'semibold',
  }),
  { margin: 0 },
])

// Narrow: over the picture's edges, on a dark disc so they read on any picture.
const overlaid = {
  position: 'absolute',
  insetBlockStart: '50%',
  transform: 'translateY(-50%)',
  zIndex: 1,
  borderRadius: vars.radius.full,
  background: vars.color.backdrop,
  color: vars.color.textOnMedia,
} as const

export const arrow = style({ flexShrink: 0 })
export const prevArrow = style({ '@container': { [narrow]: { ...overlaid, insetInlineStart: vars.space.xsmall } } })
export const nextArrow = style({ '@container': { [narrow]: { ...overlaid, insetInlineEnd: vars.space.xsmall } } })

// Beside the picture; on a phone-wide viewer over its lower part, so the picture keeps the width.
export const info = style({
  flexShrink: 0,
  alignSelf: 'stretch',
  display: 'flex',
  flexDirection: 'column',
  inlineSize: vars.size.infoPane,
  maxInlineSize: '40%',
  overflowY: 'auto',
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  '@container': {
    [narrow]: {
      position: 'absolute',
      insetInline: 0,
      insetBlockEnd: 0,
      zIndex: 2,
      inlineSize: 'auto',
      maxInlineSize: 'none',
      maxBlockSize: '60%',
      borderEndStartRadius: 0,
      borderEndEndRadius: 0,
      boxShadow: vars.shadow.large,
    },
  },
})
