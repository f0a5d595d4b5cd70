import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../lib/index.ts'

// The canvas takes the theme's page colours, so dark stories (and overlays) sit on a dark page.
globalStyle('html, body', {
  margin: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.family,
})

// Every story renders in this frame: #storybook-root screenshots then include a little padding.
export const frame = style({
  boxSizing: 'border-box',
  padding: vars.space.large,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.medium,
})
