import { style } from '@vanilla-extract/css'

// The default target adds no box of its own: the wrapped content keeps its layout.
export const target = style({
  display: 'contents',
  // Stops iOS Safari's own long-press callout competing with the menu (inherited by the content).
  WebkitTouchCallout: 'none',
})
