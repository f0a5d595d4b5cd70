import { style } from '@vanilla-extract/css'

// The group is for the markup (and a `render` that replaces it); its term and value stay cells of
// the list's two-column grid.
export const row = style({ display: 'contents' })
