export { MediaGrid, mediaGridMinCell, type MediaGridProps } from './media-grid.tsx'
